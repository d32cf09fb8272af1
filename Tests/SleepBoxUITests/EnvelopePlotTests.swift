import Testing
@testable import SleepBoxUI

/// The level plot: the curve at the right height, marks and text clipped at the edges.
@Suite struct EnvelopePlotTests {
    @Test func aLevelIsDrawnAtItsHeightAndSilenceIsNot() {
        // Ten seconds at -20 dBFS, then ten of digital silence.
        let levels = [Float](repeating: -20, count: 100) + [Float](repeating: -Float.infinity, count: 100)
        let img = EnvelopePlot.render(levels: levels, windowSeconds: 0.1, floor: -70, width: 244, height: 140,
                                      title: "t", marks: [EnvelopePlot.Mark(seconds: 19.9, label: "a very long label at the edge")]) { _ in "00:00" }
        // Plot area: x 44..<232, y 30..<100 (70 px for 70 dB): -20 dB is 20 px below the top.
        #expect(img.pixel(x: 60, y: 50) == EnvelopePlot.level)
        #expect(img.pixel(x: 60, y: 70) == EnvelopePlot.fill)
        // The silent half has no curve.
        #expect(img.pixel(x: 200, y: 50) != EnvelopePlot.level)
        #expect(img.pixel(x: 200, y: 70) != EnvelopePlot.fill)
    }

    @Test func textRunningOffThePictureIsClipped() {
        var img = RGBImage(width: 20, height: 10, background: EnvelopePlot.background)
        img.text("clipped at the right edge", x: 15, y: 5, scale: 2, EnvelopePlot.axis)
        img.fill(x: 30, y: 30, width: 5, height: 5, EnvelopePlot.axis)
        #expect(img.width == 20 && img.pixels.count == 20 * 10 * 3)
    }
}
