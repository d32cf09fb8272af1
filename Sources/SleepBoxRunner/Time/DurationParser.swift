import SleepBoxSystem
/// Durations as people write them in simulator scripts, messages and file names:
/// `"250ms"`, `"1.5s"`, `"90s"`, `"2m"`, `"1m30s"`, `"1h30m"`.
public enum DurationParser {
    /// Seconds in `text`, or nil when it is not a duration.
    ///
    /// A duration is one or more parts, each a decimal number (`1`, `1.5`) followed by a unit:
    /// `h`, `m`, `s` or `ms`, the units from largest to smallest, each at most once. No sign, no
    /// spaces, and no bare number: `"90"` is nil (write `"90s"`).
    public static func parse(_ text: String) -> Double? {
        let chars = Array(text.utf8)
        guard !chars.isEmpty else { return nil }
        var index = 0
        var total = 0.0
        var lastRank = Int.max
        while index < chars.count {
            let start = index
            while index < chars.count, isDigit(chars[index]) { index += 1 }
            guard index > start else { return nil }
            if index < chars.count, chars[index] == UInt8(ascii: ".") {
                index += 1
                let fractionStart = index
                while index < chars.count, isDigit(chars[index]) { index += 1 }
                guard index > fractionStart else { return nil }
            }
            guard let value = Double(String(decoding: chars[start..<index], as: UTF8.self)) else { return nil }

            let rank: Int
            let scale: Double
            guard index < chars.count else { return nil }
            switch chars[index] {
            case UInt8(ascii: "h"):
                (rank, scale) = (4, 3600)
                index += 1
            case UInt8(ascii: "m"):
                if index + 1 < chars.count, chars[index + 1] == UInt8(ascii: "s") {
                    (rank, scale) = (1, 0.001)
                    index += 2
                } else {
                    (rank, scale) = (3, 60)
                    index += 1
                }
            case UInt8(ascii: "s"):
                (rank, scale) = (2, 1)
                index += 1
            default:
                return nil
            }
            guard rank < lastRank else { return nil }
            lastRank = rank
            total += value * scale
        }
        return total.isFinite ? total : nil
    }

    /// `seconds` in the shortest form `parse` reads back, to the millisecond:
    /// 5400 -> `"1h30m"`, 90 -> `"1m30s"`, 1.5 -> `"1.5s"`, 0.25 -> `"250ms"`, 0 -> `"0s"`.
    /// Negative values get a leading `-` (which `parse` does not accept).
    public static func format(_ seconds: Double) -> String {
        guard seconds.isFinite else { return seconds.isNaN ? "nan" : (seconds < 0 ? "-inf" : "inf") }
        if seconds < 0 { return "-" + format(-seconds) }
        let totalMilliseconds = (seconds * 1000).rounded()
        // Beyond this the millisecond count no longer fits an Int64 exactly.
        guard totalMilliseconds < 9e15 else { return Quoting.number(seconds) + "s" }
        let milliseconds = Int64(totalMilliseconds)
        if milliseconds == 0 { return "0s" }
        if milliseconds < 1000 { return "\(milliseconds)ms" }

        let hours = milliseconds / 3_600_000
        let minutes = milliseconds % 3_600_000 / 60_000
        let rest = milliseconds % 60_000
        var text = ""
        if hours > 0 { text += "\(hours)h" }
        if minutes > 0 { text += "\(minutes)m" }
        if rest > 0 {
            text += "\(rest / 1000)"
            let fraction = rest % 1000
            if fraction > 0 {
                var digits = String(fraction)
                digits = String(repeating: "0", count: 3 - digits.count) + digits
                while digits.hasSuffix("0") { digits.removeLast() }
                text += "." + digits
            }
            text += "s"
        }
        return text
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
