import CALSA
import Logging

#if canImport(Glibc)
import Glibc
#endif
import SleepBoxSystem

/// Plays the engine's float frames on an ALSA PCM, without ever blocking the daemon's loop.
///
/// The daemon puts `pollDescriptors` in its single `poll()`, passes the results to
/// `handlePoll(revents:)`, writes while `framesWanted > 0`, and calls `retry(now:)` when
/// `nextRetry` is due. Underruns and suspends are recovered and counted; a device that goes away
/// or cannot be opened makes the sink `.unavailable` and it reopens with exponential backoff.
/// State changes come back as `ALSASinkEvent`s from `open(now:)`, `handlePoll(revents:)` and
/// `retry(now:)` (also those found while writing or asking `framesWanted`).
///
/// Not thread-safe: use from one thread (the loop's).
public final class ALSASink: AudioSink {
    /// Opens a PCM by name for playback; returns 0 and sets the handle, or a negative error code.
    typealias Opener = (_ device: String, _ handle: inout OpaquePointer?) -> Int32

    /// What the sink asks of the device.
    public let configuration: ALSASinkConfiguration
    /// The frames `write` takes: interleaved float at the device's actual rate (the engine's
    /// requested rate until a device is open; if a device cannot do that rate, the engine must
    /// resample to this one).
    public private(set) var format: AudioFormat
    /// Where the sink stands.
    public internal(set) var state: ALSASinkState = .closed
    /// What the open device gave; nil while no device is open.
    public private(set) var parameters: ALSAStreamParameters?
    /// Underruns (-EPIPE) recovered with `snd_pcm_recover` since the sink was made (logged one by
    /// one up to 10, then every 100th).
    public internal(set) var xrunCount = 0
    /// Suspends (-ESTRPIPE, system sleep) recovered with `snd_pcm_resume` or `snd_pcm_prepare`.
    public internal(set) var suspendCount = 0
    /// When `retry(now:)` should next be called (the caller's monotonic seconds, as given to
    /// `open(now:)` and `retry(now:)`), or nil when nothing waits. 0 means at once: a device lost
    /// after playing steadily is reopened on the loop's next turn; one lost within a second of audio
    /// after opening waits for the backoff counted from when it was opened.
    public internal(set) var nextRetry: Double?

    private let opener: Opener
    var logger: Logger
    var pcm: OpaquePointer?
    private var devicePollDescriptors: [pollfd] = []
    private var scratch: UnsafeMutableRawPointer?
    private var scratchFrames = 0
    var pendingEvents: [ALSASinkEvent] = []
    var failedOpens = 0
    var resumeAttempts = 0
    var openedAt = 0.0
    var framesSinceOpen = 0

    /// Resume attempts answered "try again" (-EAGAIN) before the sink gives up waiting and
    /// prepares the stream afresh.
    static let maxResumeAttempts = 20

    /// A device lost after playing less than this (in seconds of audio) since it was opened counts
    /// as a failed attempt, so a device that opens but fails at once is retried with backoff.
    static let stableSeconds = 1.0

    /// A sink for `configuration.device`, not yet open: call `open(now:)`.
    /// Silences libasound's own stderr printing (`ALSALibrary.silenceErrorOutput()`).
    public convenience init(format: AudioFormat = .engine,
                            configuration: ALSASinkConfiguration = ALSASinkConfiguration(),
                            logger: Logger = Logger(label: "sleepbox.audio.alsa")) {
        self.init(format: format, configuration: configuration, logger: logger, opener: ALSASink.openPCM)
    }

    init(format: AudioFormat, configuration: ALSASinkConfiguration, logger: Logger, opener: @escaping Opener) {
        self.format = format
        self.configuration = configuration
        self.logger = logger
        self.logger[metadataKey: "device"] = "\(configuration.device)"
        self.opener = opener
        ALSALibrary.silenceErrorOutput()
    }

    deinit {
        disconnect()
    }

    /// The default opener: `snd_pcm_open` for playback with `SND_PCM_NONBLOCK`, which also keeps
    /// the open itself from waiting on a busy device.
    static func openPCM(_ device: String, _ handle: inout OpaquePointer?) -> Int32 {
        snd_pcm_open(&handle, device, SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK)
    }

    // MARK: - Opening and retrying

    /// Opens the device (`snd_pcm_open`, non-blocking) and negotiates its parameters
    /// (`snd_pcm_hw_params`, `snd_pcm_sw_params`). On failure the sink is `.unavailable`, the
    /// result holds `.lost(reason)` and `nextRetry` is `now` plus the first backoff delay.
    /// Does nothing unless the sink is `.closed`.
    @discardableResult
    public func open(now: Double) -> [ALSASinkEvent] {
        if case .closed = state {
            failedOpens = 0
            attemptOpen(now: now)
        }
        return takeEvents()
    }

