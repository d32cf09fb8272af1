import SleepBoxCore

extension ScreenRenderer {
    /// Bell and state ("Alarm", "Snoozed 4:59", "Good morning") on top, the big clock, and the
    /// "hold leaf: off" hint at the bottom while the alarm can still be stopped.
    static func drawAlarm(_ alarm: AlarmScreen, in framebuffer: inout Framebuffer) {
        let label: String
        if alarm.isGreeting {
            label = "Good morning"
        } else if alarm.isSnoozed {
            label = "Snoozed " + TimeText.remaining(alarm.snoozeRemaining ?? 0)
        } else {
            label = "Alarm"
        }
        IconLabel(icon: .bell, text: label).drawCentered(y: 2, in: &framebuffer)
        drawBigClock(TimeText.clock(hour: alarm.hour, minute: alarm.minute), y: Layout.alarmClockY, in: &framebuffer)
        if !alarm.isGreeting {
            drawCentered("hold leaf: off", y: Layout.bottomLineY, in: &framebuffer)
        }
    }
}
