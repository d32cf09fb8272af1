import Foundation
@testable import SleepBoxCore
import Testing

/// One back rule on every page: holding the knob goes back one level and commits nothing; on the
/// page at the bottom it closes.
@Suite struct PageBackRuleTests {
    /// Every page, as the owner can leave it: editors with a field open and a value moved, lists
    /// on a row that is not Back.
    static var pages: [Page] {
        var minute = ValuePicker.time(hour: 7, minute: 40)
        _ = minute.press()
        var alarm = AlarmEditor(slot: 1, draft: AlarmEditor.newAlarm, row: .time, field: .time(minute))
        alarm.draft.minute = 40
        var mix = MixEditor(draft: OwnerMix(number: 1, layers: [OwnerMix.Layer(sound: "ambient-rain", levelDB: 0)]), isSaved: false,
                            row: .layer1, field: .level(MixEditor.levelPicker(-12)))
        mix.draft.layers[0].levelDB = -12
        var clock = ClockEditor(from: LocalFields(year: 2026, month: 11, day: 23, hour: 22, minute: 30, second: 0, weekday: 2),
                                field: .hour)
        clock.hour = 5
        return [
            .library(LibraryPage(category: nil, selected: 3)),
            .library(LibraryPage(category: .kind(.poem), selected: 2)),
            .item(ItemPage(id: "poem-hope", selected: 1)),
            .timers(TimersPage(list: .timers, selected: 2)),
            .timers(TimersPage(list: .meditationTimer, selected: 2, editing: .choice(3, count: 6))),
            .timers(TimersPage(list: .bedtimeReminder, selected: 2, editing: .time(hour: 7, minute: 30))),
            .nights(NightsPage()),
            .nights(NightsPage(allTime: true)),
            .nights(NightsPage(cursor: CivilDay(year: 2026, month: 11, day: 20))),
            .alarmList(AlarmListPage(selected: 2)),
            .alarmEditor(alarm),
            .settingsList(SettingsListPage(group: nil, selected: 3)),
            .settingsList(SettingsListPage(group: .display, selected: 2)),
            .value(ValuePage(key: "language", index: 1)),
            .clock(clock),
            .timeZone(TimeZonePage(zone: "Europe/Berlin")),
            .timeZone(TimeZonePage(region: nil, index: 3)),
            .about(AboutPage()),
            .mixList(MixListPage(selected: 1)),
            .mixEditor(mix),
            .connect(ConnectPage(selected: 1)),
            .pairing(PairingPage()),
        ]
    }

    /// The page's kind, so the table is known to hold every one.
    static func kind(_ page: Page) -> String {
        switch page {
        case .library: return "library"
        case .item: return "item"
        case .timers: return "timers"
        case .nights: return "nights"
        case .alarmList: return "alarmList"
        case .alarmEditor: return "alarmEditor"
        case .settingsList: return "settingsList"
        case .value: return "value"
        case .clock: return "clock"
        case .timeZone: return "timeZone"
        case .about: return "about"
        case .mixList: return "mixList"
        case .mixEditor: return "mixEditor"
        case .connect: return "connect"
        case .pairing: return "pairing"
        }
    }

    @Test func theTableHoldsEveryKindOfPage() {
        #expect(Set(Self.pages.map(Self.kind)) == ["library", "item", "timers", "nights", "alarmList", "alarmEditor", "settingsList", "value",
                                                   "clock", "timeZone", "about", "mixList", "mixEditor", "connect", "pairing"])
    }

    /// A box at 22:30 with `stack` open; the knob held 0.8 s and let go.
    static func hold(on stack: [Page]) throws -> (before: BoxState, after: BoxState, commands: [Command], now: Moment) {
        var box = Box(config: try Fixture.config(), catalog: Fixture.catalog, seed: 7)
        var now = Moment(uptime: 100, wall: try utc(2026, 11, 23, 21, 30))
        _ = box.start(at: now, restoring: nil)
        box.state.overlay = .pages(stack, until: now.uptime + 30)
        let before = box.state
        var commands: [Command] = []
        for (event, after) in [(Event.buttonPressed(.knob), 0.5), (.buttonHeld(.knob, seconds: 0.8), 0.8), (.buttonReleased(.knob), 0.2)] {
            now = now.advanced(by: after)
            commands += box.handle(event, at: now)
        }
        return (before, box.state, commands, now)
    }

    /// `after` equals `before` but for the overlay and what the passing time checked.
    static func nothingCommitted(_ before: BoxState, _ after: BoxState) -> Bool {
        var same = after
        same.overlay = before.overlay
        same.alarmLog.checkedUntil = before.alarmLog.checkedUntil
        same.reminderLog.checkedUntil = before.reminderLog.checkedUntil
        return same == before
    }

    @Test(arguments: pages) func holdingGoesBackOneLevelAndCommitsNothing(_ page: Page) throws {
        let root = Page.library(LibraryPage(category: nil, selected: 5))
        let (before, after, commands, now) = try Self.hold(on: [root, page])
        #expect(after.overlay == .pages([root], until: now.uptime - 0.2 + 30), "back to the page below, as it was")
        #expect(commands == [])
        #expect(Self.nothingCommitted(before, after))
    }

    @Test(arguments: pages) func holdingOnTheBottomPageCloses(_ page: Page) throws {
        let (before, after, commands, _) = try Self.hold(on: [page])
        #expect(after.overlay == nil)
        #expect(commands == [])
        #expect(Self.nothingCommitted(before, after))
    }
}

