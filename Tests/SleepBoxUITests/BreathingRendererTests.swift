import SleepBoxCore
import Testing
@testable import SleepBoxUI

@Suite struct BreathingRendererTests {
    typealias BreathingLayout = ScreenRenderer.BreathingLayout

    func screen(fullness: Double, label: String = "Breathe in", seconds: Int = 4, cycle: Int = 3, cycles: Int = 8,
                paused: Bool = false, timer: Double? = nil) -> Screen {
        .breathing(BreathingScreen(title: "4-7-8", step: .inhale, label: label, fullness: fullness, secondsLeft: seconds,
                                   cycle: cycle, cycles: cycles, isPaused: paused, timerRemaining: timer))
    }

    func render(_ screen: Screen, language: Language = .english) -> Framebuffer {
        ScreenRenderer.render(DisplayFrame(screen: screen, language: language))
    }

    /// The circle's part of the panel: left of the text column, above the bottom line.
    let circleArea = PixelRect(x: 0, y: 0, width: BreathingLayout.column.x, height: ScreenRenderer.Layout.bottomLineY - 1)

    func litCount(_ framebuffer: Framebuffer, in rect: PixelRect) -> Int {
        var count = 0
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX where framebuffer.pixel(x: x, y: y) { count += 1 }
        }
        return count
    }

    /// The rows (or columns) of `rect` holding at least one lit pixel.
    func litLines(_ framebuffer: Framebuffer, in rect: PixelRect, rows: Bool) -> [Int] {
        let lines = rows ? Array(rect.y..<rect.maxY) : Array(rect.x..<rect.maxX)
        return lines.filter { line in
            rows ? (rect.x..<rect.maxX).contains { framebuffer.pixel(x: $0, y: line) }
                 : (rect.y..<rect.maxY).contains { framebuffer.pixel(x: line, y: $0) }
        }
    }

    @Test func radiusGrowsMonotonicallyFromSmallToLarge() {
        let radii = (0...100).map { ScreenRenderer.breathingRadius(fullness: Double($0) / 100) }
        #expect(radii.first == BreathingLayout.minRadius && radii.last == BreathingLayout.maxRadius)
        #expect(BreathingLayout.minRadius == 4 && BreathingLayout.maxRadius == 25)
        #expect(zip(radii, radii.dropFirst()).allSatisfy { $0 <= $1 })
        // Every radius in between is reached: the circle grows a pixel at a time.
        #expect(Set(radii) == Set(BreathingLayout.minRadius...BreathingLayout.maxRadius))
        // Half full is half way (10.5 pixels of 21, a hair under in floating point).
        #expect(ScreenRenderer.breathingRadius(fullness: 0.5) == 14)
        #expect(ScreenRenderer.breathingRadius(fullness: -1) == 4)
        #expect(ScreenRenderer.breathingRadius(fullness: 7) == 25)
        #expect(ScreenRenderer.breathingRadius(fullness: .nan) == 4)
        #expect(ScreenRenderer.breathingRadius(fullness: .infinity) == 4)
    }

    /// For each row of the circle's area, how far apart its outermost lit pixels are (0 when dark).
    func rowSpans(_ framebuffer: Framebuffer) -> [Int] {
        (circleArea.y..<circleArea.maxY).map { y in
            let lit = (circleArea.x..<circleArea.maxX).filter { framebuffer.pixel(x: $0, y: y) }
            return lit.isEmpty ? 0 : (lit.last ?? 0) - (lit.first ?? 0) + 1
        }
    }

    @Test func drawnCircleFollowsTheRadius() {
        var previous = [Int](repeating: 0, count: circleArea.height)
        for step in 0...20 {
            let fullness = Double(step) / 20
            let radius = ScreenRenderer.breathingRadius(fullness: fullness)
            let framebuffer = render(screen(fullness: fullness))
            let rows = litLines(framebuffer, in: circleArea, rows: true)
            let columns = litLines(framebuffer, in: circleArea, rows: false)
            #expect(rows.first == BreathingLayout.centerY - radius && rows.last == BreathingLayout.centerY + radius)
            #expect(columns.first == BreathingLayout.centerX - radius && columns.last == BreathingLayout.centerX + radius)
            // No row of the circle gets narrower as the lungs fill.
            let spans = rowSpans(framebuffer)
            #expect(zip(previous, spans).allSatisfy { $0 <= $1 }, "fullness \(fullness)")
            #expect(spans[BreathingLayout.centerY] == 2 * radius + 1)
            previous = spans
        }
    }

    @Test func fullCircleStaysInsideTheMargin() {
        let framebuffer = render(screen(fullness: 1, label: "Breathe out", seconds: 88, cycle: 12, cycles: 12, paused: true,
                                        timer: 5999))
        // No lit pixel on the outermost rows and columns, with everything shown at once.
        for x in 0..<128 { #expect(!framebuffer.pixel(x: x, y: 0) && !framebuffer.pixel(x: x, y: 63)) }
        for y in 0..<64 { #expect(!framebuffer.pixel(x: 0, y: y) && !framebuffer.pixel(x: 127, y: y)) }
        // The circle spans 2 * 25 + 1 pixels both ways, from row 2 and column 6.
        let rows = litLines(framebuffer, in: circleArea, rows: true)
        let columns = litLines(framebuffer, in: circleArea, rows: false)
        #expect(rows == Array(2...52))
        #expect(columns == Array(6...56))
        // The ring is two pixels thick where it crosses the centre lines.
        #expect(framebuffer.pixel(x: 31, y: 2) && framebuffer.pixel(x: 31, y: 3) && !framebuffer.pixel(x: 31, y: 4))
        #expect(framebuffer.pixel(x: 6, y: 27) && framebuffer.pixel(x: 7, y: 27) && !framebuffer.pixel(x: 8, y: 27))
        // Nothing of the circle reaches into the text column.
        #expect(litLines(framebuffer, in: PixelRect(x: 57, y: 0, width: 3, height: 64), rows: false).isEmpty)
    }

    @Test func secondsCycleTimerAndPauseAreShown() {
        let plain = render(screen(fullness: 0.5, seconds: 4))
        let column = BreathingLayout.column
        // The seconds in big digits, centred in the text column.
        let digits = BitmapFont.bigDigits
        var four = Framebuffer()
        digits.draw("4", x: column.x + (column.width - digits.width(of: "4")) / 2, y: BreathingLayout.secondsY, in: &four)
        let digitArea = PixelRect(x: column.x, y: BreathingLayout.secondsY, width: column.width, height: 26)
        #expect(litCount(plain, in: digitArea) == four.litCount)
        #expect(render(screen(fullness: 0.5, seconds: 3)) != plain)

        // "3/8" at the bottom left.
        var cycle = Framebuffer()
        BitmapFont.small.draw("3/8", x: 2, y: ScreenRenderer.Layout.bottomLineY, in: &cycle)
        let bottomLeft = PixelRect(x: 0, y: ScreenRenderer.Layout.bottomLineY, width: 40, height: 9)
        #expect(litCount(plain, in: bottomLeft) == cycle.litCount)

        // The timer at the bottom right, only while one runs.
        let bottomRight = PixelRect(x: 64, y: ScreenRenderer.Layout.bottomLineY - 1, width: 64, height: 10)
        #expect(litCount(plain, in: bottomRight) == 0)
        let timed = render(screen(fullness: 0.5, seconds: 4, timer: 1500))
        var timer = Framebuffer()
        let label = ScreenRenderer.IconLabel(icon: .hourglassSmall, text: "25:00")
        label.draw(x: 126 - label.width, y: ScreenRenderer.Layout.bottomLineY, in: &timer)
        #expect(litCount(timed, in: bottomRight) == timer.litCount)

        // Paused: the pause bars and "Paused" take the step's place.
        let paused = render(screen(fullness: 0.5, seconds: 4, paused: true))
        let top = PixelRect(x: column.x, y: 0, width: column.width, height: BreathingLayout.secondsY - 1)
        var expected = Framebuffer()
        let pausedLabel = ScreenRenderer.IconLabel(icon: .pause, text: "Paused")
        pausedLabel.draw(x: column.x + (column.width - pausedLabel.width) / 2, y: BreathingLayout.labelY - 1, in: &expected)
        #expect(litCount(paused, in: top) == expected.litCount)
        #expect((top.y..<top.maxY).allSatisfy { y in (top.x..<top.maxX).allSatisfy { x in
            paused.pixel(x: x, y: y) == expected.pixel(x: x, y: y)
        } })
        #expect(litCount(paused, in: digitArea) == litCount(plain, in: digitArea))
    }
}
