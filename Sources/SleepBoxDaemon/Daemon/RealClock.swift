#if canImport(Glibc)
import Glibc
#endif
import SleepBoxCore
import SleepBoxSystem
import SleepBoxRunner

/// The box's clock: CLOCK_MONOTONIC for uptime and CLOCK_REALTIME for wall time, with two
/// timerfds for the poll loop: a monotonic one armed for the runner's next wake-up, and a
/// realtime one armed for the next wall-clock deadline (the alarm) that also reports every
/// change of the wall clock (a network time sync, a manual change).
public final class RealClock: RunnerClock {
    private let monotonicTimer: TimerFD
    private let wallTimer: TimerFD
    /// Where the wall clock's time came from, and setting it.
    public let keeper: ClockKeeper

    /// Creates both timers (timerfd_create).
    public init(keeper: ClockKeeper) throws(SystemError) {
        monotonicTimer = try TimerFD(clock: CLOCK_MONOTONIC)
        wallTimer = try TimerFD(clock: CLOCK_REALTIME)
        self.keeper = keeper
    }

    /// On simulated hardware the wall time is the box's own (`ClockKeeper.wallOffset` ahead of
    /// CLOCK_REALTIME).
    public var now: Moment {
        Moment(uptime: SystemClock.monotonicSeconds(), wall: SystemClock.realtimeSeconds() + keeper.wallOffset)
    }

    /// clock_settime(CLOCK_REALTIME), then the RTC (see `ClockKeeper.set`).
    public func setWall(_ wall: Double) throws(ClockSetError) -> ClockSetOutcome { try keeper.set(wall) }

    /// adjtimex(2) each time; the RTC as last read.
    public var source: ClockSource? { keeper.source }

    public func refresh() { keeper.refresh() }

    /// The timers' descriptors, to poll for readability.
    public var pollDescriptors: [Int32] { [monotonicTimer.fd, wallTimer.fd] }

    /// Arms the monotonic timer for `uptime` (nil: disarmed) and the realtime timer for `wall`;
    /// without a wall deadline the realtime timer is armed a year after `now`, so that a change of
    /// the wall clock is still reported.
    public func arm(uptime: Double?, wall: Double?, now: Moment) throws(SystemError) {
        try monotonicTimer.arm(at: uptime)
        // The realtime timer counts CLOCK_REALTIME: the box's own offset (simulated hardware) is taken off.
        try wallTimer.arm(at: (wall ?? (now.wall + 366 * 86_400)) - keeper.wallOffset)
    }

    /// Takes a clock change the realtime timer holds (its read fails with ECANCELED until it is
    /// read): arming it fails with ECANCELED until then.
    public func takeClockChange() {
        _ = wallTimer.read()
    }

    /// What a readable timer descriptor said.
    public enum Wake: Equatable {
        /// The monotonic timer (or the realtime one) expired.
        case timer
        /// The wall clock was set.
        case clockChanged
    }

    /// Reads the timer behind `fd` once it is readable; nil when `fd` is not one of this clock's.
    public func read(_ fd: Int32) -> Wake? {
        switch fd {
        case monotonicTimer.fd:
            _ = monotonicTimer.read()
            return .timer
        case wallTimer.fd:
            return wallTimer.read() == .clockChanged ? .clockChanged : .timer
        default:
            return nil
        }
    }
}
