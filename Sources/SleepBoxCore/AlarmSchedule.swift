/// When the alarm rings: the rule "it fires exactly once when the previous check < instant <= now",
/// with instants computed in local time.
public struct AlarmSchedule: Sendable, Equatable {
    public var settings: AlarmSettings
    public var clock: LocalClock

    public init(settings: AlarmSettings, clock: LocalClock) {
        self.settings = settings
        self.clock = clock
    }

    /// The first alarm instant strictly after `wall` on one of the alarm's weekdays, ignoring the
    /// enabled flag and skip-next. Each local day has at most one instant: a time that occurs twice
    /// (clocks going back) rings at its first occurrence, a skipped time rings after the gap.
    public func instant(after wall: Double) -> Double? {
        guard !settings.weekdays.isEmpty else { return nil }
        // Start a day early: the local day of `wall` may hold an instant later than `wall`, and a
        // day before it can too when the zone's offset changes around midnight.
        for offset in -1...8 {
            guard let day = clock.day(of: wall, offset: offset), settings.weekdays.contains(day.weekday),
                  let t = clock.wall(year: day.year, month: day.month, day: day.day,
                                     hour: settings.hour, minute: settings.minute),
                  t > wall else { continue }
            return t
        }
        return nil
    }

    /// The instant the alarm will actually ring next after `wall`: none when disabled, the one
    /// after next when the next is to be skipped.
    public func nextRing(after wall: Double) -> Double? {
        guard settings.isEnabled, let first = instant(after: wall) else { return nil }
        return settings.skipNext ? instant(after: first) : first
    }

    /// The latest alarm instant in (`previous`, `now`], if any (the one a check must act on).
    public func due(previous: Double, now: Double) -> Double? {
        guard now > previous else { return nil }
        var latest: Double? = nil
        var cursor = previous
        // Bounded: a long gap (days of downtime) only needs its last instant.
        for _ in 0..<400 {
            guard let t = instant(after: cursor), t <= now else { break }
            latest = t
            cursor = t
        }
        return latest
    }
}
