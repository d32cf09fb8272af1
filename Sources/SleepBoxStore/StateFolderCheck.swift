#if canImport(Glibc)
import Glibc
#endif
import SleepBoxSystem

/// Whether the box can keep its state in the state folder: a file is created there and removed
/// (what access(2) says is not what a read-only filesystem does, and root passes every mode).
public enum StateFolderCheck {
    /// Nil when files can be created in `directory`; otherwise why not, e.g. "open
    /// /var/lib/sleepbox/.write-check-42: Read-only file system (errno 30)".
    public static func whyNotWritable(_ directory: String) -> String? {
        let probe = directory + "/.write-check-\(getpid())"
        let fd = SystemCall.retryingEINTR { open(probe, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600) }
        guard fd >= 0 else { return SystemError("open", path: probe).description }
        close(fd)
        unlink(probe)
        return nil
    }
}
