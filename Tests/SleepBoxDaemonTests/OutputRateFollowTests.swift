import Foundation
import Logging
import SleepBoxAudio
import SleepBoxCore
import Testing
@testable import SleepBoxDaemon
@testable import SleepBoxSound

/// The daemon's output follows what is played (`OutputRate.next`): a recording started from
/// silence plays at its own rate when the device takes it, with nothing resampled; the box's own
/// sounds bring the device back to `[audio] sample_rate`; the device is opened again only when
/// everything queued in it is silence.
@Suite(.serialized) struct OutputRateFollowTests {
    /// "rec" is a recording at 44.1 kHz, "rec96" one at 96 kHz, every other item is spoken; each is
    /// two seconds of a steady level.
    final class Items: SoundProvider {
        /// The rates recordings were asked for.
        private(set) var asked: [Int] = []
        func recordingRate(of id: ItemID) -> Int? { id == "rec" ? 44_100 : id == "rec96" ? 96_000 : nil }
        func openItem(_ id: ItemID, at position: Double) throws(AudioError) -> any AudioSource {
            SilenceSource(frames: AudioFormat.engine.frames(2))
        }
        func openItem(_ id: ItemID, at position: Double, rate: Int) throws(AudioError) -> (source: any AudioSource, rate: Int?) {
            guard recordingRate(of: id) != nil else { return (try openItem(id, at: position), nil) }
            asked.append(rate)
            return (SilenceSource(frames: AudioFormat(sampleRate: rate).frames(2)), rate)
        }
        func wakeSound() -> any AudioSource { SilenceSource(frames: 0) }
        func speech(_ text: String) -> (any AudioSource)? { nil }
    }

    func at(_ uptime: Double) -> Moment { Moment(uptime: uptime, wall: 1_800_000_000 + uptime) }

    /// One batch of commands as the runner carries it out: seen whole first, then one by one.
    func run(_ commands: [Command], on audio: ALSAAudioOutput, at uptime: Double) {
        audio.prepare(for: commands, at: at(uptime))
        for command in commands { audio.perform(command, at: at(uptime)) }
    }

    /// An output on alsa-lib's "null" device (a real PCM that takes every rate).
    func output(accepting rates: Set<Int>) throws -> (ALSAAudioOutput, AudioEngine) {
        let sink = ALSASink(configuration: ALSASinkConfiguration(device: "null"))
        let engine = AudioEngine(format: .engine, provider: Items(), volumePercent: 50)
        let audio = ALSAAudioOutput(engine: engine, sink: sink, periodSeconds: 0.01, now: 100, acceptedRates: rates,
                                    logger: Logger(label: "test"))
        try #require(!audio.pollDescriptors.isEmpty, "the null device did not open: \(audio.statusText)")
        return (audio, engine)
    }

    /// Services the output until a whole device buffer of silence has been written since the
    /// last sound (bounded: the null device takes a buffer at a time).
    func serviceUntilQuiet(_ audio: ALSAAudioOutput, _ engine: AudioEngine) throws {
        let buffer = try #require(audio.sink.parameters?.bufferFrames)
        for _ in 0..<2_000 where !(engine.isSilent && audio.quietFrames >= buffer) {
            _ = audio.service(at: at(101), revents: [])
            usleep(2_000)
        }
        try #require(engine.isSilent && audio.quietFrames >= buffer)
    }