/// A field being edited is a level of its own: holding the knob there goes back to the editor as
/// it was before the field opened (the value moved is dropped), nothing committed.
@Suite struct FieldLevelBackRuleTests {
    /// A box at Monday 22:30 with `stack` open.
    static func box(_ stack: [Page]) throws -> (Box, Moment) {
        var box = Box(config: try Fixture.config(), catalog: BoxMixesTests.catalog, seed: 7)
        let now = Moment(uptime: 100, wall: try utc(2026, 11, 23, 21, 30))
        _ = box.start(at: now, restoring: nil)
        box.state.overlay = .pages(stack, until: now.uptime + 30)
        return (box, now)
    }

    static func press(_ box: inout Box, _ now: inout Moment) {
        now = now.advanced(by: 0.5)
        _ = box.handle(.buttonPressed(.knob), at: now)
        now = now.advanced(by: 0.1)
        _ = box.handle(.buttonReleased(.knob), at: now)
    }

    static func turn(_ box: inout Box, _ now: inout Moment, _ detents: Int) {
        for _ in 0..<abs(detents) {
            now = now.advanced(by: 0.3)
            _ = box.handle(.knobTurned(detents: detents.signum()), at: now)
        }
    }

    static func hold(_ box: inout Box, _ now: inout Moment) {
        now = now.advanced(by: 0.5)
        _ = box.handle(.buttonPressed(.knob), at: now)
        now = now.advanced(by: 0.8)
        _ = box.handle(.buttonHeld(.knob, seconds: 0.8), at: now)
        now = now.advanced(by: 0.2)
        _ = box.handle(.buttonReleased(.knob), at: now)
    }

    static func stack(_ box: Box) -> [Page] {
        if case .pages(let stack, _)? = box.state.overlay { return stack }
        return []
    }

    /// Opens the field of the top page's row with a press, turns it `detents`, checks the field
    /// is a level over the editor as it was, holds: back to that editor, the state as it was.
    static func holdInField(_ page: Page, detents: Int, presses: Int = 1) throws {
        let list = Page.alarmList(AlarmListPage(selected: 1))
        var (box, now) = try Self.box([list, page])
        let before = box.state
        for _ in 0..<presses { press(&box, &now) }
        turn(&box, &now, detents)
        let open = stack(box)
        #expect(open.count == 3, "the field is a level of its own: \(open)")
        #expect(open.last != page, "the field moved its value")
        hold(&box, &now)
        #expect(stack(box) == [list, page], "back to the editor as it was")
        var same = box.state
        same.overlay = before.overlay
        same.alarmLog.checkedUntil = before.alarmLog.checkedUntil
        same.reminderLog.checkedUntil = before.reminderLog.checkedUntil
        #expect(same == before, "nothing committed")
    }

    static let alarm = AlarmSettings(hour: 6, minute: 45, weekdays: [2, 3, 4, 5, 6])

    @Test(arguments: [AlarmEditor.Row.time, .days, .sound, .ramp, .snooze, .volume, .dawn])
    func theAlarmEditorsFields(_ row: AlarmEditor.Row) throws {
        try Self.holdInField(.alarmEditor(AlarmEditor(slot: 0, draft: Self.alarm, row: row)), detents: 2)
    }

    @Test func theAlarmEditorsMinute() throws {
        // The hour, a press, the minute moved: all dropped.
        try Self.holdInField(.alarmEditor(AlarmEditor(slot: 0, draft: Self.alarm, row: .time)), detents: 3, presses: 2)
    }

    @Test func theMixEditorsSoundAndLevel() throws {
        let mix = OwnerMix(number: 1, layers: [OwnerMix.Layer(sound: "ambient-rain", levelDB: -10)])
        try Self.holdInField(.mixEditor(MixEditor(draft: mix, isSaved: true, row: .layer1)), detents: 1)
        // The sound taken with a press, its level turned: both dropped.
        try Self.holdInField(.mixEditor(MixEditor(draft: mix, isSaved: true, row: .layer1)), detents: -3, presses: 2)
        try Self.holdInField(.mixEditor(MixEditor(draft: mix, isSaved: true, row: .name)), detents: 2)
    }

    @Test(arguments: [1, 2, 3, 4]) func theMeditationTimersSettings(_ row: Int) throws {
        try Self.holdInField(.timers(TimersPage(list: .meditationTimer, selected: row + 1)), detents: 1)
    }

    @Test(arguments: [1, 2, 3]) func theBedtimeRemindersSettings(_ row: Int) throws {
        try Self.holdInField(.timers(TimersPage(list: .bedtimeReminder, selected: row)), detents: 1)
    }

    /// The field's last press takes the value and goes back to the editor (one level down).
    @Test func theLastPressGoesBackToTheEditorWithTheValue() throws {
        let list = Page.alarmList(AlarmListPage(selected: 1))
        var (box, now) = try Self.box([list, .alarmEditor(AlarmEditor(slot: 0, draft: Self.alarm, row: .volume))])
        Self.press(&box, &now)
        Self.turn(&box, &now, -2)
        Self.press(&box, &now)
        var draft = Self.alarm
        draft.volume = 60
        #expect(Self.stack(box) == [list, .alarmEditor(AlarmEditor(slot: 0, draft: draft, row: .save))])
    }
}
