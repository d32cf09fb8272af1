import Foundation

/// Wall-clock arithmetic in the box's time zone, from the time zone database. Pure: it reads no
/// clock, only converts the times it is given.
public struct LocalClock: Sendable, Equatable {
    public let timeZone: TimeZone
    private let calendar: Calendar
    /// The fields of the local minute asked for last, so that the display, which asks on every
    /// wake-up, reaches Foundation's calendar (and ICU's time zone) once a minute.
    private let minuteCache = MinuteCache()

    public init(timeZone: TimeZone) {
        self.timeZone = timeZone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    public static func == (a: LocalClock, b: LocalClock) -> Bool { a.timeZone == b.timeZone }

    /// Local date and time fields of a wall time.
    public func fields(_ wall: Double) -> LocalFields {
        if let f = minuteCache.fields(at: wall) { return f }
        let f = uncachedFields(wall)
        // The minute runs from its first second for 60 s, or to the zone's next change of offset
        // if that comes first (a change on a whole minute is the usual case; a historic offset
        // with seconds is not).
        let start = (wall - Double(f.second)).rounded(.down)
        var end = start + 60
        if let change = timeZone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: start)) {
            end = min(end, change.timeIntervalSince1970)
        }
        if wall >= start, wall < end {
            var first = f
            first.second = 0
            minuteCache.store(first, from: start, until: end)
        }
        return f
    }

    /// The fields from Foundation's calendar, uncached (what `fields` must agree with).
    public func uncachedFields(_ wall: Double) -> LocalFields {
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday],
                                        from: Date(timeIntervalSince1970: wall))
        return LocalFields(year: c.year ?? 1970, month: c.month ?? 1, day: c.day ?? 1,
                           hour: c.hour ?? 0, minute: c.minute ?? 0, second: c.second ?? 0,
                           weekday: c.weekday ?? 1)
    }

    /// The wall time of a local date and time. A time skipped by a daylight-saving change moves
    /// forward by the gap; a time that occurs twice gives its first occurrence.
    public func wall(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Double = 0) -> Double? {
        let whole = second.rounded(.down)
        let comps = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: Int(whole))
        guard let d = calendar.date(from: comps) else { return nil }
        return d.timeIntervalSince1970 + (second - whole)
    }

    /// Start of the local day `offset` days after the day containing `wall`: its year, month, day.
    func day(of wall: Double, offset: Int) -> (year: Int, month: Int, day: Int, weekday: Int)? {
        let start = calendar.startOfDay(for: Date(timeIntervalSince1970: wall))
        guard let shifted = calendar.date(byAdding: .day, value: offset, to: start) else { return nil }
        let c = calendar.dateComponents([.year, .month, .day, .weekday], from: shifted)
        guard let y = c.year, let m = c.month, let d = c.day, let w = c.weekday else { return nil }
        return (y, m, d, w)
    }

    /// Seconds east of UTC at `wall` (the zone's offset then, daylight saving included).
    public func offset(_ wall: Double) -> Int { timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: wall)) }

    /// ISO 8601 local time without offset, e.g. "2026-11-23T06:45:00".
    public func isoLocal(_ wall: Double) -> String {
        let f = fields(wall)
        return "\(f.year)-\(twoDigits(f.month))-\(twoDigits(f.day))T\(twoDigits(f.hour)):\(twoDigits(f.minute)):\(twoDigits(f.second))"
    }
}

/// Local calendar fields; `weekday` counts 1 = Sunday ... 7 = Saturday.
public struct LocalFields: Sendable, Equatable {
    public var year, month, day, hour, minute, second, weekday: Int
}

/// One local minute's fields (second 0) and the wall times it covers, shared by copies of a
/// `LocalClock` and guarded by a lock (the clock is `Sendable`).
private final class MinuteCache: @unchecked Sendable {
    private let lock = NSLock()
    private var start = 0.0
    private var end = 0.0
    private var first: LocalFields?

    /// The fields of `wall` when it falls in the cached minute.
    func fields(at wall: Double) -> LocalFields? {
        lock.lock()
        defer { lock.unlock() }
        guard var f = first, wall >= start, wall < end else { return nil }
        f.second = Int((wall - start).rounded(.down))
        return f
    }

    func store(_ fields: LocalFields, from start: Double, until end: Double) {
        lock.lock()
        defer { lock.unlock() }
        self.start = start
        self.end = end
        first = fields
    }
}
