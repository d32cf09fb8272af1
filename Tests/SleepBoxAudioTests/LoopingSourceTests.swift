import Foundation
import SleepBoxAudio
import Testing

@Suite("LoopingSource: gapless and crossfaded loops")
struct LoopingSourceTests {
    /// Largest step between neighbouring samples of one channel.
    private func largestStep(_ samples: [Float]) -> Float {
        zip(samples, samples.dropFirst()).map { abs($1 - $0) }.max() ?? 0
    }

    @Test("Without a crossfade the loop is sample-exact and gapless")
    func gapless() throws {
        let fixtures = try AudioFixtures()
        let ramp = Signal.ramp(from: -0.5, to: 0.5, frames: 1_000)
        let path = try fixtures.write("loop.wav", kind: .wav, rate: 44_100, channels: 1, samples: ramp)
        let source = try LoopingSource(path: path, crossfade: 0, format: AudioFormat(sampleRate: 44_100))
        #expect(source.crossfadeFileFrames == 0)
        let out = renderAll(source, limit: 3_500, block: 256)
        #expect(out.count == 7_000)
        let left = Signal.channel(out, 0)
        #expect(maxDifference(left, (0..<3_500).map { ramp[$0 % 1_000] }) == 0)
        #expect(maxDifference(Signal.channel(out, 1), left) == 0)
        #expect(source.positionFrames == 3_500)
        #expect(source.failure == nil)
        // The seam of a signal whose ends do not match is a full step without a crossfade.
        #expect(largestStep(left) > 0.99)
    }

    @Test("With a crossfade the seam has no step and the loop repeats every length - fade frames")
    func crossfaded() throws {
        let fixtures = try AudioFixtures()
        let frames = 44_100
        let ramp = Signal.ramp(from: -0.5, to: 0.5, frames: frames)
        let path = try fixtures.write("ramp.wav", kind: .wav, rate: 44_100, channels: 1, samples: ramp)
        let source = try LoopingSource(path: path, crossfade: 0.1, format: AudioFormat(sampleRate: 44_100))
        let fade = source.crossfadeFileFrames
        #expect(fade == 4_410)
        let out = renderAll(source, limit: 4 * frames, block: 1_000)
        let left = Signal.channel(out, 0)
        try #require(left.count == 4 * frames)
        #expect(largestStep(left) < 1e-3, "largest step \(largestStep(left))")
        // The first pass starts plainly at the file's first frame.
        #expect(maxDifference(left[0..<100], ramp[0..<100]) == 0)
        let period = frames - fade
        let repeated = (period..<(period + 2 * frames)).allSatisfy { left[$0] == left[$0 + period] }
        #expect(repeated)
        // Half-way through the fade both sides weigh cos(pi/4).
        let middle = frames - fade / 2
        let expected = (ramp[middle] + ramp[fade / 2]) * Float(0.5.squareRoot())
        #expect(abs(left[middle] - expected) < 2e-4)
        // After the seam the file continues from where the fade-in ended.
        #expect(left[frames] == ramp[fade])
    }

    @Test("A crossfade longer than half the file is limited to half")
    func longFade() throws {
        let fixtures = try AudioFixtures()
        let path = try fixtures.write(
            "short.wav", kind: .wav, rate: 48_000, channels: 1,
            samples: Signal.ramp(from: 0, to: 0.5, frames: 1_000))
        let source = try LoopingSource(path: path, crossfade: 5)
        #expect(source.crossfadeFileFrames == 500)
        let out = renderAll(source, limit: 10_000)
        try #require(out.count == 20_000)
        #expect(largestStep(Signal.channel(out, 0)) < 0.01)
    }

    @Test("A resampled loop is gapless at the engine rate", arguments: [0.0, 0.05])
    func resampledLoop(crossfade: Double) throws {
        let fixtures = try AudioFixtures()
        // Exactly 1000 cycles in one second: the file loops seamlessly at its own rate.
        let sine = Signal.sine(frequency: 1_000, amplitude: 0.5, rate: 44_100, frames: 44_100)
        let path = try fixtures.write("tone.wav", format: AudioFixtures.wavFloat, rate: 44_100, channels: 1, samples: sine)
        let source = try LoopingSource(path: path, crossfade: crossfade)
        let out = renderAll(source, limit: 3 * 48_000, block: 4_096)
        try #require(out.count == 2 * 3 * 48_000)
        let left = Signal.channel(out, 0)
        if crossfade == 0 {
            // A perfect loop of a whole number of cycles is the same sine all the way through.
            let ideal = Signal.sine(frequency: 1_000, amplitude: 0.5, rate: 48_000, frames: 3 * 48_000)
            let worst = (2_000..<(3 * 48_000 - 2_000)).map { abs(left[$0] - ideal[$0]) }.max() ?? 1
            #expect(worst < 2e-3, "largest deviation \(worst)")
        } else {
            // In-phase material gains up to +3 dB in an equal-power fade, but never steps.
            #expect(largestStep(left) < 0.15)
            #expect((left.map(abs).max() ?? 2) < 0.75)
        }
        #expect(source.failure == nil)
    }

