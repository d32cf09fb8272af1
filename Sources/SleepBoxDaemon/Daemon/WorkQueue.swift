#if canImport(Glibc)
import Glibc
#endif
import CLinux
import Foundation

/// Background work for the single-threaded loop: jobs run in order on one worker thread, and an
/// eventfd(2) becomes readable when results are waiting, so the loop picks them up in poll().
/// Used for work that may block (fsync of the state file on an SD card, rendering speech).
public final class WorkQueue: @unchecked Sendable {
    /// The completion fd for the poll loop.
    public let fd: Int32
    private let lock = NSCondition()
    private var jobs: [@Sendable () -> String?] = []
    private var results: [String] = []
    private var busy = false
    private var stopping = false

    public init() throws(SystemError) {
        let fd = eventfd(0, Int32(EFD_NONBLOCK) | Int32(EFD_CLOEXEC))
        guard fd >= 0 else { throw SystemError("eventfd") }
        self.fd = fd
        let thread = Thread { [weak self] in self?.work() }
        thread.name = "sleepbox-work"
        thread.start()
    }

    deinit { close(fd) }

    /// Queues a job; what it returns (a message for the log, or nil) comes back through `fd`.
    public func submit(_ job: @escaping @Sendable () -> String?) {
        lock.lock()
        jobs.append(job)
        lock.signal()
        lock.unlock()
    }

    /// Reads the completion count and returns the finished jobs' messages.
    public func collect() -> [String] {
        var count: UInt64 = 0
        _ = retryingEINTR { Glibc.read(fd, &count, 8) }
        lock.lock()
        defer { lock.unlock() }
        let out = results
        results.removeAll()
        return out
    }

    /// Waits until every queued job has run (on exit: the last state save must be on disk).
    public func drain() {
        lock.lock()
        while !jobs.isEmpty || busy { lock.wait() }
        lock.unlock()
    }

    /// Lets the worker thread end after the queued jobs.
    public func stop() {
        lock.lock()
        stopping = true
        lock.broadcast()
        lock.unlock()
    }

    private func work() {
        while true {
            lock.lock()
            while jobs.isEmpty && !stopping { lock.wait() }
            if jobs.isEmpty && stopping {
                lock.unlock()
                return
            }
            let job = jobs.removeFirst()
            busy = true
            lock.unlock()
            let message = job()
            lock.lock()
            busy = false
            if let message { results.append(message) }
            lock.broadcast()
            lock.unlock()
            var one: UInt64 = 1
            _ = retryingEINTR { Glibc.write(fd, &one, 8) }
        }
    }
}
