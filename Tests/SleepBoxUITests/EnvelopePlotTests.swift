import Testing
@testable import SleepBoxUI

/// The level plot: the curve at the right height, marks whose labels are never clipped, and
/// insets that show a fade as the curve it is.
@Suite struct EnvelopePlotTests {
    /// Rows of the label lanes above a plot whose top is at `top`.
    private func laneHasColor(_ img: RGBImage, lane: Int, top: Int, _ c: PNGWriter.Color, xs: Range<Int>) -> Bool {
        let y0 = top - EnvelopePlot.laneHeight * (EnvelopePlot.labelLanes - lane)
        for y in y0..<(y0 + 8) { for x in xs where img.pixel(x: x, y: y) == c { return true } }
        return false
    }

    @Test func aLevelIsDrawnAtItsHeightAndSilenceIsNot() {
        // Ten seconds at -20 dBFS, then ten of digital silence.
        let levels = [Float](repeating: -20, count: 100) + [Float](repeating: -Float.infinity, count: 100)
        let img = EnvelopePlot.render(levels: levels, windowSeconds: 0.1, floor: -70, width: 244, height: 180,
                                      title: "t") { _ in "00:00" }
        // Plot area: x 44..<232, y 60..<140 (80 px for 70 dB): -20 dB is 22 px below the top.
        #expect(img.pixel(x: 60, y: 82) == EnvelopePlot.level)
        #expect(img.pixel(x: 60, y: 100) == EnvelopePlot.fill)
        // The silent half has no curve.
        #expect(img.pixel(x: 200, y: 82) != EnvelopePlot.level)
        #expect(img.pixel(x: 200, y: 100) != EnvelopePlot.fill)
    }

    @Test func aLabelAtTheRightEdgeIsDrawnLeftOfItsMarkWhole() {
        let levels = [Float](repeating: -30, count: 200)
        let label = "alarm 06:45"
        let img = EnvelopePlot.render(levels: levels, windowSeconds: 0.1, width: 244, height: 180, title: "t",
                                      marks: [EnvelopePlot.Mark(seconds: 19.9, label: label, kind: .alarm)]) { _ in "" }
        let mx = 44 + Int(19.9 / 20 * 188)
        let w = BitmapFont.small.width(of: label)
        // Whole: the label's first column is lit left of the mark, where a label clipped at the
        // right edge would never be.
        #expect(laneHasColor(img, lane: 0, top: 60, EnvelopePlot.mark, xs: (mx - 2 - w)..<(mx - 2 - w + 4)))
        #expect(!laneHasColor(img, lane: 0, top: 60, EnvelopePlot.mark, xs: (mx + 1)..<244))
    }

    @Test func labelsThatWouldOverlapGoToOtherLanes() {
        let levels = [Float](repeating: -30, count: 6000)
        let marks = [EnvelopePlot.Mark(seconds: 100, label: "meditation", kind: .mode),
                     EnvelopePlot.Mark(seconds: 110, label: "fade", kind: .fade),
                     EnvelopePlot.Mark(seconds: 120, label: "snooze", kind: .snooze)]
        let img = EnvelopePlot.render(levels: levels, windowSeconds: 0.1, width: 1000, height: 200, title: "t",
                                      marks: marks) { _ in "" }
        #expect(laneHasColor(img, lane: 0, top: 60, EnvelopePlot.modeMark, xs: 0..<1000))
        #expect(laneHasColor(img, lane: 1, top: 60, EnvelopePlot.fadeMark, xs: 0..<1000))
        #expect(laneHasColor(img, lane: 2, top: 60, EnvelopePlot.snoozeMark, xs: 0..<1000))
    }

    @Test func anInsetShowsAFadeAsACurve() {
        // Two hours: 30 minutes at -20 dBFS, a 30 s fade down to silence, then nothing.
        var levels = [Float](repeating: -20, count: 18_000)
        for i in 0..<300 { levels.append(-20 - 50 * Float(i) / 300) }
        levels += [Float](repeating: -Float.infinity, count: 72_000 - levels.count)
        let img = EnvelopePlot.render(levels: levels, windowSeconds: 0.1, width: 1000, height: 300, title: "night",
                                      insets: [EnvelopePlot.Inset(range: 1780...1850, title: "the fade")],
                                      insetHeight: 200) { _ in "" }
        #expect(img.height == 500)
        // The inset's plot: x 44..<988 over 70 s; its curve falls from -20 dB towards the floor.
        func curveTop(atSeconds s: Double) -> Int? {
            let x = 44 + Int((s - 1780) / 70 * 944)
            return (300..<500).first { img.pixel(x: x, y: $0) == EnvelopePlot.level }
        }
        let before = curveTop(atSeconds: 1790), mid = curveTop(atSeconds: 1815), late = curveTop(atSeconds: 1825)
        #expect(before != nil && mid != nil && late != nil)
        if let before, let mid, let late { #expect(before < mid && mid < late) }
        #expect(curveTop(atSeconds: 1840) == nil)
    }

    @Test func textRunningOffThePictureIsClipped() {
        var img = RGBImage(width: 20, height: 10, background: EnvelopePlot.background)
        img.text("clipped at the right edge", x: 15, y: 5, scale: 2, EnvelopePlot.axis)
        img.fill(x: 30, y: 30, width: 5, height: 5, EnvelopePlot.axis)
        #expect(img.width == 20 && img.pixels.count == 20 * 10 * 3)
    }
}
