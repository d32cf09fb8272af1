import SleepBoxAudio
import SleepBoxCore
import SleepBoxRunner

/// The audio engine on the simulator's virtual clock: it renders exactly what the box would play,
/// 10 ms period after 10 ms period as a sound card would take it, into a recording (and a level
/// meter), and reports what the engine reports at the frame it happened.
public final class SimulatorAudio: AudioOutput {
    public let engine: AudioEngine
    public let format: AudioFormat
    let sink: AudioSink?
    public private(set) var meter: EnvelopeMeter
    /// Frames rendered so far (the audio clock).
    public private(set) var frames: Int64 = 0
    let periodFrames: Int
    private let buffer: UnsafeMutablePointer<Float>
    private let silenceFrames = 16_384
    private let silence: UnsafeMutablePointer<Float>
    public private(set) var writeError: AudioSinkError?
    /// What the engine reported in the last `playOn(upTo:)`, for `service`.
    private var reports: [Event] = []
    /// The device lost by fault injection: the engine plays on (as it does while the daemon
    /// retries a lost device), but nothing reaches the recording or the meter.
    public private(set) var deviceLost = false

    public init(engine: AudioEngine, sink: AudioSink?, periodSeconds: Double = 0.01, meterWindowSeconds: Double = 0.1) {
        self.engine = engine
        self.format = engine.format
        self.sink = sink
        periodFrames = max(1, engine.format.frames(periodSeconds))
        meter = EnvelopeMeter(windowFrames: max(1, engine.format.frames(meterWindowSeconds)))
        buffer = .allocate(capacity: 2 * periodFrames)
        silence = .allocate(capacity: 2 * silenceFrames)
        silence.initialize(repeating: 0, count: 2 * silenceFrames)
    }

    deinit {
        buffer.deallocate()
        silence.deallocate()
    }

    /// The audio clock in seconds.
    public var time: Double { Double(frames) / Double(format.sampleRate) }

    /// Renders on to virtual time `t`. Stops early at the end of the first period in which the
    /// engine reported something, returning that report's exact time and the reports.
    public func render(upTo t: Double) -> (time: Double, reports: [EngineReport])? {
        let target = Int64((t * Double(format.sampleRate)).rounded())
        while frames < target {
            let left = Int(target - frames)
            if engine.isSilent {
                // Nothing sounds: a night's hours of silence are written in large blocks.
                let n = min(left, silenceFrames)
                write(silence, n)
                meter.addSilence(frames: n)
                engine.skip(frames: n)
                frames += Int64(n)
                continue
            }
            let n = min(left, periodFrames)
            let reports = engine.render(into: buffer, frames: n)
            if deviceLost {
                write(silence, n)
                meter.addSilence(frames: n)
            } else {
                write(buffer, n)
                meter.add(buffer, frames: n)
            }
            let start = frames
            frames += Int64(n)
            if let first = reports.map(\.1).min() {
                return (Double(start + Int64(first)) / Double(format.sampleRate), reports.map(\.0))
            }
        }
        return nil
    }

    private func write(_ p: UnsafeMutablePointer<Float>, _ n: Int) {
        guard let sink, writeError == nil else { return }
        do {
            _ = try sink.write(p, frames: n)
        } catch {
            writeError = error
        }
    }

    public func close() { sink?.close() }

    // MARK: - AudioOutput

    public func perform(_ command: Command, at now: Moment) { engine.perform(command) }

    public func follow(_ settings: SoundSettings) { engine.follow(settings) }

    public var pollDescriptors: [(fd: Int32, events: Int16)] { [] }

    public func playOn(upTo uptime: Double) -> Double? {
        guard let (at, reported) = render(upTo: uptime) else { return nil }
        reports += reported.map(\.event)
        return at
    }

    public func service(at now: Moment, revents: [(fd: Int32, revents: Int16)]) -> [Event] {
        defer { reports.removeAll() }
        return reports
    }

    /// Nothing to wake for: the sound plays on in `playOn(upTo:)` up to every wake-up.
    public var nextWake: Double? { nil }

    public func takeLearnedEvents() -> [Event] { engine.provider.takeEvents() }

    /// The recording ends where the run ends (`close()`).
    public func shutDown(fadeSeconds: Double) {}

    public var statusText: String {
        "rendered on the virtual clock (\(format.sampleRate) Hz)" + (deviceLost ? ", device lost; retrying" : "")
    }

    public func injectFault(lost: Bool) -> Bool {
        if lost != deviceLost { reports.append(.audioAvailabilityChanged(!lost)) }
        deviceLost = lost
        return true
    }
}