    @Test(
        "An MP3 whose length is only estimated still loops on its last real frame",
        .enabled(if: AudioFixtures.canWrite(.mp3, rate: 44_100, channels: 2), "libsndfile cannot write MP3"))
    func estimatedLengthMP3() throws {
        let fixtures = try AudioFixtures()
        let sine = Signal.sine(frequency: 300, rate: 44_100, frames: 30_000)
        let path = try fixtures.write(
            "plain.mp3", format: AudioFixtures.Kind.mp3.format, rate: 44_100, channels: 2,
            samples: Signal.interleave([sine, sine]), constantBitrate: true)
        try fixtures.stripXingFrame(path)
        let file = try FileSource(path: path, format: AudioFormat(sampleRate: 44_100))
        let straight = renderAll(file)
        #expect(file.failure == nil)
        let decoded = straight.count / 2
        let estimate = try #require(file.lengthFrames)
        // Without the LAME header the length is worked out from the file size, and is too long.
        #expect(estimate > decoded)
        #expect(estimate - decoded <= 2_304)

        let loop = try LoopingSource(path: path, crossfade: 0, format: AudioFormat(sampleRate: 44_100))
        let out = renderAll(loop, limit: 3 * decoded + 100, block: 4_096)
        #expect(loop.failure == nil)
        try #require(out.count == 2 * (3 * decoded + 100))
        #expect(maxDifference(out[0..<(2 * decoded)], straight) == 0)
        #expect(maxDifference(out[(2 * decoded)..<(4 * decoded)], straight) == 0)
        #expect(maxDifference(out[(4 * decoded)..<(6 * decoded)], straight) == 0)
    }

    @Test(
        "An Ogg stream cut short has no declared length: it plays, then loops what is there",
        .enabled(if: AudioFixtures.canWrite(.opus, rate: 48_000, channels: 2), "libsndfile cannot write Opus"))
    func unknownLength() throws {
        let fixtures = try AudioFixtures()
        let sine = Signal.sine(frequency: 440, rate: 48_000, frames: 96_000)
        let path = try fixtures.write(
            "cut.opus", kind: .opus, rate: 48_000, channels: 2, samples: Signal.interleave([sine, sine]))
        try fixtures.truncate(path, keeping: 0.6)
        let file = try FileSource(path: path)
        // libsndfile 1.2.0 reports the length of a cut Ogg stream as unknown.
        try #require(file.lengthFrames == nil)
        let straight = renderAll(file)
        let played = straight.count / 2
        #expect(played > 20_000 && played < 96_000)
        #expect(file.failure == nil)

        let loop = try LoopingSource(path: path, crossfade: 0.05)
        let out = renderAll(loop, limit: 3 * played, block: 4_096)
        try #require(out.count == 2 * 3 * played)
        #expect(loop.failure == nil)
        #expect(maxDifference(out[0..<(2 * played)], straight) == 0)
        // From the second seam on the loop is crossfaded: no step larger than the tone's own.
        let left = Signal.channel(out, 0)
        let secondSeam = (2 * played - 2_400 - 10)..<(2 * played + 10)
        #expect(largestStep(Array(left[secondSeam])) < 0.1)
    }

    @Test("A loop over a file that breaks while playing stops and says why")
    func brokenLoop() throws {
        let fixtures = try AudioFixtures()
        let sine = Signal.sine(frequency: 440, rate: 44_100, frames: 88_200)
        let path = try fixtures.write(
            "broken.flac", kind: .flac, rate: 44_100, channels: 2, samples: Signal.interleave([sine, sine]))
        try fixtures.truncate(path, keeping: 0.5)
        let source = try LoopingSource(path: path, crossfade: 0.1, format: AudioFormat(sampleRate: 44_100))
        let out = renderAll(source, limit: 1_000_000)
        #expect(out.count / 2 < 88_200)
        let failure = try #require(source.failure)
        #expect(failure.path == path)
        #expect(renderAll(source, limit: 100).isEmpty)
    }

    @Test("A missing loop file is an AudioError naming the path")
    func missing() throws {
        let path = "/nonexistent/sleepbox/rain.flac"
        let error = #expect(throws: AudioError.self) { try LoopingSource(path: path) }
        #expect(error?.path == path)
    }
}
