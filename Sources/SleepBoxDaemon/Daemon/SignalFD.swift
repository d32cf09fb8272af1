#if canImport(Glibc)
import Glibc
#endif
import CLinux

/// Signals as readable events (signalfd(2)): SIGTERM, SIGINT and SIGHUP are blocked for normal
/// delivery and read from the poll loop instead, so no code runs in a signal handler.
public final class SignalFD {
    public let fd: Int32

    /// sigprocmask(SIG_BLOCK) + signalfd(-1, mask, SFD_NONBLOCK | SFD_CLOEXEC)
    public init(signals: [Int32]) throws(SystemError) {
        var mask = sigset_t()
        sigemptyset(&mask)
        for s in signals { sigaddset(&mask, s) }
        guard sigprocmask(SIG_BLOCK, &mask, nil) == 0 else { throw SystemError("sigprocmask") }
        let fd = signalfd(-1, &mask, Int32(SFD_NONBLOCK) | Int32(SFD_CLOEXEC))
        guard fd >= 0 else { throw SystemError("signalfd") }
        self.fd = fd
    }

    deinit { close(fd) }

    /// The signals that arrived since the last read.
    public func read() -> [Int32] {
        var out: [Int32] = []
        var info = signalfd_siginfo()
        while true {
            let n = retryingEINTR { Glibc.read(fd, &info, MemoryLayout<signalfd_siginfo>.size) }
            guard n == MemoryLayout<signalfd_siginfo>.size else { break }
            out.append(Int32(bitPattern: info.ssi_signo))
        }
        return out
    }
}
