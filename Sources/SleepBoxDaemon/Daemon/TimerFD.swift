#if canImport(Glibc)
import Glibc
#endif
import CLinux
import SleepBoxSystem

/// A timerfd (timerfd_create(2)): a file descriptor that becomes readable at an absolute time,
/// so the poll loop needs no timeout arithmetic and never wakes on a fixed tick.
///
/// On CLOCK_REALTIME it is armed with TFD_TIMER_CANCEL_ON_SET: when the wall clock is set (a
/// network time sync, a manual change), the read fails with ECANCELED and the box learns of the
/// jump at once.
public final class TimerFD {
    public let fd: Int32
    public let clock: Int32

    /// timerfd_create(clock, TFD_NONBLOCK | TFD_CLOEXEC)
    public init(clock: Int32) throws(SystemError) {
        let fd = timerfd_create(clock, Int32(TFD_NONBLOCK) | Int32(TFD_CLOEXEC))
        guard fd >= 0 else { throw SystemError("timerfd_create") }
        self.fd = fd
        self.clock = clock
    }

    deinit { close(fd) }

    /// Arms the timer for an absolute time in seconds on its clock (nil: disarmed). On the
    /// realtime clock it is also cancelled by a clock change (timerfd_settime with
    /// TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET).
    public func arm(at seconds: Double?) throws(SystemError) {
        var spec = itimerspec()
        if let seconds {
            // A zero it_value disarms the timer, so a deadline at or before the epoch becomes 1 ns.
            let t = max(seconds, 1e-9)
            spec.it_value.tv_sec = Int(t.rounded(.down))
            spec.it_value.tv_nsec = max(1, Int(((t - t.rounded(.down)) * 1e9).rounded(.down)))
        }
        var flags = Int32(TFD_TIMER_ABSTIME)
        if clock == CLOCK_REALTIME { flags |= Int32(TFD_TIMER_CANCEL_ON_SET) }
        guard timerfd_settime(fd, flags, &spec, nil) == 0 else { throw SystemError("timerfd_settime") }
    }

    /// What a readable timer says.
    public enum Reading: Equatable { case expired, clockChanged, nothing }

    /// Reads the expiration count (read(2) of 8 bytes): expired, or the clock was set (ECANCELED).
    public func read() -> Reading {
        var count: UInt64 = 0
        let n = SystemCall.retryingEINTR { Glibc.read(fd, &count, 8) }
        if n == 8 { return .expired }
        if n < 0 && errno == ECANCELED { return .clockChanged }
        return .nothing
    }
}
