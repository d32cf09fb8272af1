import Logging
import SleepBoxAudio
import SleepBoxCore
import SleepBoxRunner
import SleepBoxSound

/// The audio engine recording to a sink (a WAV file) in real time, behind the daemon's
/// `AudioOutput`: simulated hardware that keeps what the box would have played. The recording is
/// paced by the monotonic clock: everything due up to now is written whenever the loop comes by,
/// silence in one go when the next thing happens, sound a period at a time.
///
/// A recording that cannot be written is reported, not dropped: the error is logged, shown in
/// `statusText`, and the box hears "audio unavailable". The engine plays on unrecorded, so items
/// still end when they should; nothing more is written, since a recording with a hole in it would
/// put everything after the hole at the wrong time.
public final class RecordingAudioOutput: AudioOutput {
    let sink: AudioSink
    private let feed: EngineFeed
    /// The monotonic time the recording started.
    private let start: Double
    /// Frames rendered since the start (the recording's clock).
    public var framesRendered: Int64 { feed.framesPlayed }
    /// Why the recording stopped, if it did.
    public var failure: AudioSinkError? { feed.lastWriteFailure }

    /// Starts recording into `sink` at monotonic time `now`.
    public init(engine: AudioEngine, sink: AudioSink, periodSeconds: Double, now: Double, logger: Logger) {
        self.sink = sink
        feed = EngineFeed(engine: engine, periodSeconds: periodSeconds, stopsWritingOnFailure: true, logger: logger)
        start = now
    }

    /// The engine this output drives.
    public var engine: AudioEngine { feed.engine }

    public func perform(_ command: Command, at now: Moment) {
        catchUp(to: now.uptime)
        feed.engine.perform(command)
    }

    public func follow(_ settings: SoundSettings) { feed.engine.follow(settings) }

    public var isSounding: Bool { !feed.engine.isSilent }

    public var pollDescriptors: [(fd: Int32, events: Int16)] { [] }

    public func service(at now: Moment, revents: [(fd: Int32, revents: Int16)]) -> [Event] {
        catchUp(to: now.uptime)
        return feed.takeEvents()
    }

    public var nextWake: Double? {
        // Silence is written when the next thing happens; sound is written a period at a time.
        guard !feed.engine.isSilent else { return nil }
        return start + Double(framesRendered + Int64(feed.periodFrames)) / Double(feed.engine.format.sampleRate)
    }

    public func shutDown(fadeSeconds: Double) {
        play(feed.startFadeOut(seconds: fadeSeconds))
        sink.close()
    }

    /// `recording (48000 Hz), 96000 frames`, with the reason when the recording stopped.
    public var statusText: String {
        var text = "recording (\(sink.format.sampleRate) Hz), \(framesRendered) frames"
        if let failure { text += ", failed: \(failure)" }
        return text
    }

    /// Writes everything due up to `uptime`.
    private func catchUp(to uptime: Double) {
        let due = Int64(((uptime - start) * Double(feed.engine.format.sampleRate)).rounded(.down))
        if due > framesRendered { play(Int(due - framesRendered)) }
    }

    private func play(_ frames: Int) {
        let wasWriting = feed.isWriting
        feed.play(frames, to: sink)
        guard wasWriting, !feed.isWriting else { return }
        feed.logger.error("the recording stopped; the box plays on without it")
        feed.report(.audioAvailabilityChanged(false))
    }
}
