import CLinux
#if canImport(Glibc)
import Glibc
#endif

/// The capabilities the box's programs would pass on. The unit gives the box CAP_SYS_TIME as an
/// ambient capability (it sets the clock and the RTC); an ambient capability is handed to every
/// program the box starts. The voice's Python needs none, so the box clears its ambient set once,
/// before it starts anything: it keeps the capability for itself.
public enum InheritedCapabilities {
    /// Clears the ambient set; nil when done (or nothing to clear), else the errno's text.
    public static func clear() -> String? {
        let error = sleepbox_clear_ambient_capabilities()
        return error == 0 ? nil : String(cString: strerror(error))
    }
}
