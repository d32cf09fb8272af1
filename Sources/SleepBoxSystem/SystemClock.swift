#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The two clocks the box reads, in seconds: the monotonic one for deadlines and event stamps,
/// the realtime one for the time of day.
public enum SystemClock {
    /// `clock_gettime(CLOCK_MONOTONIC)`: seconds since an arbitrary start (boot on Linux); never
    /// jumps. The clock the kernel stamps GPIO events and timerfds with.
    public static func monotonicSeconds() -> Double {
        seconds(CLOCK_MONOTONIC)
    }

    /// `clock_gettime(CLOCK_REALTIME)`: seconds since 1970-01-01T00:00:00Z; jumps when the
    /// clock is set.
    public static func realtimeSeconds() -> Double {
        seconds(CLOCK_REALTIME)
    }

    /// `clock_gettime(CLOCK_THREAD_CPUTIME_ID)`: CPU seconds the calling thread has used, which
    /// time spent waiting for a core (another process running) does not advance.
    public static func threadCPUSeconds() -> Double {
        seconds(CLOCK_THREAD_CPUTIME_ID)
    }

    /// `clock_gettime(CLOCK_BOOTTIME)`: seconds since this boot, suspend included; starts at 0
    /// at every boot whatever the wall clock says.
    public static func bootSeconds() -> Double {
        seconds(CLOCK_BOOTTIME)
    }

    /// `clock_settime(CLOCK_REALTIME)`: sets the wall clock to `wall` seconds since 1970 (needs
    /// CAP_SYS_TIME; EPERM without it).
    public static func setRealtime(_ wall: Double) throws(SystemError) {
        let whole = wall.rounded(.down)
        var time = timespec(tv_sec: time_t(whole), tv_nsec: Int((wall - whole) * 1e9))
        guard clock_settime(CLOCK_REALTIME, &time) == 0 else { throw SystemError("clock_settime CLOCK_REALTIME") }
    }

    /// `clock_gettime(clock)` in seconds; 0 if the clock cannot be read (it always can, for
    /// these two clocks on Linux).
    private static func seconds(_ clock: clockid_t) -> Double {
        var now = timespec()
        guard clock_gettime(clock, &now) == 0 else { return 0 }
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
