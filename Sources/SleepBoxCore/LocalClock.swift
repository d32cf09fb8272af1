import Foundation

/// Wall-clock arithmetic in the box's time zone, from the time zone database. Pure: it reads no
/// clock, only converts the times it is given.
public struct LocalClock: Sendable, Equatable {
    public let timeZone: TimeZone
    private let calendar: Calendar
    /// The zone's offset over the stretch of time asked about last (up to its next change of
    /// offset, at most a week), so that the display, which asks on every wake-up, and the
    /// history, which asks at every session, reach Foundation's calendar (and ICU's time zone
    /// code, megabytes of the program) a few times a year rather than once a minute.
    private let offsetCache = OffsetCache()

    public init(timeZone: TimeZone) {
        self.timeZone = timeZone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    public static func == (a: LocalClock, b: LocalClock) -> Bool { a.timeZone == b.timeZone }

    /// Local date and time fields of a wall time.
    public func fields(_ wall: Double) -> LocalFields {
        guard wall.isFinite, wall >= OffsetCache.earliest, wall < OffsetCache.latest else { return uncachedFields(wall) }
        let whole = wall.rounded(.down)
        return LocalFields(civil: Int(whole) + cachedOffset(whole))
    }

    /// The zone's offset at `whole` (a whole second) from the cache, which is filled from the zone
    /// when `whole` is outside the stretch it covers.
    private func cachedOffset(_ whole: Double) -> Int {
        if let offset = offsetCache.offset(at: whole) { return offset }
        let date = Date(timeIntervalSince1970: whole)
        let offset = timeZone.secondsFromGMT(for: date)
        var end = whole + OffsetCache.longest
        if let change = timeZone.nextDaylightSavingTimeTransition(after: date) {
            end = min(end, change.timeIntervalSince1970)
        }
        if end > whole { offsetCache.store(offset, from: whole, until: end) }
        return offset
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
    public func offset(_ wall: Double) -> Int {
        guard wall.isFinite, wall >= OffsetCache.earliest, wall < OffsetCache.latest else {
            return timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: wall))
        }
        return cachedOffset(wall.rounded(.down))
    }

    /// ISO 8601 local time without offset, e.g. "2026-11-23T06:45:00".
    public func isoLocal(_ wall: Double) -> String {
        let f = fields(wall)
        return "\(f.year)-\(twoDigits(f.month))-\(twoDigits(f.day))T\(twoDigits(f.hour)):\(twoDigits(f.minute)):\(twoDigits(f.second))"
    }

    /// `isoLocal` with the zone's offset from UTC then: "2026-11-23T06:45:00+01:00" (ISO 8601,
    /// as a home's automation needs a time to be).
    public func isoWithOffset(_ wall: Double) -> String {
        let offset = self.offset(wall)
        let minutes = abs(offset) / 60
        return isoLocal(wall) + (offset < 0 ? "-" : "+") + twoDigits(minutes / 60) + ":" + twoDigits(minutes % 60)
    }

    /// Days in `month` (1-12) of `year` in the Gregorian calendar.
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

/// Local calendar fields; `weekday` counts 1 = Sunday ... 7 = Saturday.
public struct LocalFields: Sendable, Equatable {
    public var year, month, day, hour, minute, second, weekday: Int

    public init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, weekday: Int) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.weekday = weekday
    }
}

extension LocalFields {
    /// The fields of a count of local seconds since 1970-01-01 00:00 (wall plus offset), by the
    /// history's civil-day arithmetic (`CivilDay`: proleptic Gregorian, as Foundation's Gregorian
    /// calendar from 1582 on).
    init(civil seconds: Int) {
        let day = CivilDay(seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400))
        let date = day.fields
        let inDay = seconds - day.number * 86_400
        self.init(year: date.year, month: date.month, day: date.day, hour: inDay / 3_600, minute: inDay % 3_600 / 60,
                  second: inDay % 60, weekday: day.isoWeekday % 7 + 1)
    }
}

/// The zone's offset over one stretch of wall time in which it does not change, shared by copies
/// of a `LocalClock` and guarded by a lock (the clock is `Sendable`).
private final class OffsetCache: @unchecked Sendable {
    /// The stretch cached is at most this long (seconds), so a zone is asked again at least weekly.
    static let longest = 7 * 86_400.0
    /// The cache serves 1900 to 2200 (wall seconds): Foundation's calendar and the arithmetic
    /// agree there, and no box's clock is outside it.
    static let earliest = -2_208_988_800.0
    static let latest = 7_258_118_400.0
    private let lock = NSLock()
    private var start = 0.0
    private var end = 0.0
    private var cached: Int?

    /// The offset at `wall` when it falls in the cached stretch.
    func offset(at wall: Double) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard let cached, wall >= start, wall < end else { return nil }
        return cached
    }

    func store(_ offset: Int, from start: Double, until end: Double) {
        lock.lock()
        defer { lock.unlock() }
        self.start = start
        self.end = end
        cached = offset
    }
}
