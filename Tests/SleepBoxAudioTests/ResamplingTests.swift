import Foundation
import SleepBoxAudio
import Testing

@Suite("FileSource: resampling to the engine rate")
struct ResamplingTests {
    @Test(
        "44.1 kHz to 48 kHz keeps a 1 kHz sine's frequency, amplitude (0.1 dB) and length",
        arguments: ResamplerQuality.allCases)
    func sineThroughResampler(quality: ResamplerQuality) throws {
        let fixtures = try AudioFixtures()
        let sine = Signal.sine(frequency: 1_000, amplitude: 0.5, rate: 44_100, frames: 88_200)
        let path = try fixtures.write("sine.wav", format: AudioFixtures.wavFloat, rate: 44_100, channels: 1, samples: sine)
        let source = try FileSource(path: path, quality: quality)
        #expect(source.resamplerQuality == quality)
        #expect(source.lengthFrames == 96_000)
        let out = renderAll(source, block: 512)
        try #require(abs(out.count / 2 - 96_000) <= 2)
        #expect(source.positionFrames == out.count / 2)
        #expect(source.failure == nil)

        let left = Signal.channel(out, 0)
        let middle = left[24_000..<72_000]
        let frequency = Signal.frequency(of: middle, rate: 48_000)
        #expect(abs(frequency - 1_000) < 0.05, "frequency \(frequency)")
        let amplitude = Signal.amplitude(of: middle, frequency: 1_000, rate: 48_000, startFrame: 24_000)
        let errorDB = abs(20 * log10(amplitude / 0.5))
        #expect(errorDB < 0.1, "amplitude off by \(errorDB) dB")
        // Time-aligned from the first frame: frame m is the sine at m / 48000 s.
        let ideal = Signal.sine(frequency: 1_000, amplitude: 0.5, rate: 48_000, frames: 96_000)
        let worst = (2_000..<94_000).map { abs(left[$0] - ideal[$0]) }.max() ?? 1
        #expect(worst < 2e-3, "largest deviation from the ideal sine \(worst)")
        #expect(maxDifference(Signal.channel(out, 1), left) == 0)
    }

    @Test("Seeking a resampled file lands on the requested time, continuous with straight playback")
    func seekResampled() throws {
        let fixtures = try AudioFixtures()
        // A chirp-free but unambiguous signal: two sines, so one frame off is far outside tolerance.
        let frames = 3 * 44_100
        let signal = (0..<frames).map { index -> Float in
            let t = Double(index) / 44_100
            return Float(0.4 * sin(2 * .pi * 1_000 * t) + 0.3 * sin(2 * .pi * 233 * t))
        }
        let path = try fixtures.write("two.wav", format: AudioFixtures.wavFloat, rate: 44_100, channels: 1, samples: signal)
        let straight = renderAll(try FileSource(path: path))
        try #require(straight.count == 2 * 144_000)

        let source = try FileSource(path: path)
        for target in [30_001, 100, 0, 143_000, 72_960, 5] {
            try source.seek(toFrame: target)
            #expect(source.positionFrames == target)
            let out = renderAll(source, limit: 800)
            let count = min(800, 144_000 - target)
            try #require(out.count == 2 * count)
            let reference = straight[(2 * target)..<(2 * (target + count))]
            let worst = zip(out, reference).map { abs($0 - $1) }.max() ?? 1
            #expect(worst < 1e-4, "seek to \(target): \(worst) from straight playback")
            if target >= 1_000 && target + count < 143_000 {
                let ideal = (0..<count).map { offset -> Float in
                    let t = Double(target + offset) / 48_000
                    return Float(0.4 * sin(2 * .pi * 1_000 * t) + 0.3 * sin(2 * .pi * 233 * t))
                }
                let fromIdeal = zip(Signal.channel(out, 0), ideal).map { abs($0 - $1) }.max() ?? 1
                #expect(fromIdeal < 3e-3, "seek to \(target): \(fromIdeal) from the ideal signal")
            }
        }
        try source.seek(toFrame: 1_000_000)
        #expect(source.positionFrames == 144_000)
        #expect(renderAll(source).isEmpty)
    }

    @Test("Output does not depend on render block size or decode chunk size")
    func blockSizes() throws {
        let fixtures = try AudioFixtures()
        let sine = Signal.sine(frequency: 1_234, amplitude: 0.5, rate: 44_100, frames: 9_000)
        let path = try fixtures.write(
            "blocks.wav", format: AudioFixtures.wavFloat, rate: 44_100, channels: 2,
            samples: Signal.interleave([sine, sine.reversed()]))
        let reference = renderAll(try FileSource(path: path), block: 4_096)
        #expect(reference.count == 2 * 9_796)
        for (block, chunk) in [(1, 4_096), (7, 64), (4_096, 64), (333, 1_000)] {
            let out = renderAll(try FileSource(path: path, chunkFrames: chunk), block: block)
            #expect(maxDifference(out, reference) < 1e-6, "block \(block), chunk \(chunk)")
        }
        let loopReference = renderAll(try LoopingSource(path: path, crossfade: 0.02), limit: 30_000, block: 4_096)
        let loopSmall = renderAll(
            try LoopingSource(path: path, crossfade: 0.02, chunkFrames: 64), limit: 30_000, block: 5)
        #expect(maxDifference(loopSmall, loopReference) < 1e-6)
    }

    @Test(
        "Other rates and channel counts resample to the rounded length",
        arguments: [(8_000, 1), (22_050, 2), (32_000, 1), (96_000, 2), (44_056, 2)])
    func otherRates(rate: Int, channels: Int) throws {
        let fixtures = try AudioFixtures()
        let frames = rate + 17
        let sine = Signal.sine(frequency: 200, amplitude: 0.5, rate: rate, frames: frames)
        let path = try fixtures.write(
            "r\(rate).wav", format: AudioFixtures.wavFloat, rate: rate, channels: channels,
            samples: channels == 1 ? sine : Signal.interleave([sine, sine]))
        let source = try FileSource(path: path)
        let expected = Int((Double(frames) * 48_000 / Double(rate)).rounded())
        #expect(source.lengthFrames == expected)
        let out = renderAll(source, block: 333)
        try #require(abs(out.count / 2 - expected) <= 2)
        let left = Signal.channel(out, 0)
        let middle = left[(expected / 4)..<(3 * expected / 4)]
        let amplitude = Signal.amplitude(of: middle, frequency: 200, rate: 48_000, startFrame: expected / 4)
        #expect(abs(amplitude - 0.5) < 0.01)
    }
}
