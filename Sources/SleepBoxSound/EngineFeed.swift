import Logging
import SleepBoxAudio
import SleepBoxCore

/// What the ALSA output and the recording output share: the audio engine rendered a period at a
/// time into one buffer, the events it reports collected for the loop, and the sink's write
/// failures reported (logged once per kind, the last kept for `status`) instead of dropped.
package final class EngineFeed {
    package let engine: AudioEngine
    package private(set) var periodFrames: Int
    package let logger: Logger
    /// Frames rendered, one after another, in blocks that began with nothing sounding: what the
    /// device's queue holds of silence at most (large until the first sound).
    package private(set) var quietFrames = Int.max / 2
    private let periodSeconds: Double
    /// The last write that failed, if one did.
    package private(set) var lastWriteFailure: AudioSinkError?
    /// Writes that failed since the output started.
    package private(set) var writeFailureCount = 0
    private var buffer: UnsafeMutablePointer<Float>
    private var bufferFrames: Int
    private var pending: [Event] = []
    private var loggedFailures: Set<String> = []

    package init(engine: AudioEngine, periodSeconds: Double, logger: Logger) {
        self.engine = engine
        self.logger = logger
        self.periodSeconds = periodSeconds
        periodFrames = max(1, engine.format.frames(periodSeconds))
        bufferFrames = max(periodFrames, 4096)
        buffer = .allocate(capacity: 2 * bufferFrames)
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

    deinit { buffer.deallocate() }

    /// Renders `frames` frames (at most a period) into the buffer, keeping what the engine reports.
    package func render(_ frames: Int) {
        let quiet = engine.isSilent
        for (report, _) in engine.render(into: buffer, frames: frames) { pending.append(report.event) }
        quietFrames = quiet ? quietFrames + frames : 0
    }

    /// Hands the `frames` frames last rendered to `sink`; returns how many it took, or nil when the
    /// write threw (the error is logged, the first time for its kind, and kept for `status`).
    package func write(_ frames: Int, to sink: AudioSink) -> Int? {
        do {
            return try sink.write(buffer, frames: frames)
        } catch {
            writeFailureCount += 1
            lastWriteFailure = error
            // A sink that fails once usually fails every period after: one line per kind of failure.
            if loggedFailures.insert(error.reason).inserted { logger.error("audio write failed: \(error)") }
            return nil
        }
    }

    /// An event for the loop that the engine did not report (the device was lost or came back).
    package func report(_ event: Event) { pending.append(event) }

    /// What happened since the last call: the engine's reports, the output's own, then the sound
    /// provider's.
    package func takeEvents() -> [Event] {
        let out = pending + engine.provider.takeEvents()
        pending.removeAll()
        return out
    }

    /// Starts fading every bus out over `seconds`; returns the fade's length in frames.
    package func startFadeOut(seconds: Double) -> Int {
        let fade = engine.format.frames(seconds)
        for bus in MixerBus.allCases { engine.mixer.stop(bus, overFrames: fade) }
        return fade
    }
}
