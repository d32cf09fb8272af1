import Foundation
import Logging
import SleepBoxAudio
import SleepBoxCore
import Testing
@testable import SleepBoxDaemon

/// A running ALSA device asks for audio every period whether anything sounds or not; the output
/// closes it after `releaseAfterSilenceSeconds` of nothing sounding (all it holds then is
/// silence), so the loop no longer polls it, and opens it again for the next sound or ahead of a
/// known ring. On alsa-lib's "null" PCM: a real device, which takes a whole buffer at every call.
@Suite(.serialized) struct ALSAAudioOutputReleaseTests {
    /// Every item is two seconds long, at a steady level.
    typealias TwoSecondItems = RecordingAudioOutputTests.TwoSecondItems

    /// The silence after which the device is let go, short so a test stays quick.
    static let silenceSeconds = 0.25

    func at(_ uptime: Double) -> Moment { Moment(uptime: uptime, wall: 1_800_000_000 + uptime) }

    func output() throws -> (ALSAAudioOutput, AudioEngine) {
        let sink = ALSASink(configuration: ALSASinkConfiguration(device: "null"))
        let engine = AudioEngine(format: .engine, provider: TwoSecondItems(), volumePercent: 50)
        let audio = ALSAAudioOutput(engine: engine, sink: sink, periodSeconds: 0.01, now: 100,
                                    releaseAfterSilenceSeconds: Self.silenceSeconds, logger: Logger(label: "test"))
        try #require(!audio.pollDescriptors.isEmpty, "the null device did not open: \(audio.statusText)")
        return (audio, engine)
    }

    /// Services the output until it lets the device go, at most `limit` times; returns how many
    /// services that took and the engine's frames rendered meanwhile.
    @discardableResult
    func serviceUntilReleased(_ audio: ALSAAudioOutput, _ engine: AudioEngine, limit: Int = 2_000) -> (services: Int, frames: Int64) {
        let before = engine.framesRendered
        var n = 0
        while !audio.isReleased && n < limit {
            _ = audio.service(at: at(101), revents: [])
            n += 1
        }
        return (n, engine.framesRendered - before)
    }

    @Test func aDeviceWithNothingSoundingIsClosedAndNoLongerPolled() throws {
        let (audio, engine) = try output()
        defer { audio.shutDown(fadeSeconds: 0) }
        serviceUntilReleased(audio, engine)
        #expect(audio.isReleased)
        #expect(audio.pollDescriptors.isEmpty)
        #expect(audio.sink.state == .closed)
        #expect(audio.nextWake == nil)
        #expect(!audio.isSounding)
        #expect(audio.statusText.contains("closed after 0.25 s of silence"), "\(audio.statusText)")
        // Nothing happens while it is let go: no writes, no events.
        let frames = engine.framesRendered
        #expect(audio.service(at: at(200), revents: []).isEmpty)
        #expect(engine.framesRendered == frames)
    }

    @Test func aSoundAfterTheSilenceOpensTheDeviceAndPlays() throws {
        let (audio, engine) = try output()
        defer { audio.shutDown(fadeSeconds: 0) }
        serviceUntilReleased(audio, engine)
        try #require(audio.isReleased)
        audio.prepare(for: [.play("night", from: 0)], at: at(102))
        audio.perform(.play("night", from: 0), at: at(102))
        #expect(!audio.isReleased)
        #expect(!audio.pollDescriptors.isEmpty, "\(audio.statusText)")
        #expect(audio.sink.state == .running)
        // The device is open before the sound's first frame: the service writes the item.
        let frames = engine.framesRendered
        #expect(audio.service(at: at(102), revents: []).isEmpty)
        #expect(engine.framesRendered > frames)
        #expect(audio.isSounding)
        #expect(audio.sink.xrunCount == 0)
        // Opening it again after a silence is no return from a lost device: nothing to report.
        #expect(audio.resumeCount == 1)
    }

    @Test func theDeviceStaysWhileSomethingSoundsAndGoesAfterTheSilenceThatFollows() throws {
        let (audio, engine) = try output()
        defer { audio.shutDown(fadeSeconds: 0) }
        audio.perform(.play("night", from: 0), at: at(100))
        let (services, frames) = serviceUntilReleased(audio, engine)
        #expect(audio.isReleased, "\(audio.statusText)")
        // Closed only after the item's two seconds, the silence and a whole buffer of silence
        // queued after the last sound: what the device held when it was closed was silence.
        let buffer = Int64(engine.format.frames(Self.silenceSeconds))
        #expect(frames >= Int64(engine.format.frames(2)) + buffer, "\(frames) frames in \(services) services")
        #expect(audio.quietFrames >= engine.format.frames(Self.silenceSeconds))
        #expect(engine.isSilent)
        #expect(audio.releaseCount == 1)
    }

    @Test func gettingReadyAheadOfARingOpensTheDeviceWithoutASoundAndLetsItGoAgain() throws {
        let (audio, engine) = try output()
        defer { audio.shutDown(fadeSeconds: 0) }
        serviceUntilReleased(audio, engine)
        try #require(audio.isReleased)
        audio.getReady(at: at(300))
        #expect(!audio.isReleased)
        #expect(!audio.pollDescriptors.isEmpty)
        #expect(!audio.isSounding)
        // Ready for the ring's first frame; if nothing sounds, let go again after the silence.
        let frames = serviceUntilReleased(audio, engine).frames
        #expect(audio.isReleased)
        #expect(frames >= Int64(engine.format.frames(Self.silenceSeconds)))
        #expect(audio.releaseCount == 2 && audio.resumeCount == 1)
    }
}
