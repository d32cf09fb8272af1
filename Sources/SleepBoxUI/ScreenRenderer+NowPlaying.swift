import SleepBoxCore

extension ScreenRenderer {
    /// Positions on the now-playing screen.
    enum NowPlayingLayout {
        static let iconSize = 16
        static let titleX = 1 + iconSize + 4
        static let statusY = 25
    }

    /// Mode icon and title (two lines at most) on top; a status row with play/pause and the
    /// sleep timer; the progress bar; elapsed and remaining time at the bottom.
    static func drawNowPlaying(_ playing: NowPlayingScreen, words: Words, in framebuffer: inout Framebuffer) {
        if let caption = playing.caption {
            drawCaptioned(playing, caption: caption, words: words, in: &framebuffer)
            return
        }
        let font = BitmapFont.small
        var titleX = Layout.content.x
        if let icon = playing.kind.map(kindIcon) ?? modeIcon(playing.mode) {
            framebuffer.draw(icon.bitmap, x: Layout.content.x, y: Layout.content.y)
            titleX = NowPlayingLayout.titleX
        }
        let lines = wrap(playing.title, width: Layout.content.maxX - titleX, maxLines: 2, in: &framebuffer)
        // One line sits level with the icon's middle; two lines share the icon's height.
        let firstY = lines.count == 1 ? 6 : 2
        for (index, line) in lines.enumerated() {
            font.draw(line, x: titleX, y: firstY + index * 9, in: &framebuffer)
        }

        // For a moment after a seek by hand the status says how far it went ("+15 s").
        var status = playing.isPaused
            ? IconLabel(icon: .pause, text: playing.seekMark ?? words(.paused))
            : IconLabel(icon: .play, text: playing.seekMark ?? (playing.needsHeadphones ? words(.headphones) : playing.phase ?? ""))
        var statusRight = Layout.content.maxX
        if let timer = timerLabel(remaining: playing.timerRemaining, stopsAtEnd: playing.stopsAtEnd, words: words) {
            let fitted = timer.fitted(to: 80)
            statusRight = Layout.content.maxX - 1 - fitted.width
            fitted.draw(x: statusRight, y: NowPlayingLayout.statusY, in: &framebuffer)
        }
        // With nothing else to say, the status names the mode (the icon above is the kind's),
        // when it fits beside the timer.
        if status.text.isEmpty, let mode = playing.modeName {
            let named = IconLabel(icon: status.icon, text: mode)
            if Layout.content.x + 1 + named.width + 6 <= statusRight { status = named }
        }
        // Centred on the timer's taller hourglass so both labels share one text baseline.
        let statusTop = NowPlayingLayout.statusY + (Icon.hourglass.bitmap.height - status.height) / 2
        status.draw(x: Layout.content.x + 1, y: statusTop, in: &framebuffer)

        drawBar(Layout.progressBar, fraction: progress(elapsed: playing.elapsed, duration: playing.duration),
                in: &framebuffer)
        font.draw(TimeText.elapsed(playing.elapsed), x: Layout.content.x, y: Layout.bottomLineY, in: &framebuffer)
        // Without a known length there is nothing sensible to count down.
        if playing.duration.isFinite, playing.duration > 0 {
            let remaining = playing.duration - (playing.elapsed.isFinite ? max(0, playing.elapsed) : 0)
            drawRightAligned("-" + TimeText.remaining(remaining), maxX: Layout.content.maxX, y: Layout.bottomLineY,
                             in: &framebuffer)
        }
    }

    /// Each kind's own picture: a leaf for a meditation, masks for a poem, a moon for yoga nidra,
    /// a book for a story, wind for breathing, a spiral for hypnosis, a sun for affirmations,
    /// waves for ambient sound, a flask for sound science.
    static func kindIcon(_ kind: ContentKind) -> Icon {
        switch kind {
        case .meditation: return .leaf
        case .poem: return .masks
        case .yogaNidra: return .moon
        case .story: return .book
        case .breathing: return .wind
        case .hypnosis: return .spiral
        case .affirmation: return .sun
        case .ambient: return .waves
        case .science: return .flask
        }
    }

    /// Leaf for meditation, masks for poetry, nothing otherwise.
    static func modeIcon(_ mode: Mode) -> Icon? {
        switch mode {
        case .meditation: return .leaf
        case .poetry: return .masks
        case .off: return nil
        }
    }

    /// How much of the item has played, 0...1; 0 for a zero or unknown duration.
    static func progress(elapsed: Double, duration: Double) -> Double {
        guard duration.isFinite, duration > 0, elapsed.isFinite else { return 0 }
        return min(1, max(0, elapsed / duration))
    }

    /// The hourglass with the countdown and/or "end" (in `words`' language), or nil when no timer runs.
    static func timerLabel(remaining: Double?, stopsAtEnd: Bool, words: Words) -> IconLabel? {
        var parts: [String] = []
        if let remaining { parts.append(TimeText.countdown(remaining)) }
        if stopsAtEnd { parts.append(words(.timerEndShort)) }
        guard !parts.isEmpty else { return nil }
        return IconLabel(icon: .hourglass, text: parts.joined(separator: " "))
    }
}
