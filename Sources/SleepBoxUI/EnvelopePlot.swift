/// A picture of a night's sound: the level (dBFS) over time, with a grid of hours and tens of
/// decibels and marks where things happened, so a person can see the fades, the silence and the
/// alarm's rise at a glance.
public enum EnvelopePlot {
    public struct Mark: Sendable, Equatable {
        public var seconds: Double
        public var label: String
        public init(seconds: Double, label: String) {
            self.seconds = seconds
            self.label = label
        }
    }

    static let background = PNGWriter.Color(red: 0x10, green: 0x12, blue: 0x18)
    static let grid = PNGWriter.Color(red: 0x2a, green: 0x2e, blue: 0x3a)
    static let axis = PNGWriter.Color(red: 0x9a, green: 0xa4, blue: 0xb8)
    static let level = PNGWriter.Color(red: 0x8f, green: 0xd3, blue: 0xff)
    static let fill = PNGWriter.Color(red: 0x2d, green: 0x4f, blue: 0x6e)
    static let mark = PNGWriter.Color(red: 0xff, green: 0xc8, blue: 0x6a)

    /// Draws `levels` (dBFS, one per window of `windowSeconds`) from `floor` dB up to 0 dB.
    /// `clockLabel(seconds)` names a time on the axis (e.g. the local time of day).
    public static func render(levels: [Float], windowSeconds: Double, floor: Float = -70, width: Int = 1400,
                              height: Int = 360, title: String, marks: [Mark] = [],
                              clockLabel: (Double) -> String) -> RGBImage {
        var img = RGBImage(width: width, height: height, background: background)
        let left = 44, right = width - 12, top = 30, bottom = height - 40
        let plotW = max(1, right - left), plotH = max(1, bottom - top)
        let total = max(windowSeconds, Double(levels.count) * windowSeconds)
        func x(_ seconds: Double) -> Int { left + Int((seconds / total) * Double(plotW)) }
        func y(_ db: Float) -> Int { top + Int(((0 - max(floor, min(0, db))) / (0 - floor)) * Float(plotH)) }

        // Grid: every 10 dB, and every hour (or every 10 minutes for short runs).
        for db in stride(from: 0, through: Int(floor), by: -10) {
            img.fill(x: left, y: y(Float(db)), width: plotW, height: 1, grid)
            img.text("\(db)", x: 4, y: y(Float(db)) - 3, axis)
        }
        let step: Double = total > 3 * 3600 ? 3600 : total > 1200 ? 600 : 60
        var t = 0.0
        while t <= total {
            img.fill(x: x(t), y: top, width: 1, height: plotH, grid)
            img.text(clockLabel(t), x: x(t) - 14, y: bottom + 6, axis)
            t += step
        }
        // The level: each column shows the loudest window it covers, filled down to the floor.
        if !levels.isEmpty {
            for col in 0..<plotW {
                let a = Int(Double(col) / Double(plotW) * Double(levels.count))
                let b = max(a + 1, Int(Double(col + 1) / Double(plotW) * Double(levels.count)))
                var loudest = -Float.infinity
                for i in a..<min(b, levels.count) { loudest = max(loudest, levels[i]) }
                guard loudest > floor else { continue }
                let yy = y(loudest)
                img.fill(x: left + col, y: yy + 1, width: 1, height: bottom - yy - 1, fill)
                img.fill(x: left + col, y: yy, width: 1, height: 2, level)
            }
        }
        for m in marks {
            img.fill(x: x(m.seconds), y: top, width: 1, height: plotH, mark)
            img.text(m.label, x: x(m.seconds) + 3, y: top + 2, mark)
        }
        img.fill(x: left, y: bottom, width: plotW, height: 1, axis)
        img.fill(x: left, y: top, width: 1, height: plotH, axis)
        img.text(title, x: left, y: 8, scale: 2, axis)
        img.text("dBFS", x: 4, y: top - 14, axis)
        return img
    }
}
