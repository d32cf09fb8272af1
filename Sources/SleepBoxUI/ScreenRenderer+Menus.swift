import SleepBoxCore

extension ScreenRenderer {
    /// The highlighted line of the timer choice.
    static let timerSelectionBar = PixelRect(x: 1, y: 31, width: 126, height: 13)

    /// "Sleep timer" header; the selected option in an inverted bar with its neighbours above
    /// and below; small arrows when more options lie beyond the neighbours.
    static func drawTimerChoice(_ choice: TimerChoiceScreen, words: Words, in framebuffer: inout Framebuffer) {
        IconLabel(icon: .hourglassSmall, text: words(.sleepTimer)).drawCentered(y: 2, in: &framebuffer)
        drawDottedRule(y: 12, in: &framebuffer)
        let options = choice.options
        guard !options.isEmpty else { return }
        let selected = min(options.count - 1, max(0, choice.selected))
        let bar = timerSelectionBar
        let listArea = Layout.content.insetBy(8)

        if selected > 0 {
            drawCentered(options[selected - 1], y: bar.y - 11, within: listArea, in: &framebuffer)
        }
        if selected + 1 < options.count {
            drawCentered(options[selected + 1], y: bar.maxY + 3, within: listArea, in: &framebuffer)
        }
        drawSelectionBar(bar, in: &framebuffer)
        drawCentered(options[selected], y: bar.y + 3, within: bar.insetBy(4), in: &framebuffer, false)

        let arrowX = Layout.content.maxX - Icon.caretUp.bitmap.width - 1
        if selected > 1 { framebuffer.draw(Icon.caretUp.bitmap, x: arrowX, y: bar.y - 9) }
        if selected + 2 < options.count { framebuffer.draw(Icon.caretDown.bitmap, x: arrowX, y: bar.maxY + 5) }
    }

    /// The speaker and "Volume 55%" above a bar filled to the percentage.
    static func drawVolume(percent: Int, words: Words, in framebuffer: inout Framebuffer) {
        let clamped = min(100, max(0, percent))
        IconLabel(icon: .speaker, text: words(.volumePercent, ["percent": String(clamped)])).drawCentered(y: 14, in: &framebuffer)
        drawBar(Layout.volumeBar, fraction: Double(clamped) / 100, in: &framebuffer)
    }
}
