import Logging
import SleepBoxAudio
import SleepBoxCore
import SleepBoxRunner
import SleepBoxSound

/// The audio engine on the simulator's virtual clock: the outputs' one loop (`EngineFeed`)
/// driven to each moment the clock moves to, rendering exactly what the box would play, 10 ms
/// period after 10 ms period as a sound card would take it, into a recording (and a level meter),
/// and reporting what the engine reports at the frame it happened.
public final class SimulatorAudio: AudioOutput {
    let feed: EngineFeed
    let sink: AudioSink?
    /// The device lost by fault injection: the engine plays on (as it does while the daemon
    /// retries a lost device), and the recording gets silence in its place.
    public private(set) var deviceLost = false
    private lazy var silenced: AudioSink? = sink.map(SilencedSink.init)

    public init(engine: AudioEngine, sink: AudioSink?, periodSeconds: Double = 0.01, meterWindowSeconds: Double = 0.1,
                logger: Logger = Logger(label: "sleepbox.simulate")) {
        self.sink = sink
        feed = EngineFeed(engine: engine, periodSeconds: periodSeconds, meterWindowSeconds: meterWindowSeconds,
                          stopsWritingOnFailure: true, logger: logger)
    }

    public var engine: AudioEngine { feed.engine }
    public var format: AudioFormat { feed.engine.format }
    /// The level of what was played.
    public var meter: EnvelopeMeter { feed.meter ?? EnvelopeMeter(windowFrames: 1) }
    /// Frames rendered so far (the audio clock).
    public var frames: Int64 { feed.framesPlayed }
    /// The audio clock in seconds.
    public var time: Double { Double(frames) / Double(format.sampleRate) }
    /// Why the recording stopped, if it did (the night plays on; `simulate` fails at its end).
    public var writeError: AudioSinkError? { feed.lastWriteFailure }

    public func close() { sink?.close() }

    // MARK: - AudioOutput

    public func perform(_ command: Command, at now: Moment) { engine.perform(command) }

    public func follow(_ settings: SoundSettings) { engine.follow(settings) }

    public var pollDescriptors: [(fd: Int32, events: Int16)] { [] }

    /// Renders on to virtual time `uptime`; stops early at the end of the first period in which
    /// the engine reported something and returns that report's exact time (`service` reports it).
    public func playOn(upTo uptime: Double) -> Double? {
        let target = Int64((uptime * Double(format.sampleRate)).rounded())
        guard target > frames else { return nil }
        let start = frames
        let (_, at) = feed.play(Int(target - start), to: deviceLost ? silenced : sink, untilReport: true)
        return at.map { Double(start + Int64($0)) / Double(format.sampleRate) }
    }

    public func service(at now: Moment, revents: [(fd: Int32, revents: Int16)]) -> [Event] { feed.takeReports() }

    /// Nothing to wake for: the sound plays on in `playOn(upTo:)` up to every wake-up.
    public var nextWake: Double? { nil }

    /// What the sound side learnt carrying out the commands, at once (virtual time stands still).
    public func takeLearnedEvents() -> [Event] { engine.provider.takeEvents() }

    /// The recording ends where the run ends (`close()`).
    public func shutDown(fadeSeconds: Double) {}

    public var statusText: String {
        "rendered on the virtual clock (\(format.sampleRate) Hz)" + (deviceLost ? ", device lost; retrying" : "")
    }

    public func injectFault(lost: Bool) -> Bool {
        if lost != deviceLost { feed.report(.audioAvailabilityChanged(!lost)) }
        deviceLost = lost
        return true
    }
}

/// Stands in for the recording while the device is lost: the same number of frames, silent.
private final class SilencedSink: AudioSink {
    let sink: AudioSink
    private var zeros: [Float] = []
    init(_ sink: AudioSink) { self.sink = sink }
    var format: AudioFormat { sink.format }
    func write(_ buffer: UnsafePointer<Float>, frames: Int) throws(AudioSinkError) -> Int {
        let samples = frames * format.channels
        if zeros.count < samples { zeros = [Float](repeating: 0, count: samples) }
        return try zeros.withUnsafeBufferPointer { (p: UnsafeBufferPointer<Float>) throws(AudioSinkError) -> Int in
            guard let base = p.baseAddress else { return frames }
            return try sink.write(base, frames: frames)
        }
    }
    func close() {}
}
