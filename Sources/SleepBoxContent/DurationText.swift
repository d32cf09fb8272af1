/// Times as content files write them: one or more parts, largest first, each a number and a unit
/// `h`, `m` or `s` (`"90s"`, `"1m30s"`, `"1.5m"`, `"8h"`, `"0s"`); and seconds written back the
/// same way for messages.
public enum DurationText {
    /// The longest time a content file may write (a day): longer values are errors, so that no
    /// time can overflow a frame count.
    public static let maximumSeconds = 86_400.0

    /// The seconds `text` stands for, or nil when it is not a duration. A number is digits with
    /// an optional decimal part (`0.8`, not `.8`); each unit at most once, largest first.
    public static func seconds(_ text: String) -> Double? {
        let chars = Array(text)
        guard !chars.isEmpty else { return nil }
        var index = 0
        var total = 0.0
        var lastUnitRank = Int.max
        while index < chars.count {
            guard let (value, end) = number(chars, from: index), end < chars.count else { return nil }
            let rank: Int
            switch chars[end] {
            case "h": rank = 2
            case "m": rank = 1
            case "s": rank = 0
            default: return nil
            }
            guard rank < lastUnitRank else { return nil }
            lastUnitRank = rank
            total += value * [1.0, 60, 3600][rank]
            index = end + 1
        }
        return total.isFinite ? total : nil
    }

    /// A number at `start`: digits, optionally `.` and more digits. Returns its value and the
    /// index just past it.
    static func number(_ chars: [Character], from start: Int) -> (Double, Int)? {
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

    /// `seconds` as a duration string, to a tenth of a second: `"0s"`, `"1m30s"`, `"1h5m"`,
    /// `"12.4s"`.
    public static func format(_ seconds: Double) -> String {
        guard seconds.isFinite, abs(seconds) < 1e12 else { return "\(seconds)s" }
        let tenths = Int((abs(seconds) * 10).rounded())
        let sign = seconds < 0 && tenths > 0 ? "-" : ""
        let hours = tenths / 36_000
        let minutes = tenths / 600 % 60
        let restTenths = tenths % 600
        var text = sign
        if hours > 0 { text += "\(hours)h" }
        if minutes > 0 { text += "\(minutes)m" }
        if restTenths > 0 || (hours == 0 && minutes == 0) {
            text += restTenths % 10 == 0 ? "\(restTenths / 10)s" : "\(restTenths / 10).\(restTenths % 10)s"
        }
        return text
    }
}
