import Logging
import SleepBoxAudio
import SleepBoxCore

/// The one loop from the audio engine to a sink, shared by every output (the ALSA device, the
/// WAV recording of `run`, the simulator, `sleepbox play`): each brings its sink and its clock and
/// asks for the frames that are due (`play`), which are played the same way for all. It collects
/// what the engine reports, counts the silence played since the last sound, keeps an optional
/// level meter, and reports a failed write instead of dropping it.
package final class EngineFeed {
    package let engine: AudioEngine
    package private(set) var periodFrames: Int
    package let logger: Logger
    /// Frames played since the start: the output's own clock.
    package private(set) var framesPlayed: Int64 = 0
    /// Frames played, one after another, in blocks that began with nothing sounding: what the
    /// device's queue holds of silence at most (large until the first sound).
    package private(set) var quietFrames = Int.max / 2
    /// The level of what was played, when the output keeps one (the simulator's plot).
    package private(set) var meter: EnvelopeMeter?
    /// The last write that failed, if one did.
    package private(set) var lastWriteFailure: AudioSinkError?
    /// Writes that failed since the output started.
    package private(set) var writeFailureCount = 0
    /// Whether a failed write ends the writing for good (a recording: everything after a hole
    /// would be at the wrong time) or the next call tries again (a device).
    package let stopsWritingOnFailure: Bool
    private let periodSeconds: Double
    private var buffer: UnsafeMutablePointer<Float>
    private var bufferFrames: Int
    private var pending: [Event] = []
    private var loggedFailures: Set<String> = []
    /// Zeros for the stretches where nothing sounds.
    private static let silenceFrames = 16_384
    private let silence: UnsafeMutablePointer<Float>

    package init(engine: AudioEngine, periodSeconds: Double, meterWindowSeconds: Double? = nil,
                 stopsWritingOnFailure: Bool = false, logger: Logger) {
        self.engine = engine
        self.logger = logger
        self.periodSeconds = periodSeconds
        self.stopsWritingOnFailure = stopsWritingOnFailure
        periodFrames = max(1, engine.format.frames(periodSeconds))
        bufferFrames = max(periodFrames, 4096)
        buffer = .allocate(capacity: 2 * bufferFrames)
        silence = .allocate(capacity: 2 * Self.silenceFrames)
        silence.initialize(repeating: 0, count: 2 * Self.silenceFrames)
        meter = meterWindowSeconds.map { EnvelopeMeter(windowFrames: max(1, engine.format.frames($0))) }
    }

    deinit {
        buffer.deallocate()
        silence.deallocate()
    }

    /// The engine changed its rate (and the device with it, its queue empty): a period in frames
    /// of the new rate.
    package func rateChanged() {
        periodFrames = max(1, engine.format.frames(periodSeconds))
        quietFrames = Int.max / 2
        guard periodFrames > bufferFrames else { return }
        buffer.deallocate()
        bufferFrames = periodFrames
        buffer = .allocate(capacity: 2 * bufferFrames)
    }

    /// The device was opened again after a silence: it holds nothing yet, and the silence before
    /// the next release is counted from now.
    package func restartQuietCount() { quietFrames = 0 }

    /// Whether writes still reach the sink (false after a failure, when `stopsWritingOnFailure`).
    package var isWriting: Bool { !(stopsWritingOnFailure && lastWriteFailure != nil) }

    /// Plays `frames` frames into `sink` (nil: nowhere): zeros while nothing sounds (the engine
    /// only counts them, as far as the sink took them), a period at a time while something does.
    /// Stops early when a device takes no more, and with `untilReport` after the first block the
    /// engine reported something in. Returns the frames played and that report's frame, if any.
    @discardableResult
    package func play(_ frames: Int, to sink: AudioSink?, untilReport: Bool = false) -> (played: Int, reportAt: Int?) {
        var done = 0
        while done < frames {
            if engine.isSilent {
                let took = deliver(silence, min(frames - done, Self.silenceFrames), to: sink)
                engine.skip(frames: took)
                meter?.addSilence(frames: took)
                quietFrames += took
                framesPlayed += Int64(took)
                done += took
                if took == 0 { break }
                continue
            }
            let n = min(frames - done, periodFrames)
            var firstReport: Int?
            for (report, offset) in engine.render(into: buffer, frames: n) {
                pending.append(report.event)
                firstReport = min(firstReport ?? offset, offset)
            }
            meter?.add(buffer, frames: n)
            quietFrames = 0
            framesPlayed += Int64(n)
            let start = done
            done += n
            if deliver(buffer, n, to: sink) < n { break }
            if untilReport, let firstReport { return (done, start + firstReport) }
        }
        return (done, nil)
    }

    /// Hands `frames` frames to `sink`; returns what the sink took (0 when the write threw: logged
    /// once per kind), or all of them without a sink or once a recording stopped.
    private func deliver(_ block: UnsafeMutablePointer<Float>, _ frames: Int, to sink: AudioSink?) -> Int {
        guard let sink, isWriting else { return frames }
        do {
            return try sink.write(block, frames: frames)
        } catch {
            writeFailureCount += 1
            lastWriteFailure = error
            // A sink that fails once usually fails every period after: one line per kind of failure.
            if loggedFailures.insert(error.reason).inserted { logger.error("audio write failed: \(error)") }
            return isWriting ? 0 : frames
        }
    }

    /// An event for the loop that the engine did not report (the device was lost or came back).
    package func report(_ event: Event) { pending.append(event) }

    /// What the engine and the output reported since the last call.
    package func takeReports() -> [Event] {
        defer { pending.removeAll() }
        return pending
    }

    /// What happened since the last call: the engine's reports, the output's own, then the sound
    /// provider's.
    package func takeEvents() -> [Event] { takeReports() + engine.provider.takeEvents() }

    /// Fades every bus out over `seconds`; returns the fade's length in frames.
    package func startFadeOut(seconds: Double) -> Int {
        let fade = engine.format.frames(seconds)
        for bus in MixerBus.allCases { engine.mixer.stop(bus, overFrames: fade) }
        return fade
    }
}
