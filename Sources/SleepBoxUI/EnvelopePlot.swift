/// A picture of a night's sound: the level (dBFS) over time, with a grid of hours and tens of
/// decibels and marks where things happened (the mode changing, the sleep timer's fade, alarms,
/// snoozes), so a person can see the fades, the silence and the alarm's rise at a glance. Minutes
/// worth a closer look (a fade, an alarm) can be drawn again below the night, magnified, as insets.
public enum EnvelopePlot {
    /// What a mark stands for; each kind has its own colour.
    public enum MarkKind: Sendable, Equatable {
        /// The mode changed (meditation, poetry, off) or an item was chosen.
        case mode
        /// The sleep timer's fade began.
        case fade
        /// An alarm started ringing.
        case alarm
        /// The alarm was snoozed or dismissed.
        case snooze
    }

    public struct Mark: Sendable, Equatable {
        public var seconds: Double
        public var label: String
        public var kind: MarkKind
        public init(seconds: Double, label: String, kind: MarkKind = .alarm) {
            self.seconds = seconds
            self.label = label
            self.kind = kind
        }
    }

    /// A stretch of time drawn again below the night, filling the picture's width.
    public struct Inset: Sendable, Equatable {
        public var range: ClosedRange<Double>
        public var title: String
        public init(range: ClosedRange<Double>, title: String) {
            self.range = range
            self.title = title
        }
    }

    static let background = PlotColors.background
    static let grid = PlotColors.grid
    static let axis = PlotColors.axis
    static let level = PlotColors.measure
    static let fill = PlotColors.faint
    static let mark = PlotColors.mark
    static let modeMark = PNGWriter.Color(red: 0x9c, green: 0xe0, blue: 0x8c)
    static let fadeMark = PNGWriter.Color(red: 0xd8, green: 0x9c, blue: 0xf0)
    static let snoozeMark = PNGWriter.Color(red: 0xf0, green: 0x8c, blue: 0x8c)
    /// The lanes labels are stacked in, and the height of one.
    static let labelLanes = 3
    static let laneHeight = 10

    static func color(of kind: MarkKind) -> PNGWriter.Color {
        switch kind {
        case .mode: return modeMark
        case .fade: return fadeMark
        case .alarm: return mark
        case .snooze: return snoozeMark
        }
    }

    /// Draws `levels` (dBFS, one per window of `windowSeconds`) from `floor` dB up to 0 dB, the
    /// marks over it, and each inset in a row of its own below (`height` grows by `insetHeight`
    /// when there are insets). `clockLabel(seconds)` names a time on the axis (e.g. the local
    /// time of day).
    public static func render(levels: [Float], windowSeconds: Double, floor: Float = -70, width: Int = 1400,
                              height: Int = 360, title: String, marks: [Mark] = [], insets: [Inset] = [],
                              insetHeight: Int = 220, light: [LightSample] = [], lightHeight: Int = 140,
                              clockLabel: (Double) -> String) -> RGBImage {
        let shown = Array(insets.prefix(3))
        let total = max(windowSeconds, Double(levels.count) * windowSeconds)
        let lightRows = light.isEmpty ? 0 : lightHeight
        var img = RGBImage(width: width, height: height + lightRows + (shown.isEmpty ? 0 : insetHeight), background: background)
        let night = Panel(left: 44, right: width - 12, top: 30 + labelLanes * laneHeight, bottom: height - 40,
                          range: 0...total, floor: floor)
        night.draw(levels: levels, windowSeconds: windowSeconds, marks: marks, clockLabel: clockLabel, in: &img)
        img.text(title, x: night.left, y: 8, scale: 2, axis)
        img.text("dBFS", x: 4, y: night.top - 14, axis)
        if !light.isEmpty {
            // The light's curve under the sound's, on the same time axis.
            drawLight(light, range: night.range, left: night.left, right: night.right, top: height + 16,
                      bottom: height + lightHeight - 14, in: &img)
        }
        let height = height + lightRows

        guard !shown.isEmpty else { return img }
        // Room for the next panel's decibel labels.
        let gap = 56
        let each = (width - 44 - 12 - gap * (shown.count - 1)) / shown.count
        for (i, inset) in shown.enumerated() {
            let left = 44 + i * (each + gap)
            let panel = Panel(left: left, right: left + each, top: height + 16 + labelLanes * laneHeight,
                              bottom: height + insetHeight - 30, range: inset.range, floor: floor)
            // The night's picture marks where each inset comes from.
            let from = night.x(inset.range.lowerBound), to = max(from + 1, night.x(inset.range.upperBound))
            img.fill(x: from, y: night.bottom + 2, width: to - from, height: 3, axis)
            panel.draw(levels: levels, windowSeconds: windowSeconds, marks: marks, clockLabel: clockLabel, in: &img)
            img.text(inset.title, x: left, y: height + 2, axis)
        }
        return img
    }

    /// One plot: a time range over a rectangle of the picture.
    struct Panel {
        var left: Int, right: Int, top: Int, bottom: Int
        var range: ClosedRange<Double>
        var floor: Float

