import Foundation
@testable import SleepBoxCore
import Testing

/// One back rule on every page: holding the knob goes back one level and commits nothing; on the
/// page at the bottom it closes.
@Suite struct PageBackRuleTests {
    /// Every page, as the owner can leave it: editors with a field open and a value moved, lists
    /// on a row that is not Back.
    static var pages: [Page] {
        var alarm = AlarmEditor(slot: 1, draft: AlarmEditor.newAlarm, row: .time, field: .minute)
        alarm.draft.minute = 40
        var mix = MixEditor(draft: OwnerMix(number: 1, layers: [OwnerMix.Layer(sound: "ambient-rain", levelDB: 0)]), isSaved: false,
                            row: .layer1, field: .level)
        mix.draft.layers[0].levelDB = -12
        var clock = ClockEditor(from: LocalFields(year: 2026, month: 11, day: 23, hour: 22, minute: 30, second: 0, weekday: 2),
                                field: .hour)
        clock.hour = 5
        return [
            .library(LibraryPage(category: nil, selected: 3)),
            .library(LibraryPage(category: .kind(.poem), selected: 2)),
            .timers(TimersPage(list: .timers, selected: 2)),
            .timers(TimersPage(list: .meditationTimer, selected: 2, editing: .choice(3, count: 6))),
            .timers(TimersPage(list: .bedtimeReminder, selected: 2, editing: .time(hour: 7, minute: 30))),
            .nights(NightsPage()),
            .nights(NightsPage(monthsBack: 0)),
            .alarmList(AlarmListPage(selected: 2)),
            .alarmEditor(alarm),
            .settingsList(SettingsListPage(group: nil, selected: 3)),
            .settingsList(SettingsListPage(group: .display, selected: 2)),
            .value(ValuePage(key: "language", index: 1)),
            .clock(clock),
            .about(AboutPage()),
            .mixList(MixListPage(selected: 1)),
            .mixEditor(mix),
        ]
    }

    /// The page's kind, so the table is known to hold every one.
    static func kind(_ page: Page) -> String {
        switch page {
        case .library: return "library"
        case .timers: return "timers"
        case .nights: return "nights"
        case .alarmList: return "alarmList"
        case .alarmEditor: return "alarmEditor"
        case .settingsList: return "settingsList"
        case .value: return "value"
        case .clock: return "clock"
        case .about: return "about"
        case .mixList: return "mixList"
        case .mixEditor: return "mixEditor"
        }
    }

    @Test func theTableHoldsEveryKindOfPage() {
        #expect(Set(Self.pages.map(Self.kind)) == ["library", "timers", "nights", "alarmList", "alarmEditor", "settingsList", "value",
                                                   "clock", "about", "mixList", "mixEditor"])
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
