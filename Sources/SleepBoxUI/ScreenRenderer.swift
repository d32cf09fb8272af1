import SleepBoxCore

/// Draws a `DisplayFrame` into a `Framebuffer`: every `Screen` case, then the burn-in shift.
///
/// Every layout keeps a 1-pixel blank margin on all sides, so the shift of up to one pixel in
/// each direction never pushes anything off the panel. Night dimming is panel contrast, not
/// pixels: it is left to the panel driver (and to `PNGWriter`).
public enum ScreenRenderer {
    /// The pixels for `frame`, already shifted by `shiftX`, `shiftY`; the words the renderer
    /// adds itself ("Sleep timer", "Paused") are in `frame.language`.
    public static func render(_ frame: DisplayFrame) -> Framebuffer {
        var framebuffer = Framebuffer()
        let words = Words(language: frame.language)
        switch frame.screen {
        case .idle(let idle): drawIdle(idle, words: words, in: &framebuffer)
        case .nowPlaying(let playing): drawNowPlaying(playing, words: words, in: &framebuffer)
        case .timerChoice(let choice): drawTimerChoice(choice, words: words, in: &framebuffer)
        case .volume(let percent): drawVolume(percent: percent, words: words, in: &framebuffer)
        case .alarm(let alarm): drawAlarm(alarm, words: words, in: &framebuffer)
        case .transition(let litDot): drawTransition(litDot: litDot, in: &framebuffer)
        case .comingSoon(let title): drawComingSoon(title: title, words: words, in: &framebuffer)
        case .message(let text): drawMessage(text, in: &framebuffer)
        case .menu(let menu): drawMenu(menu, in: &framebuffer)
        case .breathing(let breathing): drawBreathing(breathing, words: words, in: &framebuffer)
        case .meditationTimer(let session), .nap(let session): drawTimerSession(session, words: words, in: &framebuffer)
        case .reminder(let reminder): drawReminder(reminder, in: &framebuffer)
        case .nightStats(let stats): drawNightStats(stats, in: &framebuffer)
        case .calendar(let calendar): drawCalendar(calendar, in: &framebuffer)
        case .completion(let completion): drawCompletion(completion, in: &framebuffer)
        case .pairing(let pairing): drawPairing(pairing, in: &framebuffer)
        }
        return framebuffer.shifted(dx: frame.shiftX, dy: frame.shiftY)
    }

    /// Positions shared by the screens and their tests.
    enum Layout {
        /// Everything is drawn inside this: a 1-pixel margin all round.
        static let content = PixelRect(x: 1, y: 1, width: Framebuffer.width - 2, height: Framebuffer.height - 2)
        /// Top of the big clock on the idle screen.
        static let idleClockY = 17
        /// Top of the big clock on the alarm screen.
        static let alarmClockY = 18
        /// Top of the bottom text line (idle status, times, hints).
        static let bottomLineY = 54
        /// The now-playing progress bar's outline.
        static let progressBar = PixelRect(x: 1, y: 42, width: 126, height: 7)
        /// The volume bar's outline.
        static let volumeBar = PixelRect(x: 1, y: 36, width: 126, height: 12)
        /// Gap between an icon and its label.
        static let iconGap = 3
    }

    // MARK: - Shared pieces

    /// The filled part of a bar: `round(fraction * innerWidth)` with `fraction` clamped to 0...1
    /// (non-finite reads as 0).
    static func filledWidth(fraction: Double, innerWidth: Int) -> Int {
        guard fraction.isFinite, innerWidth > 0 else { return 0 }
        let clamped = min(1, max(0, fraction))
        return Int((clamped * Double(innerWidth)).rounded())
    }

    /// The area a bar's fill may cover: inside the outline and a 1-pixel gap.
    static func barInterior(_ outline: PixelRect) -> PixelRect { outline.insetBy(2) }

    /// A rounded outline with its interior filled from the left by `fraction`.
    static func drawBar(_ outline: PixelRect, fraction: Double, in framebuffer: inout Framebuffer) {
        framebuffer.strokeRect(outline, rounded: true)
        let interior = barInterior(outline)
        let filled = filledWidth(fraction: fraction, innerWidth: interior.width)
        framebuffer.fill(PixelRect(x: interior.x, y: interior.y, width: filled, height: interior.height))
    }

    /// A dotted line across the content area at `y`, under a screen's title.
    static func drawDottedRule(y: Int, in framebuffer: inout Framebuffer) {
        for x in stride(from: Layout.content.x + 1, to: Layout.content.maxX - 1, by: 2) {
            framebuffer.set(x: x, y: y)
        }
    }

