#if canImport(Glibc)
import Glibc
#endif
import CLinux

/// Whether the kernel considers the system clock synchronised (adjtimex(2): STA_UNSYNC clear).
/// A Pi has no battery-backed clock: until the first network time sync its time is wrong, and
/// the box says so on screen instead of ringing at a wrong hour silently.
public enum ClockStatus {
    public static func isSynchronised() -> Bool {
        var tx = timex()
        let state = adjtimex(&tx)
        return state != TIME_ERROR && (tx.status & STA_UNSYNC) == 0
    }
}
