import SleepBoxCore

extension ScreenRenderer {
    /// Top of the big countdown on the meditation timer's and the nap's screens.
    static let sessionCountdownY = 16
    /// Top of the big clock on the bedtime reminder's note.
    static let reminderClockY = 14

    /// The meditation timer or the nap: with the breathing guide on, the breathing screen (the
    /// circle, the step, its seconds, the cycle and the time left); otherwise the title on top,
    /// the time left in big digits, and the bed or the wake time at the bottom.
    static func drawTimerSession(_ session: TimerSessionScreen, words: Words, in framebuffer: inout Framebuffer) {
        if let breath = session.breath {
            drawBreathing(breath, words: words, in: &framebuffer)
            return
        }
        drawCentered(session.title, y: 3, in: &framebuffer)
        drawBigClock(TimeText.countdown(session.remaining), y: sessionCountdownY, in: &framebuffer)
        if let note = session.note { drawCentered(note, y: Layout.bottomLineY, in: &framebuffer) }
    }

    /// The bedtime reminder: "Time to wind down" on top, the clock, and what the knob does.
    static func drawReminder(_ reminder: ReminderScreen, in framebuffer: inout Framebuffer) {
        drawCentered(reminder.text, y: 3, in: &framebuffer)
        drawBigClock(TimeText.clock(hour: reminder.hour, minute: reminder.minute), y: reminderClockY, in: &framebuffer)
        drawCentered(reminder.laterHint, y: Layout.bottomLineY - 10, in: &framebuffer)
        drawCentered(reminder.skipHint, y: Layout.bottomLineY, in: &framebuffer)
    }
}