    /// A filled bar with its corner pixels cleared: the selection of a list.
    static func drawSelectionBar(_ bar: PixelRect, in framebuffer: inout Framebuffer) {
        framebuffer.fill(bar)
        for corner in [(bar.x, bar.y), (bar.maxX - 1, bar.y), (bar.x, bar.maxY - 1), (bar.maxX - 1, bar.maxY - 1)] {
            framebuffer.set(x: corner.0, y: corner.1, false)
        }
    }

    /// `text` in the small font, centred horizontally in `area`, shortened with "…" to fit.
    static func drawCentered(_ text: String, font: BitmapFont = .small, y: Int, within area: PixelRect = Layout.content,
                             in framebuffer: inout Framebuffer, _ on: Bool = true) {
        let fitted = fit(text, font: font, width: area.width, in: &framebuffer)
        let x = area.x + (area.width - font.width(of: fitted)) / 2
        font.draw(fitted, x: x, y: y, in: &framebuffer, on)
    }

    /// `text` shortened to at most `width` pixels (`BitmapFont.truncated`); a cut is recorded in
    /// `framebuffer.cuts`, marked `scrolls` for a content title that scrolls when selected.
    static func fit(_ text: String, font: BitmapFont = .small, width: Int, scrolls: Bool = false,
                    in framebuffer: inout Framebuffer) -> String {
        let shown = font.truncated(text, toWidth: width)
        if shown != text { framebuffer.cuts.append(TextCut(text: text, shown: shown, scrolls: scrolls)) }
        return shown
    }

    /// `text` wrapped into at most `maxLines` lines (`BitmapFont.wrapped`); text left over (the
    /// last line ending in "…") is recorded in `framebuffer.cuts`.
    static func wrap(_ text: String, font: BitmapFont = .small, width: Int, maxLines: Int,
                     in framebuffer: inout Framebuffer) -> [String] {
        let lines = font.wrapped(text, width: width, maxLines: maxLines)
        if font.wrapped(text, width: width, maxLines: Int.max).count > lines.count {
            framebuffer.cuts.append(TextCut(text: text, shown: lines.joined(separator: " "), scrolls: false))
        }
        return lines
    }

    /// `text` in the small font ending just before column `maxX`.
    static func drawRightAligned(_ text: String, maxX: Int, y: Int, in framebuffer: inout Framebuffer) {
        BitmapFont.small.draw(text, x: maxX - BitmapFont.small.width(of: text), y: y, in: &framebuffer)
    }

    /// An icon followed by a small-font label, both centred on one row.
    struct IconLabel {
        var icon: Icon
        var text: String
        /// Set by `fitted(to:)` when the label had to be shortened; `draw` records it.
        var cut: TextCut? = nil

        /// Rows the pair occupies: the taller of icon and capitals.
        var height: Int { max(icon.bitmap.height, BitmapFont.small.capHeight) }

        var width: Int {
            let textWidth = BitmapFont.small.width(of: text)
            return icon.bitmap.width + (textWidth > 0 ? Layout.iconGap + textWidth : 0)
        }

        /// The same pair with the label shortened so the whole fits `maxWidth`.
        func fitted(to maxWidth: Int) -> IconLabel {
            let room = maxWidth - icon.bitmap.width - Layout.iconGap
            let shown = BitmapFont.small.truncated(text, toWidth: max(0, room))
            return IconLabel(icon: icon, text: shown, cut: shown == text ? cut : TextCut(text: text, shown: shown, scrolls: false))
        }

        /// Draws with the row's top at `y`; returns the column after the label.
        @discardableResult
        func draw(x: Int, y: Int, in framebuffer: inout Framebuffer) -> Int {
            let bitmap = icon.bitmap
            if let cut { framebuffer.cuts.append(cut) }
            framebuffer.draw(bitmap, x: x, y: y + (height - bitmap.height) / 2)
            guard !text.isEmpty else { return x + bitmap.width }
            let textY = y + (height - BitmapFont.small.capHeight) / 2
            return BitmapFont.small.draw(text, x: x + bitmap.width + Layout.iconGap, y: textY, in: &framebuffer)
        }

        /// Draws centred horizontally in the content area.
        func drawCentered(y: Int, in framebuffer: inout Framebuffer) {
            let label = fitted(to: Layout.content.width)
            label.draw(x: Layout.content.x + (Layout.content.width - label.width) / 2, y: y, in: &framebuffer)
        }
    }

    /// `text` in the big clock font, centred horizontally; returns where it went.
    @discardableResult
    static func drawBigClock(_ text: String, y: Int, in framebuffer: inout Framebuffer) -> PixelRect {
        let font = BitmapFont.bigDigits
        let width = font.width(of: text)
        let x = Layout.content.x + (Layout.content.width - width) / 2
        font.draw(text, x: x, y: y, in: &framebuffer)
        return PixelRect(x: x, y: y, width: width, height: font.lineHeight)
    }
}
