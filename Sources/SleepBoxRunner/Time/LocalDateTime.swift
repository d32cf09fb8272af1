import Foundation
import SleepBoxCore

/// A calendar date and wall-clock time as written in a simulator script
/// (`"2026-11-23T06:40:00"`), optionally with a UTC offset (`"...Z"`, `"...+01:00"`).
///
/// Without an offset it means local time in the box's time zone; `secondsSince1970(in:)`
/// turns it into a wall-clock instant.
public struct LocalDateTime: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The year, 1...9999.
    public var year: Int
    /// 1...12
    public var month: Int
    /// 1...31, valid for the month.
    public var day: Int
    /// 0...23
    public var hour: Int
    /// 0...59
    public var minute: Int
    /// 0...59
    public var second: Int
    /// Seconds east of UTC when the text had an offset (`Z` is 0); nil for local time.
    public var utcOffsetSeconds: Int?

    /// Creates a value; nil when a field is out of range (month 13, February 30, ...).
    public init?(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int = 0,
                 utcOffsetSeconds: Int? = nil) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...LocalClock.daysInMonth(year: year, month: month)).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else { return nil }
        if let offset = utcOffsetSeconds, abs(offset) >= 24 * 3600 { return nil }
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    /// Parses `YYYY-MM-DDTHH:MM[:SS][Z|+HH:MM|-HH:MM]`; nil for anything else.
    public init?(parsing text: String) {
        let c = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= c.count,
                  c[range].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
            return Int(String(decoding: c[range], as: UTF8.self))
        }
        func char(_ i: Int, _ expected: Character) -> Bool {
            i < c.count && c[i] == expected.asciiValue
        }
        guard let year = number(0..<4), char(4, "-"), let month = number(5..<7), char(7, "-"),
              let day = number(8..<10), char(10, "T"), let hour = number(11..<13), char(13, ":"),
              let minute = number(14..<16) else { return nil }
        var index = 16
        var second = 0
        if char(index, ":") {
            guard let s = number(17..<19) else { return nil }
            second = s
            index = 19
        }
        var offset: Int?
        if index < c.count {
            if char(index, "Z"), index + 1 == c.count {
                offset = 0
            } else if char(index, "+") || char(index, "-"), index + 6 == c.count, char(index + 3, ":"),
                      let h = number(index + 1..<index + 3), let m = number(index + 4..<index + 6), m < 60 {
                offset = (h * 3600 + m * 60) * (char(index, "-") ? -1 : 1)
            } else {
                return nil
            }
        }
        self.init(year: year, month: month, day: day, hour: hour, minute: minute, second: second,
                  utcOffsetSeconds: offset)
    }

    /// The instant this names, as seconds since 1970-01-01T00:00:00Z: by its own offset when it
    /// has one, else as local time in `timeZone` (`LocalClock.wall`: a time skipped by a
    /// daylight-saving change moves forward by the gap). Nil only if the calendar finds no date.
    public func secondsSince1970(in timeZone: TimeZone) -> Double? {
        if let utcOffsetSeconds {
            let days = CivilDay(year: year, month: month, day: day).number
            return Double(days * 86_400 + hour * 3600 + minute * 60 + second - utcOffsetSeconds)
        }
        return LocalClock(timeZone: timeZone).wall(year: year, month: month, day: day, hour: hour, minute: minute,
                                                   second: Double(second))
    }

    /// When this local time falls in the hour a time zone skips (02:30 on a spring-forward night
    /// in Berlin), the time it would become instead (`secondsSince1970` moves it forward), as
    /// `HH:MM`; nil when it exists (or has an offset of its own).
    public func skippedTime(in timeZone: TimeZone) -> String? {
        guard utcOffsetSeconds == nil, let wall = secondsSince1970(in: timeZone) else { return nil }
        let f = LocalClock(timeZone: timeZone).fields(wall)
        guard f.year != year || f.month != month || f.day != day || f.hour != hour || f.minute != minute else { return nil }
        return (f.hour < 10 ? "0" : "") + "\(f.hour):" + (f.minute < 10 ? "0" : "") + "\(f.minute)"
    }

    /// `2026-11-23T06:40:00`, with `Z` or `+01:00` when it has an offset.
    public var description: String {
        func pad(_ n: Int, _ width: Int) -> String {
            let digits = String(abs(n))
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        var text = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
        if let offset = utcOffsetSeconds {
            if offset == 0 {
                text += "Z"
            } else {
                let minutes = abs(offset) / 60
                text += (offset < 0 ? "-" : "+") + pad(minutes / 60, 2) + ":" + pad(minutes % 60, 2)
            }
        }
        return text
    }

    /// "06:45" or "6:45": hours 0-23 and minutes 00-59 in digits only (no sign, no spaces).
    public static func parseTimeOfDay(_ text: String) -> (Int, Int)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let h = Int(parts[0]), let m = Int(parts[1]), (0...23).contains(h), (0...59).contains(m) else { return nil }
        return (h, m)
    }
}
