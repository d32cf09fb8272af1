#if canImport(Glibc)
import Glibc
#endif
import CLinux
import Foundation
import SleepBoxSound
import SleepBoxSystem

/// A value carried to the loop thread, which alone touches it.
private struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

/// Background work for the single-threaded loop: jobs run in order on one worker thread, and an
/// eventfd(2) becomes readable when results are waiting, so the loop picks them up in poll().
/// Used for work that may block (fsync of the state file on an SD card, rendering speech); the
/// sound side's executor (`SoundExecutor`) on the box.
public final class WorkQueue: SoundExecutor, @unchecked Sendable {
    /// The completion fd for the poll loop.
    public let fd: Int32
    private let lock = NSCondition()
    private var jobs: [@Sendable () -> Completion?] = []
    private var results: [Completion] = []
    private var busy = false
    private var stopping = false

    /// A queue whose worker thread is called `name` (in `top -H`, gdb, perf).
    public init(name: String = "sleepbox-work") throws(SystemError) {
        let fd = eventfd(0, Int32(EFD_NONBLOCK) | Int32(EFD_CLOEXEC))
        guard fd >= 0 else { throw SystemError("eventfd") }
        self.fd = fd
        let thread = Thread { [weak self] in self?.work() }
        thread.name = name
        thread.start()
    }

    deinit { close(fd) }

    /// What a finished job hands back to the loop thread.
    struct Completion: @unchecked Sendable {
        /// Runs on the loop thread (it may touch the loop's objects; it is never run elsewhere).
        let run: () -> Void
    }

    /// Queues a job whose result (a message for the log, or nil) the loop logs as an error.
    public func submit(_ job: @escaping @Sendable () -> String?, log: @escaping (String) -> Void) {
        run(job) { message in if let message { log(message) } }
    }

    /// Runs `job` on the worker thread and then `done` with its result on the loop thread (when
    /// the loop calls `collect()` after `fd` became readable).
    public func run<T: Sendable>(_ job: @escaping @Sendable () -> T, then done: @escaping (T) -> Void) {
        let handOff = UncheckedBox(done)
        lock.lock()
        jobs.append {
            let value = job()
            return Completion { handOff.value(value) }
        }
        lock.signal()
        lock.unlock()
    }

    /// Reads the completion count and runs the finished jobs' completions (on the calling thread:
    /// the loop's).
    public func collect() {
        var count: UInt64 = 0
        _ = SystemCall.retryingEINTR { Glibc.read(fd, &count, 8) }
        lock.lock()
        let out = results
        results.removeAll()
        lock.unlock()
        for c in out { c.run() }
    }

    /// Waits until every queued job has run (on exit: the last state save must be on disk).
    public func drain() {
        lock.lock()
        while !jobs.isEmpty || busy { lock.wait() }
        lock.unlock()
    }

    /// Forgets the jobs not started yet (on exit: rendering ahead is not worth waiting for).
    public func cancelPending() {
        lock.lock()
        jobs.removeAll()
        lock.broadcast()
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
            let completion = job()
            lock.lock()
            busy = false
            if let completion { results.append(completion) }
            lock.broadcast()
            lock.unlock()
            var one: UInt64 = 1
            _ = SystemCall.retryingEINTR { Glibc.write(fd, &one, 8) }
        }
    }
}