    @Test func aRecordingFromSilencePlaysAtItsOwnRateAndSpeechBringsTheDeviceBack() throws {
        let (audio, engine) = try output(accepting: [44_100, 48_000])
        defer { audio.shutDown(fadeSeconds: 0) }
        #expect(audio.sink.parameters?.sampleRate == 48_000)
        run([.play("rec", from: 0)], on: audio, at: 100)
        #expect(engine.format.sampleRate == 44_100)
        #expect(audio.sink.parameters?.sampleRate == 44_100)
        #expect(audio.statusText.contains("44100 Hz"))
        #expect(engine.mixer.source(on: .item) is SilenceSource, "played straight, not converted")
        _ = audio.service(at: at(100.1), revents: [])

        // A spoken item crossfaded in while the recording sounds plays at the rate running.
        run([.crossfade(to: "story", from: 0, over: 0.5)], on: audio, at: 100.2)
        #expect(engine.format.sampleRate == 44_100)
        #expect(engine.mixer.source(on: .item) is RateConvertedSource)
        // Stopped and started again at once: the device still holds sound, the rate stays.
        run([.stop, .play("story", from: 0)], on: audio, at: 100.3)
        #expect(engine.format.sampleRate == 44_100)

        // Once a whole buffer of silence is queued, a spoken item brings the device back.
        audio.perform(.stop, at: at(100.4))
        try serviceUntilQuiet(audio, engine)
        run([.play("story", from: 0)], on: audio, at: 101)
        #expect(engine.format.sampleRate == 48_000)
        #expect(audio.sink.parameters?.sampleRate == 48_000)
        #expect(engine.mixer.source(on: .item) is SilenceSource)
    }

    @Test func onlyBlocksThatBeganWithNothingSoundingCountAsQueuedSilence() {
        let engine = AudioEngine(format: .engine, provider: Items(), volumePercent: 50)
        let feed = EngineFeed(engine: engine, periodSeconds: 0.01, logger: Logger(label: "test"))
        #expect(feed.quietFrames > 1_000_000, "nothing has sounded since the device was opened")
        engine.perform(.play("story", from: 0))
        feed.play(480, to: nil)
        #expect(feed.quietFrames == 0)
        engine.perform(.stop)
        feed.play(480, to: nil)
        // The block that ended the sound is not silence.
        #expect(engine.isSilent)
        #expect(feed.quietFrames == 0)
        feed.play(480, to: nil)
        feed.play(480, to: nil)
        #expect(feed.quietFrames == 960)
    }

    @Test func aRecordingAtARateTheDeviceDoesNotTakeIsOpenedAtTheRateRunning() throws {
        let (audio, engine) = try output(accepting: [44_100, 48_000])
        defer { audio.shutDown(fadeSeconds: 0) }
        run([.play("rec96", from: 0)], on: audio, at: 100)
        #expect(engine.format.sampleRate == 48_000)
        #expect(audio.sink.parameters?.sampleRate == 48_000)
        // The provider was asked for it at 48 kHz (it converts the file as it decodes it).
        #expect((engine.provider as? Items)?.asked == [48_000])
    }

    @Test func aBedStartedJustBeforeItsRecordingDoesNotKeepTheRecordingFromItsRate() throws {
        // The core starts an item's ambient bed just before the item, in one batch.
        let (audio, engine) = try output(accepting: [44_100, 48_000])
        defer { audio.shutDown(fadeSeconds: 0) }
        run([.startBed("rain", level: 0.5), .play("rec", from: 0)], on: audio, at: 100)
        #expect(engine.format.sampleRate == 44_100)
        #expect(audio.sink.parameters?.sampleRate == 44_100)
        #expect(engine.mixer.source(on: .bed) is RateConvertedSource)
        #expect(engine.mixer.source(on: .item) is SilenceSource)
    }

    @Test func aSoundStartedFromSilenceOtherThanAnItemDoesNotMoveTheRate() throws {
        let (audio, engine) = try output(accepting: [44_100, 48_000])
        defer { audio.shutDown(fadeSeconds: 0) }
        run([.play("rec", from: 0)], on: audio, at: 100)
        audio.perform(.stop, at: at(100.1))
        try serviceUntilQuiet(audio, engine)
        // A menu tick at the recording's rate: converted, the device left as it is.
        run([.playCue(.tick)], on: audio, at: 101)
        #expect(engine.format.sampleRate == 44_100)
        #expect(engine.mixer.source(on: .cue) is RateConvertedSource)
    }
}
