import Logging
import SleepBoxAudio
import SleepBoxCore
import Testing
@testable import SleepBoxDaemon
@testable import SleepBoxSimulator

/// `isSounding` is what the daemon waits for before it gives its start-up code back (`ColdCode`):
/// an ALSA device keeps running, and polling, through the silence between nights, so the output's
/// descriptors say nothing about whether anything sounds; the engine does.
@Suite struct AudioOutputSoundingTests {
    /// Every item is two seconds long (the recording tests' provider).
    typealias TwoSecondItems = RecordingAudioOutputTests.TwoSecondItems

    func at(_ uptime: Double) -> Moment { Moment(uptime: uptime, wall: 1_800_000_000 + uptime) }

    @Test func aRunningALSADeviceWithNothingPlayingIsNotSounding() throws {
        // alsa-lib's own "null" PCM: a real device that takes everything.
        let sink = ALSASink(configuration: ALSASinkConfiguration(device: "null"))
        let engine = AudioEngine(format: .engine, provider: TwoSecondItems(), volumePercent: 50)
        let audio = ALSAAudioOutput(engine: engine, sink: sink, periodSeconds: 0.01, now: 100, logger: Logger(label: "test"))
        defer { audio.shutDown(fadeSeconds: 0) }
        try #require(!audio.pollDescriptors.isEmpty, "the null device did not open: \(audio.statusText)")
        #expect(!audio.isSounding)
        audio.perform(.play("night", from: 0), at: at(100))
        #expect(audio.isSounding)
        #expect(!audio.pollDescriptors.isEmpty)
    }

    @Test func aRecordingIsSoundingOnlyWhileTheEngineIs() {
        let engine = AudioEngine(format: .engine, provider: TwoSecondItems(), volumePercent: 50)
        let audio = RecordingAudioOutput(engine: engine, sink: NullSink(format: .engine), periodSeconds: 0.01, now: 100,
                                         logger: Logger(label: "test"))
        #expect(!audio.isSounding)
        audio.perform(.play("night", from: 0), at: at(100))
        #expect(audio.isSounding)
        #expect(audio.service(at: at(102.5), revents: []) == [.itemFinished("night")])
        #expect(!audio.isSounding)
    }
}
