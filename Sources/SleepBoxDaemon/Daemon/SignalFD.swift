#if canImport(Glibc)
import Glibc
#endif
import CLinux
import SleepBoxSystem

/// Signals as readable events (signalfd(2)): SIGTERM, SIGINT and SIGHUP are blocked for normal
/// delivery and read from the poll loop instead, so no code runs in a signal handler.
public final class SignalFD {
    public let fd: Int32

    /// The signals the daemon reads from its loop.
    public static let daemonSignals: [Int32] = [SIGTERM, SIGINT, SIGHUP]

    /// Blocks `signals` for normal delivery in this thread and every thread started after it
    /// (pthread_sigmask). Call it before any other thread starts: a thread that does not block
    /// them would take SIGTERM with the default action and end the process without a clean stop.
    public static func block(_ signals: [Int32] = daemonSignals) {
        var mask = sigset_t()
        sigemptyset(&mask)
        for s in signals { sigaddset(&mask, s) }
        pthread_sigmask(SIG_BLOCK, &mask, nil)
    }

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
            let n = SystemCall.retryingEINTR { Glibc.read(fd, &info, MemoryLayout<signalfd_siginfo>.size) }
            guard n == MemoryLayout<signalfd_siginfo>.size else { break }
            out.append(Int32(bitPattern: info.ssi_signo))
        }
        return out
    }
}
