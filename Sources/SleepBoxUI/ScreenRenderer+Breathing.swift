import SleepBoxCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension ScreenRenderer {
    /// Positions on the breathing screen.
    enum BreathingLayout {
        /// The circle's centre, left of the middle.
        static let centerX = 31
        static let centerY = 27
        /// The circle's radius with empty and with full lungs.
        static let minRadius = 4
        static let maxRadius = 25
        /// The column right of the circle: the step, the seconds left, the timer.
        static let column = PixelRect(x: 60, y: 1, width: 67, height: 62)
        /// Top of the step's label.
        static let labelY = 4
        /// Top of the big seconds.
        static let secondsY = 16
    }

    /// The circle's radius for `fullness` (clamped to 0...1, non-finite reads as 0), eased in and
    /// out like a breath so the circle starts and ends each step slowly.
    static func breathingRadius(fullness: Double) -> Int {
        let clamped = fullness.isFinite ? min(1, max(0, fullness)) : 0
        let eased = (1 - cos(Double.pi * clamped)) / 2
        let span = Double(BreathingLayout.maxRadius - BreathingLayout.minRadius)
        return BreathingLayout.minRadius + Int((eased * span).rounded())
    }

    /// A ring around a smaller disc, both growing and shrinking with the breath, on the left; the step ("Breathe
    /// in", or the pause mark and "Paused") over the seconds left in big digits on the right; the
    /// cycle ("3/8") small at the bottom left, a running sleep timer at the bottom right.
    static func drawBreathing(_ breathing: BreathingScreen, words: Words, in framebuffer: inout Framebuffer) {
        let radius = breathingRadius(fullness: breathing.fullness)
        let centerX = BreathingLayout.centerX, centerY = BreathingLayout.centerY
        // A two-pixel ring, and a core growing at half its pace: light enough for the night.
        framebuffer.fillCircle(centerX: centerX, centerY: centerY, radius: radius)
        framebuffer.fillCircle(centerX: centerX, centerY: centerY, radius: radius - 2, false)
        framebuffer.fillCircle(centerX: centerX, centerY: centerY, radius: (radius - BreathingLayout.minRadius) / 2)

        let column = BreathingLayout.column
        if breathing.isPaused {
            let paused = IconLabel(icon: .pause, text: words(.paused)).fitted(to: column.width)
            let top = BreathingLayout.labelY + (BitmapFont.small.capHeight - paused.height) / 2
            paused.draw(x: column.x + (column.width - paused.width) / 2, y: top, in: &framebuffer)
        } else {
            drawCentered(breathing.label, y: BreathingLayout.labelY, within: column, in: &framebuffer)
        }
        let seconds = String(min(99, max(0, breathing.secondsLeft)))
        let digits = BitmapFont.bigDigits
        digits.draw(seconds, x: column.x + (column.width - digits.width(of: seconds)) / 2, y: BreathingLayout.secondsY,
                    in: &framebuffer)

        if breathing.cycles > 0 {
            let cycle = "\(min(max(1, breathing.cycle), breathing.cycles))/\(breathing.cycles)"
            BitmapFont.small.draw(cycle, x: Layout.content.x + 1, y: Layout.bottomLineY, in: &framebuffer)
        }
        if let remaining = breathing.timerRemaining {
            let timer = IconLabel(icon: .hourglassSmall, text: TimeText.countdown(remaining))
            timer.draw(x: Layout.content.maxX - 1 - timer.width, y: Layout.bottomLineY, in: &framebuffer)
        }
    }
}
