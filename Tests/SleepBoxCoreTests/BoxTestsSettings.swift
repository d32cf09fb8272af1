import Foundation
import SleepBoxCore
import Testing

/// The settings menu and the owner's settings: the file gives the default, a value set on the box
/// wins, is saved, survives a reload, and takes effect.
@Suite struct BoxSettingsTests {
    typealias Driver = BoxAlarmListTests.Driver

    /// Opens Settings through the library menu (the last row).
    static func openSettings(_ d: inout Driver) throws {
        d.send(.buttonPressed(.knob), after: 1)
        d.send(.buttonHeld(.knob, seconds: 0.8), after: 0.8)
        d.send(.buttonReleased(.knob), after: 0.1)
        let rows = try #require(d.menu).rows.count
        d.turn(rows - 1)
        d.press()
    }

    /// From the top of Settings: opens the row `row`, then a setting's value in it (`valueRow`),
    /// turns `steps` and presses.
    static func set(_ d: inout Driver, row: Int, valueRow: Int? = nil, steps: Int) {
        d.turn(row - 1)
        d.press()
        if let valueRow {
            d.turn(valueRow - 1)
            d.press()
        }
        d.turn(steps)
        d.press()
    }

    @Test func aSettingMadeOnTheBoxWinsIsSavedAndSurvivesAReload() throws {
        var d = try Driver()
        try Self.openSettings(&d)
        // Language is row 6 at the top: one on from English is German.
        Self.set(&d, row: 6, steps: 1)
        #expect(d.box.state.settings == OwnerSettings(language: .german))
        #expect(d.box.config.language == .german)
        #expect(d.box.fileConfig.language == .english)
        #expect(d.menu?.title == "Einstellungen", "the string table switches at once")
        #expect(d.menu?.rows[6] == MenuRow(kind: .category, label: "Sprache", detail: "Deutsch"))

        // A reload of the file (SIGHUP) with another default does not undo it.
        var reloaded = d.box.fileConfig
        reloaded.display.dimFromHour = 22
        d.box.reconfigure(reloaded)
        #expect(d.box.config.language == .german)
        #expect(d.box.config.display.dimFromHour == 22)

        // Saved and restored.
        let snapshot = d.box.snapshot(at: d.now)
        #expect(snapshot.settings == OwnerSettings(language: .german))
        let data = try JSONEncoder().encode(snapshot)
        let decoded = try JSONDecoder().decode(Snapshot.self, from: data)
        var restarted = Box(config: reloaded, catalog: Fixture.catalog, seed: 7)
        _ = restarted.start(at: d.now.advanced(by: 5), restoring: decoded.validated().snapshot)
        #expect(restarted.config.language == .german)
    }

    /// Sound -> Breathing cues: one row for the breathing exercises' tones and the meditation
    /// timer's guide, in both languages.
    @Test func breathingCuesIsASoundSettingForBothKindsOfTones() throws {
        var d = try Driver()
        try Self.openSettings(&d)
        // Sound is row 4; Breathing cues its row 3 (after the night limit and the start volume).
        d.turn(3)
        d.press()
        #expect(d.menu?.rows[3] == MenuRow(kind: .category, label: "Breathing cues", detail: "On"))
        d.turn(2)
        d.press()
        #expect(d.menu?.rows.map(\.label) == ["On", "Off"])
        d.turn(1)
        d.press()
        #expect(d.box.state.settings == OwnerSettings(breathingCues: false))
        #expect(d.box.config.breathingCues == false)
        #expect(d.box.config.meditation.breathingCues == false)
        #expect(d.box.fileConfig.breathingCues && d.box.fileConfig.meditation.breathingCues)
        #expect(d.menu?.rows[3] == MenuRow(kind: .category, label: "Breathing cues", detail: "Off"))
        d.send(.settingChanged("language", "de"))
        #expect(d.menu?.rows[3] == MenuRow(kind: .category, label: "Atemtöne", detail: "Aus"))
        // Saved: a restart keeps them off.
        var restarted = Box(config: d.box.fileConfig, catalog: Fixture.catalog, seed: 7)
        _ = restarted.start(at: d.now.advanced(by: 5), restoring: d.box.snapshot(at: d.now))
        #expect(restarted.config.breathingCues == false && restarted.config.meditation.breathingCues == false)
    }

