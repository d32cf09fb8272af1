import SleepBoxCore

extension ScreenRenderer {
    /// The night face: no digits. A moon in the middle (the time left in words instead, for a
    /// few seconds after a press of skip); at the bottom a bell when an alarm is set and an
    /// hourglass while a timer runs, without their times. The clock-not-set mark right of the
    /// moon, the light's sun left of it; "State not saved" on top when it applies.
    static func drawNightFace(_ idle: IdleScreen, words: Words, in framebuffer: inout Framebuffer) {
        if idle.stateNotSaved { drawCentered(words(.stateNotSaved), y: 3, in: &framebuffer) }
        if let text = idle.timeLeft {
            let lines = wrap(text, width: Layout.content.width - 4, maxLines: 2, in: &framebuffer)
            let pitch = 11
            let top = 32 - (lines.count * pitch - (pitch - BitmapFont.small.capHeight)) / 2
            for (index, line) in lines.enumerated() { drawCentered(line, y: top + index * pitch, in: &framebuffer) }
        } else {
            let moon = Icon.moon.bitmap
            let x = Layout.content.x + (Layout.content.width - moon.width) / 2
            let y = 32 - moon.height / 2
            framebuffer.draw(moon, x: x, y: y)
            if idle.clockUnset {
                let mark = Icon.clockUnset.bitmap
                framebuffer.draw(mark, x: x + moon.width + 12, y: 32 - mark.height / 2)
            }
            if idle.lightOn {
                let sun = Icon.lightOn.bitmap
                framebuffer.draw(sun, x: x - 12 - sun.width, y: 32 - sun.height / 2)
            }
        }
        var marks: [Icon] = []
        if idle.nextAlarm != nil { marks.append(.bellSmall) }
        if idle.timerRemaining != nil { marks.append(.hourglassSmall) }
        let gap = 6
        let width = marks.map(\.bitmap.width).reduce(0, +) + gap * max(0, marks.count - 1)
        var x = Layout.content.x + (Layout.content.width - width) / 2
        for mark in marks {
            framebuffer.draw(mark.bitmap, x: x, y: Layout.bottomLineY)
            x += mark.bitmap.width + gap
        }
    }

    /// The large clock: the time alone in digits 52 pixels tall; AM or PM small at the top right
    /// with the 12-hour clock, the clock-not-set mark and the light's sun at the top left.
    static func drawLargeClock(_ idle: IdleScreen, words: Words, in framebuffer: inout Framebuffer) {
        let font = BitmapFont.largeDigits
        let text = idle.twentyFourHour ? TimeText.clock(hour: idle.hour, minute: idle.minute)
            : TimeText.twelveHourClock(hour: idle.hour, minute: idle.minute)
        let width = font.width(of: text)
        let y = Layout.content.maxY - font.lineHeight
        font.draw(text, x: Layout.content.x + (Layout.content.width - width) / 2, y: y, in: &framebuffer)
        if !idle.twentyFourHour {
            drawRightAligned(words(idle.hour < 12 ? .am : .pm), maxX: Layout.content.maxX, y: Layout.content.y, in: &framebuffer)
        }
        var x = Layout.content.x
        if idle.clockUnset {
            let mark = Icon.clockUnset.bitmap
            framebuffer.draw(mark, x: x, y: Layout.content.y)
            x += mark.width + 4
        }
        if idle.lightOn { framebuffer.draw(Icon.lightOn.bitmap, x: x, y: Layout.content.y) }
    }
}