        var width: Int { max(1, right - left) }
        var height: Int { max(1, bottom - top) }
        var span: Double { max(1e-9, range.upperBound - range.lowerBound) }

        func x(_ seconds: Double) -> Int {
            let f = (seconds - range.lowerBound) / span
            return left + Int((min(1, max(0, f.isFinite ? f : 0))) * Double(width))
        }

        func y(_ db: Float) -> Int {
            top + Int(((0 - max(floor, min(0, db))) / (0 - floor)) * Float(height))
        }

        /// The grid's times from the first whole `step` in `range`, each with its label, nil for
        /// one that would repeat the label before it (steps of seconds under a clock of minutes):
        /// a time is named once.
        static func axisLabels(range: ClosedRange<Double>, step: Double,
                               clockLabel: (Double) -> String) -> [(seconds: Double, label: String?)] {
            var out: [(seconds: Double, label: String?)] = []
            var previous: String? = nil
            var t = (range.lowerBound / step).rounded(.up) * step
            while t <= range.upperBound {
                let label = clockLabel(t)
                out.append((t, label == previous ? nil : label))
                previous = label
                t += step
            }
            return out
        }

        func draw(levels: [Float], windowSeconds: Double, marks: [Mark], clockLabel: (Double) -> String,
                  in img: inout RGBImage) {
            // Grid: every 10 dB, and a time step that gives a handful of labels.
            for db in stride(from: 0, through: Int(floor), by: -10) {
                img.fill(x: left, y: y(Float(db)), width: width, height: 1, grid)
                img.text("\(db)", x: left - 40, y: y(Float(db)) - 3, axis)
            }
            // Labels name hours and minutes: below two minutes on show, seconds steps too.
            let steps: [Double] = (span < 120 ? [5, 10, 30] : []) + [60, 120, 300, 600, 1800, 3600, 7200]
            let step = steps.first { span / $0 <= Double(max(2, width / 110)) } ?? 7200
            for (t, label) in Panel.axisLabels(range: range, step: step, clockLabel: clockLabel) {
                img.fill(x: x(t), y: top, width: 1, height: height, grid)
                guard let label else { continue }
                let w = BitmapFont.small.width(of: label)
                img.text(label, x: min(max(x(t) - w / 2, left), right - w), y: bottom + 6, axis)
            }
            // The level: each column shows the loudest window it covers, filled down to the floor.
            if !levels.isEmpty, windowSeconds > 0 {
                for col in 0..<width {
                    let t0 = range.lowerBound + span * Double(col) / Double(width)
                    let t1 = range.lowerBound + span * Double(col + 1) / Double(width)
                    let a = max(0, Int(t0 / windowSeconds))
                    let b = min(levels.count, max(a + 1, Int((t1 / windowSeconds).rounded(.up))))
                    guard a < b else { continue }
                    var loudest = -Float.infinity
                    for i in a..<b { loudest = max(loudest, levels[i]) }
                    guard loudest > floor else { continue }
                    let yy = y(loudest)
                    img.fill(x: left + col, y: yy + 1, width: 1, height: bottom - yy - 1, fill)
                    img.fill(x: left + col, y: yy, width: 1, height: 2, level)
                }
            }
            drawMarks(marks.filter { range.contains($0.seconds) }.sorted { $0.seconds < $1.seconds }, in: &img)
            img.fill(x: left, y: bottom, width: width, height: 1, axis)
            img.fill(x: left, y: top, width: 1, height: height, axis)
        }

        /// Marks as lines, their labels in lanes above the plot: right of the line when it fits,
        /// else left of it, in the first lane where it overlaps no other label; never clipped.
        func drawMarks(_ marks: [Mark], in img: inout RGBImage) {
            var laneSpans = [[ClosedRange<Int>]](repeating: [], count: labelLanes)
            for m in marks {
                let c = color(of: m.kind)
                let mx = x(m.seconds)
                img.fill(x: mx, y: top, width: 1, height: height, c)
                let w = BitmapFont.small.width(of: m.label)
                let rightStart = mx + 3
                let leftStart = mx - 2 - w
                var placed: (lane: Int, x: Int)?
                for lane in 0..<labelLanes {
                    for start in [rightStart, leftStart] where start >= 0 && start + w <= img.width {
                        let span = start...(start + w + 4)
                        if !laneSpans[lane].contains(where: { $0.overlaps(span) }) {
                            placed = (lane, start)
                            break
                        }
                    }
                    if placed != nil { break }
                }
                // Every lane is taken here: the line alone (text over text would be unreadable;
                // an inset shows these minutes with room for their labels).
                guard let spot = placed else { continue }
                laneSpans[spot.lane].append(spot.x...(spot.x + w + 4))
                let ly = top - laneHeight * (labelLanes - spot.lane)
                img.fill(x: mx, y: ly + laneHeight - 2, width: 1, height: top - ly - laneHeight + 2, c)
                img.text(m.label, x: spot.x, y: ly, c)
            }
        }
    }
}
