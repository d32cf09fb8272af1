/// Durations as people write them, in content files, simulator scripts, options and messages:
/// one or more parts, largest first, each a number and a unit `h`, `m`, `s` or `ms`
/// (`"90s"`, `"1m30s"`, `"1.5m"`, `"8h"`, `"250ms"`, `"0s"`); and seconds written back the same
/// way.
public enum DurationText {
    /// The longest time a content file may write (a day): longer values are errors, so that no
    /// time can overflow a frame count.
    public static let maximumSeconds = 86_400.0

    /// How finely `format` writes a time.
    public enum Precision: Sendable {
        /// To a tenth of a second (`"12.4s"`, `"0.3s"`): times in messages about content.
        case tenth
        /// To the millisecond, a time under a second in milliseconds (`"1.25s"`, `"250ms"`).
        case millisecond

        var perSecond: Double { self == .tenth ? 10 : 1000 }
    }

    /// The units, largest first, with their seconds.
    private static let units: [(name: [Character], seconds: Double)] = [
        (["h"], 3600), (["m"], 60), (["s"], 1), (["m", "s"], 0.001),
    ]

    /// The seconds `text` stands for, or nil when it is not a duration. A number is digits with
    /// an optional decimal part (`0.8`, not `.8`); each unit at most once, largest first. No
    /// sign, no spaces and no bare number: `"90"` is nil (write `"90s"`).
    public static func seconds(_ text: String) -> Double? {
        let chars = Array(text)
        guard !chars.isEmpty else { return nil }
        var index = 0
        var total = 0.0
        var lastUnit = -1
        while index < chars.count {
            guard let (value, end) = number(chars, from: index), end < chars.count else { return nil }
            // "ms" before "m": the longest unit name that stands here.
            guard let unit = units.indices.filter({ unitStands(units[$0].name, in: chars, at: end) })
                .max(by: { units[$0].name.count < units[$1].name.count }) else { return nil }
            guard unit > lastUnit else { return nil }
            lastUnit = unit
            total += value * units[unit].seconds
            index = end + units[unit].name.count
        }
        return total.isFinite ? total : nil
    }

    private static func unitStands(_ name: [Character], in chars: [Character], at index: Int) -> Bool {
        index + name.count <= chars.count && Array(chars[index..<index + name.count]) == name
    }

    /// A number at `start`: digits, optionally `.` and more digits. Returns its value and the
    /// index just past it.
    public static func number(_ chars: [Character], from start: Int) -> (Double, Int)? {
        var end = start
        while end < chars.count, chars[end].isASCII, chars[end].isNumber { end += 1 }
        guard end > start else { return nil }
        if end < chars.count, chars[end] == "." {
            var fraction = end + 1
            while fraction < chars.count, chars[fraction].isASCII, chars[fraction].isNumber { fraction += 1 }
            guard fraction > end + 1 else { return nil }
            end = fraction
        }
        guard let value = Double(String(chars[start..<end])), value.isFinite else { return nil }
        return (value, end)
    }

    /// `seconds` in the shortest form `seconds(_:)` reads back, to `precision`: 5400 -> `"1h30m"`,
    /// 90 -> `"1m30s"`, 3723.45 -> `"1h2m3.5s"` (a tenth) or `"1h2m3.45s"` (a millisecond),
    /// 0.25 -> `"0.3s"` or `"250ms"`, 0 -> `"0s"`. Negative values get a leading `-` (which
    /// `seconds(_:)` does not accept).
    public static func format(_ seconds: Double, precision: Precision = .tenth) -> String {
        guard seconds.isFinite else { return seconds.isNaN ? "nan" : (seconds < 0 ? "-inf" : "inf") }
        let steps = (abs(seconds) * precision.perSecond).rounded()
        // Beyond this the count no longer fits an Int64 exactly.
        guard steps < 9e15 else { return Quoting.number(seconds) + "s" }
        let count = Int64(steps)
        if count == 0 { return "0s" }
        let sign = seconds < 0 ? "-" : ""
        let perSecond = Int64(precision.perSecond)
        if precision == .millisecond, count < perSecond { return sign + "\(count)ms" }

        let hours = count / (3600 * perSecond)
        let minutes = count / (60 * perSecond) % 60
        let rest = count % (60 * perSecond)
        var text = sign
        if hours > 0 { text += "\(hours)h" }
        if minutes > 0 { text += "\(minutes)m" }
        if rest > 0 {
            text += "\(rest / perSecond)"
            let fraction = rest % perSecond
            if fraction > 0 {
                var digits = String(fraction)
                digits = String(repeating: "0", count: String(perSecond).count - 1 - digits.count) + digits
                while digits.hasSuffix("0") { digits.removeLast() }
                text += "." + digits
            }
            text += "s"
        }
        return text
    }
}
