import SleepBoxCore
import SleepBoxRunner

/// The simulator's clock: uptime starts at 0 and moves only when the simulator moves it (from
/// deadline to deadline); the wall clock runs with it from `startWall` until a script sets it.
public final class VirtualClock: RunnerClock {
    /// Virtual seconds since the start (the box's uptime).
    public private(set) var time: Double = 0
    /// Wall time minus virtual time; changes when the wall clock is set.
    public private(set) var wallOffset: Double

    /// A clock at uptime 0 and wall time `startWall` (seconds since 1970).
    public init(startWall: Double) { wallOffset = startWall }

    public var now: Moment { Moment(uptime: time, wall: wallOffset + time) }

    /// Moves the wall clock; there is no RTC to write.
    public func setWall(_ wall: Double) throws(ClockSetError) -> ClockSetOutcome {
        wallOffset = wall - time
        return ClockSetOutcome(rtc: .absent("the virtual clock"), remembered: nil)
    }

    public var source: ClockSource? { nil }

    public func refresh() {}

    /// Moves time on to `t`; never back.
    public func move(to t: Double) { time = max(time, t) }

    /// The uptime at which the wall clock reads `wall`, if it is not set again before.
    public func uptime(atWall wall: Double) -> Double { wall - wallOffset }
}
