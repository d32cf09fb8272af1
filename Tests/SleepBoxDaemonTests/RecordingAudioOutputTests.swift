import Logging
import SleepBoxAudio
import SleepBoxCore
import Testing
@testable import SleepBoxDaemon
@testable import SleepBoxSimulator

/// `run --hardware sim --audio wav:FILE`: the night recorded in real time, and a recording that
/// cannot be written reported rather than lost without a word.
@Suite struct RecordingAudioOutputTests {
    /// Every item is two seconds of silence.
    final class TwoSecondItems: SoundProvider {
        func openItem(_ id: ItemID, at position: Double) throws(AudioError) -> any AudioSource {
            SilenceSource(frames: AudioFormat.engine.frames(2))
        }
        func wakeSound() -> any AudioSource { SilenceSource(frames: 0) }
        func speech(_ text: String) -> (any AudioSource)? { nil }
    }

    /// A recording on a full disk: every write throws.
    final class FullDiskSink: AudioSink {
        let format = AudioFormat.engine
        static let error = AudioSinkError(device: "/full/night.wav", reason: "write failed after 0 frames: No space left on device")
        private(set) var writes = 0
        private(set) var isClosed = false
        func write(_ buffer: UnsafePointer<Float>, frames: Int) throws(AudioSinkError) -> Int {
            writes += 1
            throw Self.error
        }
        func close() { isClosed = true }
    }

    func output(_ sink: AudioSink) -> RecordingAudioOutput {
        let engine = AudioEngine(format: .engine, provider: TwoSecondItems(), volumePercent: 50)
        return RecordingAudioOutput(engine: engine, sink: sink, periodSeconds: 0.01, now: 100, logger: Logger(label: "test"))
    }

    func at(_ uptime: Double) -> Moment { Moment(uptime: uptime, wall: 1_800_000_000 + uptime) }

    @Test func aRecordingThatCannotBeWrittenIsReportedOnceAndTheBoxPlaysOn() {
        let sink = FullDiskSink()
        let audio = output(sink)
        audio.perform(.play("night", from: 0), at: at(100))

        #expect(audio.service(at: at(100.5), revents: []) == [.audioAvailabilityChanged(false)])
        #expect(audio.failure == FullDiskSink.error)
        #expect(audio.statusText == "recording (48000 Hz), 24000 frames, failed: /full/night.wav: write failed after 0 frames: No space left on device")
        // Not a write per period after the first failure, and not a second report.
        #expect(audio.service(at: at(101), revents: []) == [])
        #expect(sink.writes == 1)
        // The engine plays on unrecorded: the item still ends on time.
        #expect(audio.service(at: at(102.5), revents: []) == [.itemFinished("night")])
        #expect(audio.framesRendered == 120_000)
        audio.shutDown(fadeSeconds: 1)
        #expect(sink.writes == 1)
        #expect(sink.isClosed)
    }

    @Test func aRecordingThatWritesReportsOnlyWhatTheEngineReports() {
        let sink = NullSink(format: .engine)
        let audio = output(sink)
        audio.perform(.play("night", from: 0), at: at(100))

        #expect(audio.service(at: at(101), revents: []) == [])
        #expect(audio.service(at: at(102.5), revents: []) == [.itemFinished("night")])
        #expect(audio.failure == nil)
        #expect(audio.statusText == "recording (48000 Hz), 120000 frames")
        #expect(sink.framesWritten == 120_000)
        audio.shutDown(fadeSeconds: 1)
        #expect(sink.framesWritten == 168_000)
        #expect(sink.isClosed)
    }

    @Test func aSilentRecordingWaitsForTheNextThingAndASoundingOneForTheNextPeriod() {
        let audio = output(NullSink(format: .engine))
        #expect(audio.nextWake == nil)
        audio.perform(.play("night", from: 0), at: at(100))
        #expect(audio.nextWake == 100.01)
    }
}
