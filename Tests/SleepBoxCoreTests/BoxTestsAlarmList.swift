import Foundation
import SleepBoxCore
import Testing

/// Several alarms set on the box with the knob: the list (a knob press on the idle screen), the
/// editor, skip held on the idle screen, and conflicting input.
@Suite struct BoxAlarmListTests {
    /// A box on Monday 2026-11-23 22:30 in Berlin, idle; a driver that keeps its own clock and
    /// checks the whole state after each step it is given an expectation for.
    struct Driver {
        var box: Box
        var now: Moment

        init(alarms: [AlarmSettings?] = [], configure: (inout BoxConfig) -> Void = { _ in }) throws {
            var config = try Fixture.config()
            config.alarms = Array((alarms + Array(repeating: nil, count: 4)).prefix(4))
            configure(&config)
            box = Box(config: config, catalog: Fixture.catalog, seed: 7)
            now = Moment(uptime: 100, wall: try utc(2026, 11, 23, 21, 30))
            _ = box.start(at: now, restoring: nil)
        }

        @discardableResult
        mutating func send(_ event: Event, after seconds: Double = 0, wallJump: Double = 0) -> [Command] {
            now = Moment(uptime: now.uptime + seconds, wall: now.wall + seconds + wallJump)
            return box.handle(event, at: now)
        }

        /// A short knob press (down, 0.1 s, up): the release's commands.
        @discardableResult
        mutating func press(after seconds: Double = 0.5) -> [Command] {
            send(.buttonPressed(.knob), after: seconds)
            return send(.buttonReleased(.knob), after: 0.1)
        }

        /// The knob held 1 s and let go.
        mutating func hold(after seconds: Double = 0.5) {
            send(.buttonPressed(.knob), after: seconds)
            send(.buttonHeld(.knob, seconds: 1), after: 1)
            send(.buttonReleased(.knob), after: 0.1)
        }

        /// `detents` single detents `gap` seconds apart (a slow turn by default).
        mutating func turn(_ detents: Int, gap: Double = 0.1) {
            for _ in 0..<abs(detents) { send(.knobTurned(detents: detents.signum()), after: gap) }
        }

        var page: Page? {
            if case .pages(let stack, _) = box.state.overlay { return stack.last }
            return nil
        }

        var editor: AlarmEditor? {
            if case .alarmEditor(let e)? = page { return e }
            return nil
        }

        var screen: Screen { box.display(at: now).screen }

        var menu: MenuScreen? {
            if case .menu(let m) = screen { return m }
            return nil
        }

        /// From the idle screen, sets the alarm in `slot` to `hour`:`minute` with the knob alone
        /// (a new alarm starts at 07:00 on weekdays) and saves it; `days` turns the days field
        /// that far from "Weekdays" and presses there.
        mutating func setAlarm(slot: Int, hour: Int, minute: Int) {
            press()                       // idle -> the alarm list, on alarm 1
            turn(slot)                    // to the slot's row
            press()                       // -> the editor, on Time
            press()                       // -> the hour
            let from = box.state.alarms[slot] ?? AlarmEditor.newAlarm
            turn(hour - from.hour)
            press()                       // -> the minute
            turn(minute - from.minute)
            press()                       // -> the Days row
            turn(AlarmEditor.Row.save.rawValue - AlarmEditor.Row.days.rawValue)
            press()                       // Save
        }
    }

    static let weekdays: Set<Int> = [2, 3, 4, 5, 6]

    @Test func aKnobPressOnTheIdleScreenOpensTheListOfFourAlarms() throws {
        var d = try Driver(alarms: [AlarmSettings(hour: 6, minute: 30, weekdays: Self.weekdays)])
        #expect(d.press() == [])
        let list = try #require(d.menu)
        #expect(list.title == "Alarms")
        #expect(list.rows.map(\.label) == ["Back", "06:30 Weekdays", "Alarm 2", "Alarm 3", "Alarm 4"])
        #expect(list.rows.map(\.detail) == [nil, "On", "not set", "not set", "not set"])
        #expect(list.selected == 1)
        // Back closes it.
        d.turn(-1)
        d.press()
        #expect(d.box.state.overlay == nil)
    }