    @Test func leavingAValueWithoutAPressChangesNothing() throws {
        var d = try Driver()
        try Self.openSettings(&d)
        d.turn(5)
        d.press()
        d.turn(1)
        #expect(d.page == .value(ValuePage(key: "language", index: 1, lastTurn: d.now.uptime)))
        d.hold()
        #expect(d.page == .settingsList(SettingsListPage(group: nil, selected: 6)))
        #expect(d.box.state.settings.isEmpty)
        #expect(d.box.config.language == .english)
    }

    @Test func theNightVolumeLimitCapsTheVolume() throws {
        // 22:30 is night (21 to 7 by default); the volume is 50.
        var d = try Driver()
        try Self.openSettings(&d)
        let before = d.box.state
        // Sound (row 4) -> Night max vol (row 1) -> 100 % down seven steps = 30 %.
        d.turn(3)
        d.press()
        d.press()
        d.turn(-7)
        d.send(.buttonPressed(.knob), after: 0.5)
        let commands = d.send(.buttonReleased(.knob), after: 0.1)
        #expect(commands == [.setVolume(percent: 30), .persist])
        var expected = before
        expected.settings = OwnerSettings(nightVolumeLimit: 30)
        expected.volume = 30
        expected.overlay = .pages([BoxTester.menuPage(category: nil, selected: 10), .settingsList(SettingsListPage(group: nil, selected: 4)),
                                   .settingsList(SettingsListPage(group: .sound, selected: 1))], until: d.now.uptime + 30)
        expected.alarmLog.checkedUntil = d.now.wall
        expected.reminderLog.checkedUntil = d.now.wall
        expected.lastPersistUptime = d.now.uptime
        #expect(d.box.state == expected)
        // The knob cannot go above it at night (held three times: back to the library, closed).
        d.hold()
        d.hold()
        d.hold()
        d.send(.knobTurned(detents: 4), after: 1)
        #expect(d.box.state.volume == 30)
        // By day it can; and when night comes the box wakes and brings it down.
        let morning = try utc(2026, 11, 24, 7, 0)
        d.send(.timePassed, after: morning - d.now.wall)
        d.send(.knobTurned(detents: 4), after: 1)
        #expect(d.box.state.volume == 50)
        let night = try utc(2026, 11, 24, 20, 0)
        #expect(d.box.nextDeadline.wall == night)
        #expect(d.send(.timePassed, after: night - d.now.wall) == [.setVolume(percent: 30), .persist])
    }

    @Test func brightnessReachesTheFrameAndTheTwelveHourClockTheClockText() throws {
        var d = try Driver(alarms: [AlarmSettings(hour: 6, minute: 45)])
        try Self.openSettings(&d)
        // Display (row 3): Night bright (row 2) 0 % -> 30 %; 24-hour clock (row 6) on -> off.
        Self.set(&d, row: 3, valueRow: 2, steps: 3)
        #expect(d.box.display(at: d.now).brightness == 30, "22:30 is night")
        d.turn(4)
        d.press()
        d.turn(1)
        d.press()
        #expect(d.box.state.settings == OwnerSettings(nightBrightness: 30, twentyFourHour: false))
        d.hold()
        d.hold()
        d.hold()
        guard case .idle(let idle) = d.screen else {
            Issue.record("expected the idle screen")
            return
        }
        #expect(idle.twentyFourHour == false)
        #expect(idle.nextAlarm == "6:45 AM · in 8 h 15 min")
        #expect(d.box.display(at: Moment(uptime: d.now.uptime, wall: try utc(2026, 11, 24, 12, 0))).brightness == 50)
    }

