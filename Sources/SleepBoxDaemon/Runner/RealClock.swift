#if canImport(Glibc)
import Glibc
#endif
import SleepBoxCore
import SleepBoxSystem

/// The box's clock: CLOCK_MONOTONIC for uptime and CLOCK_REALTIME for wall time, with two
/// timerfds for the poll loop: a monotonic one armed for the runner's next wake-up, and a
/// realtime one armed for the next wall-clock deadline (the alarm) that also reports every
/// change of the wall clock (a network time sync, a manual change).
public final class RealClock: RunnerClock {
    private let monotonicTimer: TimerFD
    private let wallTimer: TimerFD

    /// Creates both timers (timerfd_create).
    public init() throws(SystemError) {
        monotonicTimer = try TimerFD(clock: CLOCK_MONOTONIC)
        wallTimer = try TimerFD(clock: CLOCK_REALTIME)
    }

    public var now: Moment { Moment(uptime: SystemClock.monotonicSeconds(), wall: SystemClock.realtimeSeconds()) }

    /// The system's clock is set by time synchronisation, never by the box.
    public func setWall(_ wall: Double) -> Bool { false }

    /// adjtimex(2): whether the kernel counts the clock as synchronised.
    public var isSynchronised: Bool? { ClockStatus.isSynchronised() }

    /// The timers' descriptors, to poll for readability.
    public var pollDescriptors: [Int32] { [monotonicTimer.fd, wallTimer.fd] }

    /// Arms the monotonic timer for `uptime` (nil: disarmed) and the realtime timer for `wall`;
    /// without a wall deadline the realtime timer is armed a year after `now`, so that a change of
    /// the wall clock is still reported.
    public func arm(uptime: Double?, wall: Double?, now: Moment) throws(SystemError) {
        try monotonicTimer.arm(at: uptime)
        try wallTimer.arm(at: wall ?? (now.wall + 366 * 86_400))
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
