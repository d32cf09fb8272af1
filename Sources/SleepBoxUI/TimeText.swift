/// How the screens write times and durations.
///
/// Durations arrive as `Double` seconds from the core; non-finite or negative values read as
/// zero and very large ones are capped, so nothing here can trap.
public enum TimeText {
    /// The largest duration shown: 99:59:59.
    static let maximumSeconds = 99 * 3600 + 59 * 60 + 59

    /// A time of day as "hh:mm" (24-hour, both zero-padded); out-of-range parts wrap around.
    public static func clock(hour: Int, minute: Int) -> String {
        let h = ((hour % 24) + 24) % 24
        let m = ((minute % 60) + 60) % 60
        return twoDigits(h) + ":" + twoDigits(m)
    }

    /// "6:45" for 06:45 and 18:45, "12:05" for 00:05 and 12:05 (AM and PM are drawn apart).
    public static func twelveHourClock(hour: Int, minute: Int) -> String {
        let h = ((hour % 12) + 12) % 12
        return String(h == 0 ? 12 : h) + ":" + twoDigits(((minute % 60) + 60) % 60)
    }

    /// Time played, rounded down: "m:ss", or "h:mm:ss" from one hour.
    public static func elapsed(_ seconds: Double) -> String {
        playerStyle(wholeSeconds(seconds, rounding: .down))
    }

    /// Time left, rounded up (so it reads 0:00 only at the very end): "m:ss" or "h:mm:ss".
    public static func remaining(_ seconds: Double) -> String {
        playerStyle(wholeSeconds(seconds, rounding: .up))
    }

    /// A countdown as "mm:ss", rounded up; minutes are not wrapped into hours ("90:00").
    public static func countdown(_ seconds: Double) -> String {
        let total = wholeSeconds(seconds, rounding: .up)
        return twoDigits(total / 60) + ":" + twoDigits(total % 60)
    }

    /// `seconds` as a whole number in 0...maximumSeconds.
    static func wholeSeconds(_ seconds: Double, rounding: FloatingPointRoundingRule) -> Int {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        let rounded = seconds.rounded(rounding)
        return rounded >= Double(maximumSeconds) ? maximumSeconds : Int(rounded)
    }

    private static func playerStyle(_ total: Int) -> String {
        let hours = total / 3600, minutes = (total / 60) % 60, seconds = total % 60
        if hours > 0 { return "\(hours):" + twoDigits(minutes) + ":" + twoDigits(seconds) }
        return "\(minutes):" + twoDigits(seconds)
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
