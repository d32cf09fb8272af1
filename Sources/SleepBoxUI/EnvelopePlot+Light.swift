import Foundation
import SleepBoxCore

extension EnvelopePlot {
    /// The light at one moment of a run: virtual seconds, its lightness (CIE L*) and colour
    /// temperature.
    public struct LightSample: Sendable, Equatable {
        public var seconds: Double
        public var lightness: Double
        public var kelvin: Double

        public init(seconds: Double, lightness: Double, kelvin: Double) {
            self.seconds = seconds
            self.lightness = lightness
            self.kelvin = kelvin
        }
    }

    /// Draws the light's lightness (0 to 100 L*) as a curve on a panel below the sound's, each
    /// column filled in the colour the light had, on the same time axis (`left`...`right` over
    /// `range`).
    static func drawLight(_ samples: [LightSample], range: ClosedRange<Double>, left: Int, right: Int, top: Int,
                          bottom: Int, in img: inout RGBImage) {
        let width = max(1, right - left), height = max(1, bottom - top)
        let span = max(1e-9, range.upperBound - range.lowerBound)
        for l in stride(from: 0, through: 100, by: 25) {
            let y = bottom - Int(Double(l) / 100 * Double(height))
            img.fill(x: left, y: y, width: width, height: 1, grid)
            img.text("\(l)", x: left - 28, y: y - 3, axis)
        }
        img.text("light (L*)", x: left, y: top - 12, axis)
        guard !samples.isEmpty else { return }
        var index = 0
        for col in 0..<width {
            let t = range.lowerBound + span * (Double(col) + 0.5) / Double(width)
            // The last sample at or before t: the light holds its level between updates.
            while index + 1 < samples.count, samples[index + 1].seconds <= t { index += 1 }
            guard samples[index].seconds <= t else { continue }
            let s = samples[index]
            guard s.lightness > 0 else { continue }
            let y = bottom - Int(min(100, s.lightness) / 100 * Double(height))
            img.fill(x: left + col, y: y, width: 1, height: bottom - y, colour(kelvin: s.kelvin, lightness: s.lightness))
            img.fill(x: left + col, y: y, width: 1, height: 2, level)
        }
        img.fill(x: left, y: bottom, width: width, height: 1, axis)
        img.fill(x: left, y: top, width: 1, height: height, axis)
    }

    /// An sRGB colour for white light of `kelvin`, by Tanner Helland's fit to the blackbody's
    /// colours, a little darker at low lightness so the fill reads as a dawn.
    static func colour(kelvin: Double, lightness: Double) -> PNGWriter.Color {
        let t = min(40_000, max(1000, kelvin)) / 100
        var r = 255.0, g: Double, b: Double
        if t <= 66 {
            g = 99.4708025861 * log(t) - 161.1195681661
            b = t <= 19 ? 0 : 138.5177312231 * log(t - 10) - 305.0447927307
        } else {
            r = 329.698727446 * pow(t - 60, -0.1332047592)
            g = 288.1221695283 * pow(t - 60, -0.0755148492)
            b = 255
        }
        let k = 0.35 + 0.65 * min(1, max(0, lightness / 100))
        func byte(_ v: Double) -> UInt8 { UInt8(min(255, max(0, v * k))) }
        return PNGWriter.Color(red: byte(r), green: byte(g), blue: byte(b))
    }
}
