import Logging
import SleepBoxAudio
import SleepBoxCore
import Testing
@testable import SleepBoxSimulator
@testable import SleepBoxSound

/// Every output runs the engine through one loop (`EngineFeed`): the simulator on its virtual
/// clock, the WAV recording of `run` on the monotonic clock, and a sound card asking for what it
/// has room for (as `ALSAAudioOutput.service` does). The same commands at the same moments give
/// the same samples, to the bit, whichever clock asks.
@Suite struct EngineFeedConformanceTests {
    /// Every item is a 0.8 s tone sweep; the wake sound is silent.
    final class Tones: SoundProvider {
        func openItem(_ id: ItemID, at position: Double) throws(AudioError) -> any AudioSource {
            ToneSweep(from: 440, to: 880, seconds: 0.8 - position, level: 0.3, format: .engine)
        }
        func wakeSound() -> any AudioSource { SilenceSource(frames: 0) }
        func speech(_ text: String) -> (any AudioSource)? { nil }
    }

    /// Keeps every frame it is given; takes at most `room` frames a write (a device's buffer).
    final class KeepingSink: AudioSink {
        let format = AudioFormat.engine
        let room: Int
        private(set) var samples: [Float] = []
        init(room: Int = .max) { self.room = room }
        func write(_ buffer: UnsafePointer<Float>, frames: Int) throws(AudioSinkError) -> Int {
            let n = min(frames, room)
            samples.append(contentsOf: UnsafeBufferPointer(start: buffer, count: 2 * n))
            return n
        }
        func close() {}
    }

    /// The night: a tone, the volume turned, its end, silence, a bell, the tone again from 0.2 s,
    /// a pause and a resume. Times fall on 10 ms periods.
    static let night: [(at: Double, command: Command)] = [
        (0, .play("a", from: 0)), (0.25, .setVolume(percent: 80)), (1.5, .playCue(.bell)),
        (2.0, .play("b", from: 0.2)), (2.25, .pause), (2.5, .resume), (4.0, .stop),
    ]
    static let end = 4.5
    static var logger: Logger { Logger(label: "test") { _ in SwiftLogNoOpLogHandler() } }

    static func engine() -> AudioEngine { AudioEngine(format: .engine, provider: Tones(), volumePercent: 50) }

    /// The simulator's output, moved from moment to moment as its virtual clock moves.
    static func simulated() -> (samples: [Float], events: [Event]) {
        let sink = KeepingSink()
        let audio = SimulatorAudio(engine: engine(), sink: sink, logger: logger)
        var events: [Event] = []
        func run(to t: Double) {
            while let at = audio.playOn(upTo: t) {
                events += audio.service(at: Moment(uptime: at, wall: at), revents: [])
            }
        }
        for (t, command) in night {
            run(to: t)
            audio.perform(command, at: Moment(uptime: t, wall: t))
        }
        run(to: end)
        return (sink.samples, events)
    }

    /// The recording of `run --audio wav:FILE`, caught up to each moment the loop comes by.
    static func recorded() -> (samples: [Float], events: [Event]) {
        let sink = KeepingSink()
        let audio = RecordingAudioOutput(engine: engine(), sink: sink, periodSeconds: 0.01, now: 100, logger: logger)
        var events: [Event] = []
        for (t, command) in night {
            events += audio.service(at: Moment(uptime: 100 + t, wall: t), revents: [])
            audio.perform(command, at: Moment(uptime: 100 + t, wall: t))
        }
        events += audio.service(at: Moment(uptime: 100 + end, wall: end), revents: [])
        return (sink.samples, events)
    }

    /// A sound card's loop: the feed asked for what the device has room for (here 3 periods at
    /// a time, taken a period at a time), as `ALSAAudioOutput.service` asks for `framesWanted`.
    static func device() -> (samples: [Float], events: [Event]) {
        let sink = KeepingSink(room: 480)
        let feed = EngineFeed(engine: engine(), periodSeconds: 0.01, logger: logger)
        var events: [Event] = []
        func run(to t: Double) {
            let target = Int64(AudioFormat.engine.frames(t))
            while feed.framesPlayed < target {
                feed.play(min(1_440, Int(target - feed.framesPlayed)), to: sink)
            }
            events += feed.takeEvents()
        }
        for (t, command) in night {
            run(to: t)
            feed.engine.perform(command)
        }
        run(to: end)
        return (sink.samples, events)
    }

    @Test func theSimulatorTheRecordingAndADevicePlayTheSameSamples() {
        let sim = Self.simulated(), rec = Self.recorded(), card = Self.device()
        let frames = AudioFormat.engine.frames(Self.end)
        #expect(sim.samples.count == 2 * frames)
        #expect(rec.samples.count == 2 * frames)
        #expect(card.samples.count == 2 * frames)
        #expect(sim.samples.contains { abs($0) > 0.05 }, "something sounded")
        let recordingAgrees = sim.samples == rec.samples, deviceAgrees = sim.samples == card.samples
        #expect(recordingAgrees)
        #expect(deviceAgrees)
        // The same reports: each tone played to its end.
        #expect(sim.events == [.itemFinished("a"), .itemFinished("b")])
        #expect(rec.events == sim.events && card.events == sim.events)
    }

    @Test func theSimulatorReportsAtTheFrameTheEngineReports() {
        let audio = SimulatorAudio(engine: Self.engine(), sink: nil, logger: Self.logger)
        audio.perform(.play("a", from: 0), at: Moment(uptime: 0, wall: 0))
        // The tone ends 0.8 s in: the clock stops within the period it ended in, at its frame.
        let at = audio.playOn(upTo: 2)
        #expect(at.map { $0 >= 0.8 && $0 < 0.81 } == true, "\(String(describing: at))")
        #expect(audio.service(at: Moment(uptime: 0.8, wall: 0.8), revents: []) == [.itemFinished("a")])
        #expect(audio.playOn(upTo: 2) == nil)
        #expect(audio.time == 2)
    }

    @Test func silenceIsCountedAndLevelledWithoutRendering() {
        let feed = EngineFeed(engine: Self.engine(), periodSeconds: 0.01, meterWindowSeconds: 0.1, logger: Self.logger)
        feed.restartQuietCount()
        let sink = KeepingSink()
        #expect(feed.play(48_000, to: sink).played == 48_000)
        #expect(feed.quietFrames == 48_000)
        #expect(feed.meter?.levels.count == 10)
        #expect(feed.engine.framesRendered == 48_000)
        #expect(sink.samples.allSatisfy { $0 == 0 })
        feed.engine.perform(.play("a", from: 0))
        feed.play(480, to: sink)
        #expect(feed.quietFrames == 0)
    }
}