    @Test func theTimeZoneIsABoxSetting() throws {
        var d = try Driver(alarms: [AlarmSettings(hour: 6, minute: 45)])
        d.send(.settingChanged("time_zone", "Europe/London"))
        #expect(d.box.clock.timeZone.identifier == "Europe/London")
        guard case .idle(let idle) = d.screen else {
            Issue.record("expected the idle screen")
            return
        }
        #expect(idle.hour == 21)
        #expect(idle.nextAlarm == "06:45 · in 9 h 15 min")
        // A value not offered changes nothing.
        d.send(.settingChanged("time_zone", "Mars/Olympus"))
        #expect(d.box.state.settings == OwnerSettings(timeZone: TimeZone(identifier: "Europe/London")))
    }

    @Test func theClockIsSetFromTheClockScreenAndAJumpWhileEditingLeavesTheDraft() throws {
        var d = try Driver()
        try Self.openSettings(&d)
        d.turn(1)
        d.press()           // Clock
        d.press()           // Date and time
        let opened = try #require({ if case .clock(let e)? = d.page { return e } else { return nil } }())
        #expect((opened.year, opened.month, opened.day, opened.hour, opened.minute) == (2026, 11, 23, 22, 30))
        d.press()           // year stays
        d.press()           // month stays
        d.turn(2)           // day 25
        d.press()
        // The wall clock jumps (synchronised) while the owner edits: the draft stays as typed.
        d.send(.clockChanged, after: 1, wallJump: 3600)
        guard case .clock(let editor)? = d.page else {
            Issue.record("expected the clock editor")
            return
        }
        #expect(editor.day == 25 && editor.hour == 22 && editor.field == .hour)
        d.turn(-15)         // 07
        d.press()
        d.turn(15)          // 45
        let commands = d.press()
        #expect(commands == [.setClock(wall: try utc(2026, 11, 25, 6, 45))])
        #expect(d.screen == .message("Clock set"))
    }

    @Test func theAboutScreenShowsWhatTheRunnerTold() throws {
        var d = try Driver()
        d.send(.aboutFacts(AboutFacts(version: "1.4.0", freeBytes: 3_450_000_000, lastNight: nil)))
        try Self.openSettings(&d)
        d.turn(8)
        d.press()
        #expect(d.page == .about(AboutPage()))
        #expect(d.menu?.rows.map(\.detail) == ["1.4.0", "3.4 GB", "synced", "-"])
        d.press()
        #expect(d.page == .settingsList(SettingsListPage(group: nil, selected: 9)))
    }

    @Test func aStateFileWithAnUnknownSettingOrAnOlderSingleAlarmStillLoads() throws {
        var d = try Driver(alarms: [AlarmSettings(hour: 6, minute: 30)])
        var saved = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(d.box.snapshot(at: d.now))) as? [String: Any])
        saved["settings"] = ["language": "de", "display.sparkle": "on", "audio.night_volume_limit": "107", "voice.rate": 120]
        let snapshot = try JSONDecoder().decode(Snapshot.self, from: JSONSerialization.data(withJSONObject: saved))
        let (valid, rejected) = snapshot.validated()
        #expect(valid.settings == OwnerSettings(language: .german))
        #expect(rejected.sorted() == ["settings.audio.night_volume_limit: \"107\" is not a value it takes (a whole number 0 ... 100)",
                                      "settings.display.sparkle: not a setting",
                                      "settings.voice.rate: not a string (a whole number 80 ... 450)"])
        // A file written before several alarms: only `alarm`, no `alarms`.
        let data = try JSONEncoder().encode(d.box.snapshot(at: d.now))
        var object = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        object["alarms"] = nil
        object["configuredAlarms"] = nil
        let older = try JSONDecoder().decode(Snapshot.self, from: JSONSerialization.data(withJSONObject: object))
        var edited = older
        edited.alarm = AlarmSettings(hour: 5, minute: 50)
        var restarted = Box(config: d.box.fileConfig, catalog: Fixture.catalog, seed: 7)
        _ = restarted.start(at: d.now.advanced(by: 5), restoring: edited)
        #expect(restarted.state.alarms == [AlarmSettings(hour: 5, minute: 50), nil, nil, nil])
        d.send(.timePassed)
    }
}