    @Test func twoAlarmsSetWithTheKnobAloneRingEachOnItsMorning() throws {
        var d = try Driver()
        d.setAlarm(slot: 0, hour: 6, minute: 45)
        d.hold()
        d.setAlarm(slot: 1, hour: 8, minute: 15)
        #expect(d.box.state.alarms == [AlarmSettings(hour: 6, minute: 45, weekdays: Self.weekdays),
                                       AlarmSettings(hour: 8, minute: 15, weekdays: Self.weekdays), nil, nil])
        #expect(d.page == .alarmList(AlarmListPage(selected: 2)), "Save goes back to the list, on the alarm")
        #expect(d.menu?.rows.map(\.label) == ["Back", "06:45 Weekdays", "08:15 Weekdays", "Alarm 3", "Alarm 4"])
        d.hold()
        #expect(d.box.state.overlay == nil)
        guard case .idle(let idle) = d.screen else {
            Issue.record("expected the idle screen")
            return
        }
        #expect(idle.nextAlarm?.hasPrefix("06:45 · in 8 h ") ?? false)

        // Tuesday 06:45: alarm 1 rings; dismissed; 08:15 alarm 2 rings.
        let first = try utc(2026, 11, 24, 5, 45)
        let ring1 = d.send(.timePassed, after: first - d.now.wall)
        #expect(ring1.withoutRecords == [.startAlarm(from: 0.05, to: 0.7, over: 60), .persist])
        #expect(d.box.state.ringingAlarm == 0)
        d.send(.buttonPressed(.leaf), after: 10)
        d.send(.buttonHeld(.leaf, seconds: 2), after: 2)
        d.send(.buttonReleased(.leaf), after: 0.1)
        #expect(d.box.state.phase == .idle)
        let second = try utc(2026, 11, 24, 7, 15)
        let ring2 = d.send(.timePassed, after: second - d.now.wall)
        #expect(ring2.withoutRecords == [.startAlarm(from: 0.05, to: 0.7, over: 60), .persist])
        #expect(d.box.state.ringingAlarm == 1)
        #expect(d.box.state.alarmLog.lastRang == second)
    }

    @Test func anAlarmRingsWithItsOwnSoundRampVolumeAndSnooze() throws {
        let alarm = AlarmSettings(hour: 6, minute: 30, sound: "rain", rampSeconds: 300, snoozeMinutes: 5, volume: 40)
        var d = try Driver(alarms: [nil, nil, alarm])
        let instant = try utc(2026, 11, 24, 5, 30)
        #expect(d.send(.timePassed, after: instant - d.now.wall).withoutRecords
                    == [.startAlarm(sound: "rain", from: 0.05, to: 0.4, over: 300), .persist])
        #expect(d.box.state.ringingAlarm == 2)
        // Any button but the leaf snoozes at once: for this alarm's 5 minutes.
        d.send(.buttonPressed(.skip), after: 10)
        #expect(d.box.state.phase == .snoozed(until: d.now.uptime + 300))
    }

    @Test func theEditorSetsDaysSoundRampSnoozeAndVolume() throws {
        var d = try Driver()
        d.press()
        d.press()
        #expect(d.editor == AlarmEditor(slot: 0, draft: AlarmEditor.newAlarm))
        // Days: the field opens on "Weekdays"; one back is "Every day", a press takes it.
        d.turn(1)
        d.press()
        #expect(d.editor?.field?.picker.index == 2)
        d.turn(-1)
        d.press()
        #expect(d.editor?.draft.weekdays == Set(1...7))
        #expect(d.editor?.row == .save)
        // Days again: Mon and Wed only, from single days (each press adds or removes one).
        d.turn(AlarmEditor.Row.days.rawValue - AlarmEditor.Row.save.rawValue)
        d.press()
        d.turn(-1)  // "Every day" -> "Done"? no: one back from "daily" is "done"
        #expect(d.editor?.field?.picker.index == 0)
        d.turn(4)   // "mon"
        d.press()   // removes Monday
        #expect(d.editor?.draft.weekdays == [1, 3, 4, 5, 6, 7])
        d.turn(-4)  // "done"
        d.press()
        #expect(d.editor?.field == nil)
        // Sound: two on from the chime is the ocean.
        d.turn(AlarmEditor.Row.sound.rawValue - AlarmEditor.Row.save.rawValue)
        d.press()
        d.turn(2)
        #expect(d.menu?.rows[4].detail == "<Ocean>")
        d.press()
        // Volume from the [alarm] default 70 %: down three steps of 5.
        d.turn(AlarmEditor.Row.volume.rawValue - AlarmEditor.Row.save.rawValue)
        d.press()
        d.turn(-3)
        d.press()
        d.press()   // Save
        #expect(d.box.state.alarm == AlarmSettings(hour: 7, minute: 0, weekdays: [1, 3, 4, 5, 6, 7], sound: "ocean", volume: 55))
    }

    @Test func leavingTheEditorWithoutSavingChangesNothing() throws {
        let alarm = AlarmSettings(hour: 6, minute: 30, weekdays: Self.weekdays)
        var d = try Driver(alarms: [alarm])
        d.press()
        d.press()
        d.press()
        d.turn(3)
        #expect(d.editor?.draft.hour == 9)
        // Holding the knob goes back to the editor as it was, again to the list: the alarm is as it was.
        d.hold()
        #expect(d.page == .alarmEditor(AlarmEditor(slot: 0, draft: alarm)))
        d.hold()
        #expect(d.page == .alarmList(AlarmListPage(selected: 1)))
        #expect(d.box.state.alarm == alarm)
        // Another button closes the editor and does its own thing: still nothing saved.
        d.press()
        d.turn(1)
        d.send(.buttonPressed(.timer), after: 0.5)
        #expect(d.page == nil)
        #expect(d.box.state.alarm == alarm)
        // And so does the editor's time running out.
        d.send(.buttonReleased(.timer), after: 0.1)
        d.send(.timePassed, after: 5)
        d.press()
        d.press()
        d.turn(1)
        d.send(.timePassed, after: 31)
        #expect(d.page == nil)
        #expect(d.box.state.alarm == alarm)
    }

    @Test func aFastTurnMovesFurther() throws {
        var d = try Driver()
        d.press()
        d.press()
        d.press()
        d.press()   // the minute, from 00
        d.turn(3, gap: 0.1)
        #expect(d.editor?.draft.minute == 3, "slow detents move one minute each")
        d.turn(4, gap: 0.02)
        #expect(d.editor?.draft.minute == 11, "brisk detents move two")
        d.turn(6, gap: 0.01)
        #expect(d.editor?.draft.minute == 41, "fast detents move five")
        d.turn(-60, gap: 0.01)
        #expect(d.editor?.draft.minute == 41, "and wrap around the hour")
    }

    @Test func skipHeldOnTheIdleScreenTogglesTheNextAlarmWithAConfirmation() throws {
        let early = AlarmSettings(hour: 6, minute: 30, weekdays: Self.weekdays)
        let late = AlarmSettings(hour: 9, minute: 0)
        var d = try Driver(alarms: [late, early])
        let before = d.box.state
        d.send(.buttonPressed(.skip), after: 1)
        let commands = d.send(.buttonHeld(.skip, seconds: 0.8), after: 0.8)
        var expected = before
        expected.alarms[1]?.skipNext = true
        expected.pressed[.skip] = .used
        expected.overlay = .message("Skip Tue 06:30", until: d.now.uptime + 3)
        expected.alarmLog.checkedUntil = d.now.wall
        expected.reminderLog.checkedUntil = d.now.wall
        expected.lastPersistUptime = d.now.uptime
        #expect(commands == [.persist])
        #expect(d.box.state == expected)
        #expect(d.send(.buttonReleased(.skip), after: 0.2) == [], "the release is not a skip")
        d.send(.timePassed, after: 5)
        guard case .idle(let idle) = d.screen else {
            Issue.record("expected the idle screen")
            return
        }
        #expect(idle.nextAlarm == "09:00 · in 10 h 30 min", "the later alarm is next now")
        // Held again: the skipped alarm is back on.
        d.send(.buttonPressed(.skip), after: 1)
        d.send(.buttonHeld(.skip, seconds: 0.8), after: 0.8)
        #expect(d.box.state.alarms[1]?.skipNext == false)
        #expect(d.screen == .message("Tue 06:30 back on"))
    }

    @Test func theAlarmRingingWhileAnEditorIsOpenWinsAndTheEditIsDropped() throws {
        let alarm = AlarmSettings(hour: 6, minute: 30)
        var d = try Driver(alarms: [alarm])
        d.send(.timePassed, after: try utc(2026, 11, 24, 5, 29, 50) - d.now.wall)
        d.press()
        d.press()
        d.press()
        d.turn(2)
        #expect(d.editor?.draft.hour == 8)
        let commands = d.send(.timePassed, after: 9)
        #expect(commands.withoutRecords == [.startAlarm(from: 0.05, to: 0.7, over: 60), .persist])
        #expect(d.box.state.overlay == nil)
        #expect(d.box.state.alarm == alarm)
        // The knob's press now snoozes; the editor does not come back.
        d.send(.buttonPressed(.knob), after: 1)
        guard case .snoozed = d.box.state.phase else {
            Issue.record("expected a snooze")
            return
        }
        #expect(d.page == nil)
    }

    @Test func theLibraryMenuOpensTheAlarmsAndTheSettings() throws {
        var d = try Driver()
        d.send(.buttonPressed(.knob), after: 1)
        d.send(.buttonHeld(.knob, seconds: 0.8), after: 0.8)
        d.send(.buttonReleased(.knob), after: 0.1)
        let rows = try #require(d.menu).rows.count
        d.turn(rows - 2)
        d.press()
        #expect(d.page == .alarmList(AlarmListPage(selected: 1)))
        // Held: back one level, to the library on Alarms.
        d.hold()
        #expect(d.page == .library(LibraryPage(category: nil, selected: rows - 2)))
        d.turn(1)
        d.press()
        #expect(d.page == .settingsList(SettingsListPage(group: nil, selected: 1)))
        #expect(d.menu?.title == "Settings")
        #expect(d.menu?.rows.map(\.label) == ["Back", "Alarms", "Clock", "Display", "Sound", "Voice speed", "Language", "Speak menus", "Connect", "About"])
    }
}
