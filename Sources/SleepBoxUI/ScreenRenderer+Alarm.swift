import SleepBoxCore

extension ScreenRenderer {
    /// Bell and state ("Alarm", "Snoozed 4:59", "Good morning", in the frame's language) on top,
    /// the big clock, and the "hold leaf: off" hint at the bottom while the alarm can still be stopped.
    static func drawAlarm(_ alarm: AlarmScreen, words: Words, in framebuffer: inout Framebuffer) {
        let label: String
        if alarm.isGreeting {
            label = words(.goodMorning)
        } else if alarm.isSnoozed {
            label = words(.snoozed, ["time": TimeText.remaining(alarm.snoozeRemaining ?? 0)])
        } else if alarm.withoutSound {
            label = words(.alarmNoSound)
        } else {
            label = words(.alarm)
        }
        IconLabel(icon: .bell, text: label).drawCentered(y: 2, in: &framebuffer)
        drawBigClock(TimeText.clock(hour: alarm.hour, minute: alarm.minute), y: Layout.alarmClockY, in: &framebuffer)
        if !alarm.isGreeting {
            drawCentered(words(.holdLeafToStop), y: Layout.bottomLineY, in: &framebuffer)
        }
        // Without sound the alarm blinks: every other half second the whole screen is inverted.
        if alarm.withoutSound && !alarm.blinkOn { framebuffer.invert(PixelRect(x: 0, y: 0, width: Framebuffer.width, height: Framebuffer.height)) }
    }
}
