import SleepBoxCore

extension ScreenRenderer {
    /// Greeting on top, the big clock in the middle, the next alarm and a running timer at the
    /// bottom; the "clock not set" mark right of the clock, in the middle of the free space.
    /// While the state is not saved, that notice takes the greeting's place.
    static func drawIdle(_ idle: IdleScreen, words: Words, in framebuffer: inout Framebuffer) {
        switch idle.face {
        case .night:
            drawNightFace(idle, words: words, in: &framebuffer)
            return
        case .largeClock:
            drawLargeClock(idle, words: words, in: &framebuffer)
            return
        case .clock:
            break
        }
        let heading = idle.stateNotSaved ? words(.stateNotSaved) : idle.missedAlarm?.title ?? idle.greeting
        drawCentered(heading, y: 3, in: &framebuffer)
        let text = idle.twentyFourHour ? TimeText.clock(hour: idle.hour, minute: idle.minute)
            : TimeText.twelveHourClock(hour: idle.hour, minute: idle.minute)
        let clock = drawBigClock(text, y: Layout.idleClockY, in: &framebuffer)
        if !idle.twentyFourHour {
            // AM or PM small, at the right of the clock, level with its top.
            let mark = words(idle.hour < 12 ? .am : .pm)
            let x = clock.maxX + (Layout.content.maxX - clock.maxX - BitmapFont.small.width(of: mark)) / 2
            _ = BitmapFont.small.draw(mark, x: x, y: clock.y, in: &framebuffer)
        }
        if idle.clockUnset {
            let mark = Icon.clockUnset.bitmap
            let x = idle.twentyFourHour ? clock.maxX + (Layout.content.maxX - clock.maxX - mark.width) / 2
                : Layout.content.x + (clock.x - Layout.content.x - mark.width) / 2
            framebuffer.draw(mark, x: x, y: clock.y + (clock.height - mark.height) / 2)
        }
        if idle.lightOn && !(idle.clockUnset && !idle.twentyFourHour) {
            // The light is on: a small sun in the middle of the space left of the clock.
            let mark = Icon.lightOn.bitmap
            let x = Layout.content.x + (clock.x - Layout.content.x - mark.width) / 2
            framebuffer.draw(mark, x: x, y: clock.y + (clock.height - mark.height) / 2)
        }

        var items: [IconLabel] = []
        if let missed = idle.missedAlarm {
            // Why the alarm did not ring, in the next alarm's place, until a button is pressed.
            items.append(IconLabel(icon: .bellSmall, text: missed.reason))
        } else if let alarm = idle.nextAlarm {
            items.append(IconLabel(icon: .bellSmall, text: alarm))
        }
        if let timer = idle.timerRemaining { items.append(IconLabel(icon: .hourglassSmall, text: TimeText.countdown(timer))) }
        drawStatusLine(items, y: Layout.bottomLineY, in: &framebuffer)
    }

    /// One item centred, or two: the first at the left edge, the second at the right.
    static func drawStatusLine(_ items: [IconLabel], y: Int, in framebuffer: inout Framebuffer) {
        let area = Layout.content.insetBy(1)
        switch items.count {
        case 0:
            return
        case 1:
            items[0].drawCentered(y: y, in: &framebuffer)
        default:
            let right = items[1].fitted(to: area.width / 2)
            let left = items[0].fitted(to: area.width - right.width - 8)
            left.draw(x: area.x, y: y, in: &framebuffer)
            right.draw(x: area.maxX - right.width, y: y, in: &framebuffer)
        }
    }
}
