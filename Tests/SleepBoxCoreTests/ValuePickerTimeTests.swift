import Foundation
@testable import SleepBoxCore
import Testing

/// One way to set a time on the box: the same gestures give the same time in the alarm editor,
/// the clock and the bedtime reminder (Timers), the knob's acceleration included.
@Suite struct ValuePickerTimeTests {
    /// A box at Monday 22:30 with `page` open (the reminder at 23:55, on).
    static func box(_ page: Page) throws -> (Box, Moment) {
        var config = try Fixture.config()
        config.reminder.schedule = AlarmSettings(hour: 23, minute: 55, isEnabled: true)
        var box = Box(config: config, catalog: Fixture.catalog, seed: 7)
        let now = Moment(uptime: 100, wall: try utc(2026, 11, 23, 21, 30))
        _ = box.start(at: now, restoring: nil)
        box.state.overlay = .pages([page], until: now.uptime + 30)
        return (box, now)
    }

    /// A knob press; the release's commands.
    static func press(_ box: inout Box, _ now: inout Moment) -> [Command] {
        now = now.advanced(by: 0.5)
        _ = box.handle(.buttonPressed(.knob), at: now)
        now = now.advanced(by: 0.1)
        return box.handle(.buttonReleased(.knob), at: now)
    }

    /// Single detents `gap` seconds apart.
    static func turn(_ box: inout Box, _ now: inout Moment, _ detents: Int, gap: Double) {
        for _ in 0..<detents {
            now = now.advanced(by: gap)
            _ = box.handle(.knobTurned(detents: 1), at: now)
        }
    }

    /// From the hour open at 23:55: two slow detents (+2: 01), a press, then four quick ones (the
    /// first counts one, the next three five each: +16, round the hour: 11), a press.
    static func setTime(_ box: inout Box, _ now: inout Moment) -> [Command] {
        turn(&box, &now, 2, gap: 0.3)
        _ = press(&box, &now)
        turn(&box, &now, 4, gap: 0.01)
        return press(&box, &now)
    }

    @Test func theAlarmEditorSetsATimeAsThePickerDoes() throws {
        let draft = AlarmSettings(hour: 23, minute: 55, weekdays: [2, 3, 4, 5, 6])
        var (box, now) = try Self.box(.alarmEditor(AlarmEditor(slot: 0, draft: draft)))
        _ = Self.press(&box, &now)   // the Time row: the hour opens
        _ = Self.setTime(&box, &now)
        guard case .pages(let stack, _)? = box.state.overlay, case .alarmEditor(let editor)? = stack.last else {
            Issue.record("the editor closed")
            return
        }
        #expect(editor.draft.hour == 1 && editor.draft.minute == 11)
    }

    @Test func theClockSetsATimeAsThePickerDoes() throws {
        let fields = LocalFields(year: 2026, month: 11, day: 23, hour: 23, minute: 55, second: 0, weekday: 2)
        var (box, now) = try Self.box(.clock(ClockEditor(from: fields, field: .hour)))
        let commands = Self.setTime(&box, &now)
        guard case .setClock(let wall)? = commands.first else {
            Issue.record("the clock was not set: \(commands)")
            return
        }
        let set = box.clock.fields(wall)
        #expect(set.hour == 1 && set.minute == 11)
    }

    @Test func theBedtimeReminderSetsATimeAsThePickerDoes() throws {
        var (box, now) = try Self.box(.timers(TimersPage(list: .bedtimeReminder, selected: 2)))
        _ = Self.press(&box, &now)   // the Time row: the picker opens on the hour
        _ = Self.setTime(&box, &now)
        #expect(box.reminderSchedule.hour == 1 && box.reminderSchedule.minute == 11)
    }

    @Test func thePickerItselfSetsTheSameTime() {
        var picker = ValuePicker.time(hour: 23, minute: 55)
        picker.turn(1, at: 0)
        picker.turn(1, at: 0.3)
        let taken = picker.press()
        #expect(!taken)
        for (i, t) in [1.0, 1.01, 1.02, 1.03].enumerated() {
            picker.turn(1, at: t)
            #expect(picker.lastTurn == t, "detent \(i)")
        }
        let done = picker.press()
        #expect(done)
        #expect(picker.hour == 1 && picker.minute == 11)
    }
}
