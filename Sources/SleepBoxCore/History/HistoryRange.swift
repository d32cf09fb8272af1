/// The values a history record may hold. The database is outside input (a copy from another box,
/// an edit by hand, a damaged card): a row outside these ranges is skipped where it is read, with
/// a log line naming the row and the field, so no time or length the box computes with can trap.
public enum HistoryRange {
    /// Wall times: 0001-01-01T00:00Z to 9999-12-31T23:59:59Z (the years an ISO 8601 date writes).
    public static let wall: ClosedRange<Double> = -62_135_596_800...253_402_300_799
    /// A time zone's offset from UTC, in seconds: ±18 hours.
    public static let offset: ClosedRange<Double> = -64_800...64_800
    /// Seconds heard in one session: up to a year (no item is longer).
    public static let heardSeconds: ClosedRange<Double> = 0...31_622_400
    /// A timer's length in minutes: up to a year.
    public static let timerMinutes: ClosedRange<Double> = 0...527_040
    /// Whole breathing cycles in one session.
    public static let breathingCycles: ClosedRange<Double> = 0...10_000_000

    /// Why `value` may not be the field `name` (nil when it may): not a number, or out of `range`.
    public static func problem(_ name: String, _ value: Double, _ range: ClosedRange<Double>) -> String? {
        guard value.isFinite else { return "\(name) is \(value), not a finite number" }
        guard range.contains(value) else {
            return "\(name) \(value) is outside \(range.lowerBound)...\(range.upperBound)"
        }
        return nil
    }

    /// Why `s` cannot be kept (nil when it can).
    public static func problem(_ s: SessionRecord) -> String? {
        problem("started_at", s.startedAt, wall) ?? problem("start_offset", Double(s.startOffset), offset)
            ?? problem("ended_at", s.endedAt, wall) ?? problem("end_offset", Double(s.endOffset), offset)
            ?? problem("heard_seconds", s.heardSeconds, heardSeconds)
            ?? s.timerMinutes.flatMap { problem("timer_minutes", $0, timerMinutes) }
            ?? s.breathingCycles.flatMap { problem("breathing_cycles", Double($0), breathingCycles) }
    }

    /// Why `e` cannot be kept (nil when it can).
    public static func problem(_ e: NightEvent) -> String? {
        problem("at", e.at, wall) ?? problem("offset", Double(e.offset), offset)
            ?? e.planned.flatMap { problem("planned", $0, wall) }
    }
}