    /// When `now` has reached `nextRetry`: reopens an `.unavailable` device (giving `.restored`
    /// on success, else scheduling the next attempt with backoff) or tries to resume a suspended
    /// one (`snd_pcm_resume`). Returns the events pending since the last call in any case.
    @discardableResult
    public func retry(now: Double) -> [ALSASinkEvent] {
        if let due = nextRetry, now >= due {
            switch state {
            case .unavailable: attemptOpen(now: now)
            case .recovering: _ = resume(now: now)
            case .closed, .running: nextRetry = nil
            }
        }
        return takeEvents()
    }

    private func attemptOpen(now: Double) {
        switch connect() {
        case .success(let parameters):
            openedAt = now
            framesSinceOpen = 0
            nextRetry = nil
            if case .unavailable = state {
                pendingEvents.append(.restored)
                logger.notice("audio device restored: \(parameters)")
            } else {
                logger.info("audio device open: \(parameters)")
            }
            state = .running
        case .failure(let failure):
            failedOpens += 1
            let delay = configuration.backoff.delay(afterFailures: failedOpens)
            nextRetry = now + delay
            let reason = failure.description
            if case .unavailable(let previous) = state {
                if previous != reason { logger.warning("audio device still unavailable: \(reason)") }
                logger.debug("audio device: next attempt in \(delay) s")
            } else {
                pendingEvents.append(.lost(reason))
                logger.error("audio device unavailable: \(reason); retrying in \(delay) s")
            }
            state = .unavailable(reason)
        }
    }

    private func connect() -> Result<ALSAStreamParameters, ALSAFailure> {
        let device = configuration.device
        var handleOrNil: OpaquePointer?
        let rc = SystemCall.retryingNegatedEINTR { opener(device, &handleOrNil) }
        guard rc >= 0, let handle = handleOrNil else {
            return .failure(ALSAFailure(code: rc < 0 ? rc : -EIO, operation: "open \"\(device)\""))
        }
        do throws(ALSAFailure) {
            // SND_PCM_NONBLOCK at open does not reach I/O plugins (pulse, jack...): their drain
            // would block forever unless snd_pcm_nonblock is called as well.
            try ALSAPCMSetup.check(snd_pcm_nonblock(handle, 1), "use non-blocking mode")
            let parameters = try ALSAPCMSetup.configure(handle, device: device, format: format,
                                                         configuration: configuration)
            devicePollDescriptors = try ALSAPCMSetup.pollDescriptors(handle)
            pcm = handle
            self.parameters = parameters
            if parameters.sampleRate != format.sampleRate {
                logger.warning("device runs at \(parameters.sampleRate) Hz, not \(format.sampleRate) Hz")
            }
            format = AudioFormat(sampleRate: parameters.sampleRate, channels: parameters.channels)
            scratchFrames = parameters.bufferFrames
            scratch = UnsafeMutableRawPointer.allocate(byteCount: scratchFrames * parameters.bytesPerFrame,
                                                       alignment: 16)
            return .success(parameters)
        } catch {
            snd_pcm_close(handle)
            devicePollDescriptors = []
            return .failure(error)
        }
    }

    // MARK: - The poll loop

    /// The descriptors to add to the loop's `poll()` (`snd_pcm_poll_descriptors`); empty while no
    /// device is open or while it is suspended (a suspended PCM polls as always ready).
    public var pollDescriptors: [pollfd] {
        if case .running = state { return devicePollDescriptors }
        return []
    }

    /// Digests what `poll()` returned for `pollDescriptors` (`snd_pcm_poll_descriptors_revents`)
    /// and checks the stream (`snd_pcm_state`): recovers an underrun or a suspend, notices a device
    /// that went away. Call it after every `poll()`, with the sink's slice of the pollfd array
    /// (empty is fine); returns the events pending since the last call.
    @discardableResult
    public func handlePoll(revents fds: [pollfd]) -> [ALSASinkEvent] {
        if case .running = state, let pcm, !fds.isEmpty {
            var copy = fds
            var revents: UInt16 = 0
            let rc = copy.withUnsafeMutableBufferPointer { buffer in
                snd_pcm_poll_descriptors_revents(pcm, buffer.baseAddress, UInt32(buffer.count), &revents)
            }
            if rc < 0 {
                _ = recover(rc, during: "read poll events")
            } else if revents & UInt16(POLLNVAL) != 0 {
                lose(ALSAFailure(code: -EBADF, operation: "poll the device"))
            }
        }
        checkStream()
        return takeEvents()
    }

    /// Frames the device can take now without blocking (`snd_pcm_avail_update`); 0 unless running.
    /// Recovers an underrun or a suspend found on the way.
    public var framesWanted: Int {
        var attempts = 0
        while case .running = state, let pcm {
            let avail = snd_pcm_avail_update(pcm)
            if avail >= 0 { return avail }
            attempts += 1
            guard attempts < 3, recover(Int32(truncatingIfNeeded: avail), during: "ask for free space") else { break }
        }
        return 0
    }

