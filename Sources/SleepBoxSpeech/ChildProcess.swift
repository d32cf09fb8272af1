import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SleepBoxSystem

/// Runs a program with Foundation's `Process`: standard input from memory, standard output and
/// error collected whole, a time limit.
///
/// Input is written and stderr read on their own threads while this one reads stdout, so a child
/// that writes before it has read all its input (Piper speaks line by line) cannot deadlock on a
/// full pipe.
enum ChildProcess {
    /// How the child ended.
    struct Output {
        /// Exit status, or the signal number when `signaled`.
        var status: Int32
        /// True when a signal ended the child.
        var signaled: Bool
        /// True when the time limit ended it.
        var timedOut: Bool
        var stdout: Data
        var stderr: Data
    }

    /// Runs `executable` (a path) with `arguments`, feeding it `input`, for at most `timeout` seconds
    /// (then SIGTERM, and SIGKILL two seconds later). Throws only when it cannot be started.
    static func run(_ executable: String, arguments: [String], input: Data, timeout: Double) throws(SpeechError.Reason) -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let stdinPipe = Pipe()
        let stdoutPipe = Pipe()
        let stderrPipe = Pipe()
        process.standardInput = stdinPipe
        process.standardOutput = stdoutPipe
        process.standardError = stderrPipe
        do {
            try process.run()
        } catch {
            throw .launchFailed(path: executable, detail: "\(error)")
        }

        // Dedicated threads, not GCD: Dispatch's global pool has about one thread per core on Linux,
        // and blocked readers there would starve the writer or the watchdog and hang.
        let group = DispatchGroup()
        let stderrData = Shared(Data())
        let timedOut = Shared(false)
        let writer = stdinPipe.fileHandleForWriting
        group.enter()
        Thread.detachNewThread {
            writeIgnoringBrokenPipe(writer.fileDescriptor, input)
            try? writer.close()
            group.leave()
        }
        let errorReader = stderrPipe.fileHandleForReading
        group.enter()
        Thread.detachNewThread {
            stderrData.set(errorReader.readDataToEndOfFile())
            group.leave()
        }
        let pid = process.processIdentifier
        let exited = DispatchSemaphore(value: 0)
        let limit = max(0.1, timeout)
        Thread.detachNewThread {
            guard exited.wait(timeout: .now() + limit) == .timedOut else { return }
            timedOut.set(true)
            kill(pid, SIGTERM)
            // A child that ignores SIGTERM gets SIGKILL after a grace period.
            if exited.wait(timeout: .now() + 2) == .timedOut { kill(pid, SIGKILL) }
        }

        let stdout = stdoutPipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        exited.signal()
        group.wait()
        return Output(status: process.terminationStatus,
                      signaled: process.terminationReason == .uncaughtSignal,
                      timedOut: timedOut.get(),
                      stdout: stdout,
                      stderr: stderrData.get())
    }

    /// Writes all of `data` to `fd`; false when the child no longer reads. If the child exits
    /// without reading it all, the write fails with EPIPE instead of killing this process with
    /// SIGPIPE: the signal is blocked on this thread for the write and a pending one is consumed
    /// before unblocking.
    @discardableResult
    static func writeIgnoringBrokenPipe(_ fd: Int32, _ data: Data) -> Bool {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        var brokenPipe = false, failed = false
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            guard var p = raw.baseAddress else { return }
            var left = raw.count
            while left > 0 {
                let n = SystemCall.retryingEINTR { write(fd, p, left) }
                if n < 0 {
                    brokenPipe = errno == EPIPE
                    failed = true
                    return
                }
                p += n
                left -= n
            }
        }
        if brokenPipe {
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1 {
                var zero = timespec(tv_sec: 0, tv_nsec: 0)
                _ = sigtimedwait(&pipeSignal, nil, &zero)
            }
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        return !failed
    }

    /// A value handed from a helper thread back to the caller.
    private final class Shared<Value>: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Value

        init(_ value: Value) { self.value = value }

        func set(_ newValue: Value) {
            lock.lock()
            value = newValue
            lock.unlock()
        }

        func get() -> Value {
            lock.lock()
            defer { lock.unlock() }
            return value
        }
    }
}
