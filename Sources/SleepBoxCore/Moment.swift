/// A point in time as the box sees it: the monotonic clock (for durations and deadlines that
/// must not move when the wall clock is set) and the wall clock (for the alarm, the idle clock
/// and anything persisted).
///
/// The core never reads a clock; every `Moment` arrives with an event.
public struct Moment: Sendable, Equatable, Codable {
    /// Monotonic seconds (CLOCK_MONOTONIC on the box, virtual seconds in the simulator).
    public var uptime: Double
    /// Wall-clock seconds since 1970-01-01T00:00:00Z (CLOCK_REALTIME).
    public var wall: Double

    public init(uptime: Double, wall: Double) {
        self.uptime = uptime
        self.wall = wall
    }

    /// The same moment `seconds` later on both clocks.
    public func advanced(by seconds: Double) -> Moment {
        Moment(uptime: uptime + seconds, wall: wall + seconds)
    }

    /// The wall time at which the monotonic clock will read `uptime`, assuming no clock jump.
    public func wall(atUptime target: Double) -> Double { wall + (target - uptime) }

    /// The monotonic time at which the wall clock will read `wall`, assuming no clock jump.
    public func uptime(atWall target: Double) -> Double { uptime + (target - wall) }
}
