/// `sleepbox history chart`: minutes heard per night as bars (a counted night's bar is bright, a
/// night too short to count is dim) over bedtimes as dots on a clock axis, night by night.
public enum HistoryChart {
    /// One night on the chart.
    public struct Night: Sendable, Equatable {
        /// Shown under the axis for some nights ("23" or "Nov 23").
        public var label: String
        public var minutes: Double
        /// Bedtime in minutes after noon (720 is midnight); nil for a night without a session.
        public var bedtime: Double?
        public var counts: Bool

        public init(label: String, minutes: Double, bedtime: Double?, counts: Bool) {
            self.label = label
            self.minutes = minutes
            self.bedtime = bedtime
            self.counts = counts
        }
    }

    /// Whether night `index` of `count` has its label on the axis: every `every`-th, and the last.
    public static func isLabelled(_ index: Int, count: Int, every: Int) -> Bool {
        index % max(1, every) == 0 || index == count - 1
    }

    /// The chart of `nights` (oldest first), every `labelEvery`-th night labelled.
    public static func render(nights: [Night], title: String, subtitle: String, labelEvery: Int = 7,
                              width: Int = 960, height: Int = 440) -> RGBImage {
        var img = RGBImage(width: width, height: height, background: PlotColors.background)
        img.text(title, x: 56, y: 8, scale: 2, PlotColors.axis)
        img.text(subtitle, x: 56, y: 28, PlotColors.axis)
        let left = 56, right = width - 16
        let count = max(1, nights.count)
        let slot = Double(right - left) / Double(count)

        // Minutes: bars from 0 up to the next half hour above the longest night.
        let top = 48, bottom = 250
        let longest = nights.map(\.minutes).max() ?? 0
        let ceiling = max(30, (longest / 30).rounded(.up) * 30)
        let step = ceiling > 240 ? 60.0 : ceiling > 60 ? 30.0 : 10.0
        func yMinutes(_ m: Double) -> Int { bottom - Int((m / ceiling) * Double(bottom - top)) }
        var m = 0.0
        while m <= ceiling + 1e-9 {
            img.fill(x: left, y: yMinutes(m), width: right - left, height: 1, PlotColors.grid)
            let label = String(Int(m))
            img.text(label, x: left - 8 - BitmapFont.small.width(of: label), y: yMinutes(m) - 3, PlotColors.axis)
            m += step
        }
        img.text("min", x: 8, y: top - 14, PlotColors.axis)
        for (i, n) in nights.enumerated() where n.minutes > 0 {
            let x0 = left + Int(Double(i) * slot + slot * 0.15)
            let w = max(1, Int(slot * 0.7))
            let y = min(bottom - 1, yMinutes(n.minutes))
            img.fill(x: x0, y: y, width: w, height: bottom - y, n.counts ? PlotColors.measure : PlotColors.faint)
        }

        // Bedtimes: dots on a clock axis from 20:00 to 02:00, widened to fit every night.
        let bTop = 290, bBottom = height - 40
        let times = nights.compactMap(\.bedtime)
        let early = min(480, ((times.min() ?? 480) / 60).rounded(.down) * 60)
        let late = max(840, ((times.max() ?? 840) / 60).rounded(.up) * 60)
        func yTime(_ t: Double) -> Int { bTop + Int(((t - early) / max(60, late - early)) * Double(bBottom - bTop)) }
        var t = early
        while t <= late + 1e-9 {
            img.fill(x: left, y: yTime(t), width: right - left, height: 1, PlotColors.grid)
            let clock = (Int(t) / 60 + 12) % 24
            let label = (clock < 10 ? "0" : "") + String(clock) + ":00"
            img.text(label, x: left - 8 - BitmapFont.small.width(of: label), y: yTime(t) - 3, PlotColors.axis)
            t += 60
        }
        img.text("bedtime", x: 8, y: bTop - 16, PlotColors.axis)
        for (i, n) in nights.enumerated() {
            let cx = left + Int(Double(i) * slot + slot / 2)
            if let b = n.bedtime {
                img.fill(x: cx - 3, y: yTime(b) - 3, width: 7, height: 7, n.counts ? PlotColors.mark : PlotColors.faint)
            }
            if isLabelled(i, count: nights.count, every: labelEvery) {
                let w = BitmapFont.small.width(of: n.label)
                img.fill(x: cx, y: bBottom + 2, width: 1, height: 4, PlotColors.axis)
                img.text(n.label, x: min(max(cx - w / 2, left), right - w), y: bBottom + 10, PlotColors.axis)
            }
        }
        return img
    }
}
