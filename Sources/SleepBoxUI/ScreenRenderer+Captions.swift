import SleepBoxCore

extension ScreenRenderer {
    /// Positions on the now-playing screen with captions.
    enum CaptionLayout {
        /// The title's line, and the dotted rule under it.
        static let titleY = 1
        static let ruleY = 10
        /// The caption's first line; lines are `lineStep` apart (a blank row under descenders).
        static let captionY = 12
        static let lineStep = 9
        static let captionLines = 4
        /// A thin progress bar between the caption and the bottom line.
        static let progressBar = PixelRect(x: 1, y: 49, width: 126, height: 3)
    }

    /// Captions on: the caption gets the body of the screen. The title on one line at the top,
    /// the sentence being spoken in up to four lines of the small font under it (empty between
    /// sentences), a thin progress bar, and the bottom line: the elapsed time (with the pause
    /// mark when paused) on the left, the sleep timer or the time left on the right.
    static func drawCaptioned(_ playing: NowPlayingScreen, caption: String, words: Words, in framebuffer: inout Framebuffer) {
        let font = BitmapFont.small
        let width = Layout.content.width
        let title = fit(playing.title, width: width, in: &framebuffer)
        font.draw(title, x: Layout.content.x, y: CaptionLayout.titleY, in: &framebuffer)
        drawDottedRule(y: CaptionLayout.ruleY, in: &framebuffer)
        let lines = wrap(caption, width: width, maxLines: CaptionLayout.captionLines, in: &framebuffer)
        for (index, line) in lines.enumerated() {
            font.draw(line, x: Layout.content.x, y: CaptionLayout.captionY + index * CaptionLayout.lineStep, in: &framebuffer)
        }

        drawBar(CaptionLayout.progressBar, fraction: progress(elapsed: playing.elapsed, duration: playing.duration),
                in: &framebuffer)
        var x = Layout.content.x
        if playing.isPaused {
            let pause = Icon.pause.bitmap
            framebuffer.draw(pause, x: x, y: Layout.bottomLineY - 1)
            x += pause.width + Layout.iconGap
        }
        x = font.draw(TimeText.elapsed(playing.elapsed), x: x, y: Layout.bottomLineY, in: &framebuffer)
        // For a moment after a seek by hand: how far it went ("+15 s"), after the time played.
        if let mark = playing.seekMark { font.draw(mark, x: x + 3, y: Layout.bottomLineY, in: &framebuffer) }
        if var timer = timerLabel(remaining: playing.timerRemaining, stopsAtEnd: playing.stopsAtEnd, words: words) {
            // The small hourglass: the tall one would touch the progress bar.
            timer.icon = .hourglassSmall
            let fitted = timer.fitted(to: 64)
            fitted.draw(x: Layout.content.maxX - fitted.width, y: Layout.bottomLineY, in: &framebuffer)
        } else if playing.duration.isFinite, playing.duration > 0 {
            let remaining = playing.duration - (playing.elapsed.isFinite ? max(0, playing.elapsed) : 0)
            drawRightAligned("-" + TimeText.remaining(remaining), maxX: Layout.content.maxX, y: Layout.bottomLineY,
                             in: &framebuffer)
        }
    }
}