    /// Converts up to `frames` interleaved float frames to the device's format and queues them
    /// (`snd_pcm_writei`, non-blocking); returns how many frames the device took: 0 when it is full
    /// (-EAGAIN), unavailable or suspended. An underrun is recovered and the write tried again.
    /// Throws only when the sink is closed: a device lost while writing makes the sink
    /// `.unavailable` and is reported as `.lost` by the next `handlePoll` or `retry`.
    public func write(_ buffer: UnsafePointer<Float>, frames: Int) throws(AudioSinkError) -> Int {
        switch state {
        case .closed:
            throw AudioSinkError(device: configuration.device, reason: "not open")
        case .unavailable, .recovering:
            return 0
        case .running:
            break
        }
        guard frames > 0, let pcm, let scratch, let parameters else { return 0 }
        let count = min(frames, scratchFrames)
        ALSASampleEncoder.encode(buffer, into: scratch, count: count * parameters.channels, format: parameters.format)
        var attempts = 0
        while true {
            let written = SystemCall.retryingNegatedEINTR { snd_pcm_writei(pcm, scratch, snd_pcm_uframes_t(count)) }
            if written >= 0 {
                noteFramesPlayed(written)
                return written
            }
            let code = Int32(truncatingIfNeeded: written)
            if code == -EAGAIN { return 0 }
            attempts += 1
            guard attempts < 3, recover(code, during: "write") else { return 0 }
        }
    }

    // MARK: - Ending

    /// `drain(timeout:)` with 2 seconds: the `AudioSink` requirement.
    public func drain() {
        drain(timeout: 2)
    }

    /// Plays out what is queued, then leaves the stream prepared for more (`snd_pcm_drain`,
    /// `snd_pcm_prepare`). Blocks for up to `timeout` seconds: for a clean end, e.g. on exit, never
    /// in the loop. Returns false when the device was not running or did not finish in time
    /// (what was left is dropped with `snd_pcm_drop`).
    @discardableResult
    public func drain(timeout: Double) -> Bool {
        guard case .running = state, let pcm else { return false }
        var rc: Int32
        rc = SystemCall.retryingNegatedEINTR { snd_pcm_drain(pcm) }
        var drained = rc == 0
        if rc == -EAGAIN {
            // A non-blocking PCM answers drain with -EAGAIN and keeps DRAINING; waiting here with a
            // deadline beats snd_pcm_nonblock(0), which would wait forever on a wedged device.
            let deadline = SystemClock.monotonicSeconds() + max(0, timeout)
            let step = UInt32(clamping: (parameters?.periodFrames ?? 480) * 1_000_000 / max(1, format.sampleRate))
            while true {
                _ = snd_pcm_avail_update(pcm)
                if snd_pcm_state(pcm) != SND_PCM_STATE_DRAINING {
                    drained = true
                    break
                }
                if SystemClock.monotonicSeconds() >= deadline { break }
                usleep(max(1_000, min(step, 20_000)))
            }
        } else if rc < 0 {
            logger.warning("drain failed: \(ALSALibrary.errorText(rc))")
        }
        if !drained { _ = snd_pcm_drop(pcm) }
        let prepared = snd_pcm_prepare(pcm)
        if prepared < 0 { lose(ALSAFailure(code: prepared, operation: "prepare after draining")) }
        return drained
    }

    /// Closes the device (dropping anything queued) and opens it again for `format`: the output
    /// changing its rate. Only for a device whose queue holds nothing but silence, or nothing is
    /// heard to stop. Returns the events as `open(now:)` does (a device that cannot be opened for
    /// `format` is `.unavailable` and retried for it).
    @discardableResult
    public func reopen(format: AudioFormat, now: Double) -> [ALSASinkEvent] {
        let wasLost = if case .unavailable = state { true } else { false }
        disconnect()
        state = .closed
        nextRetry = nil
        self.format = format
        var events = open(now: now)
        // A device that was lost and opens now is back (`open` only knows it as closed).
        if wasLost, parameters != nil { events.append(.restored) }
        return events
    }

    /// Closes the device (`snd_pcm_close`, dropping anything queued) and stops retrying.
    /// `open(now:)` may open it again.
    public func close() {
        disconnect()
        state = .closed
        nextRetry = nil
        pendingEvents.removeAll()
    }

    func disconnect() {
        if let pcm { snd_pcm_close(pcm) }
        pcm = nil
        devicePollDescriptors = []
        parameters = nil
        scratch?.deallocate()
        scratch = nil
        scratchFrames = 0
    }

    private func takeEvents() -> [ALSASinkEvent] {
        defer { pendingEvents.removeAll() }
        return pendingEvents
    }
}
