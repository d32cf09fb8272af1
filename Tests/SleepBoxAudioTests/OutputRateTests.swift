import Foundation
import SleepBoxAudio
import Testing

@Suite("OutputRate: the source's own rate when the output takes it")
struct OutputRateTests {
    @Test func aSourceTheOutputTakesPlaysAtItsOwnRate() {
        #expect(OutputRate.choose(sourceRate: 44_100, fallback: 48_000, accepts: { [44_100, 48_000].contains($0) }) == 44_100)
    }

    @Test func aSourceTheOutputRefusesIsConvertedToTheFallback() {
        #expect(OutputRate.choose(sourceRate: 22_050, fallback: 48_000, accepts: { $0 == 48_000 }) == 48_000)
    }

    @Test func anUnknownSourceRateUsesTheFallback() {
        #expect(OutputRate.choose(sourceRate: nil, fallback: 48_000, accepts: { _ in true }) == 48_000)
    }

    /// A device that takes any rate (a plug device, a WAV file) never runs at a file's 1 Hz or 4 MHz.
    @Test(arguments: [1, 7_999, 192_001, 4_000_000])
    func aRateOutsideEightTo192KilohertzIsNeverTheOutputs(_ rate: Int) {
        #expect(OutputRate.choose(sourceRate: rate, fallback: 48_000, accepts: { _ in true }) == 48_000)
        #expect(OutputRate.choose(sourceRate: 8_000, fallback: 48_000, accepts: { _ in true }) == 8_000)
    }

    @Test func theRateOnlyChangesWhenNothingSounds() {
        let any: (Int) -> Bool = { _ in true }
        // A crossfade into a 44.1 kHz item while a 48 kHz one sounds: the output stays at 48 kHz.
        #expect(OutputRate.next(current: 48_000, sounding: true, sourceRate: 44_100, fallback: 48_000, accepts: any) == 48_000)
        // The same item started from silence: the output moves to 44.1 kHz.
        #expect(OutputRate.next(current: 48_000, sounding: false, sourceRate: 44_100, fallback: 48_000, accepts: any) == 44_100)
    }
}

@Suite("ResamplerQuality: chosen by what is played")
struct ResamplerQualityChoiceTests {
    @Test func speechRatesGetMediumMusicRatesHigh() {
        #expect(ResamplerQuality.forSource(rate: 16_000) == .medium)
        #expect(ResamplerQuality.forSource(rate: 22_050) == .medium)
        #expect(ResamplerQuality.forSource(rate: 24_000) == .medium)
        #expect(ResamplerQuality.forSource(rate: 44_100) == .high)
        #expect(ResamplerQuality.forSource(rate: 96_000) == .high)
    }

    @Test func aFileOpensWithTheQualityForItsRate() throws {
        let fixtures = try AudioFixtures()
        let speech = try fixtures.write("speech.wav", format: AudioFixtures.wavFloat, rate: 22_050, channels: 1,
                                        samples: [Float](repeating: 0, count: 2_205))
        let music = try fixtures.write("music.wav", format: AudioFixtures.wavFloat, rate: 44_100, channels: 2,
                                       samples: [Float](repeating: 0, count: 8_820))
        #expect(try FileSource(path: speech).resamplerQuality == .medium)
        #expect(try FileSource(path: music).resamplerQuality == .high)
    }

    /// The passband speech is resampled with: 22,050 Hz -> 48 kHz at `medium` keeps tones up to
    /// 9 kHz within 0.1 dB (measured: -0.04 dB at 8 kHz, -0.09 at 9, -0.18 at 9.9, -0.23 at 10.2,
    /// -3.7 at 10.5; `high`: -0.02 at 10.2).
    @Test("22.05 kHz speech at medium quality: flat within 0.1 dB to 9 kHz", arguments: [1_000.0, 5_000.0, 8_000.0, 9_000.0])
    func speechPassband(frequency: Double) throws {
        let fixtures = try AudioFixtures()
        let tone = Signal.sine(frequency: frequency, amplitude: 0.5, rate: 22_050, frames: 44_100)
        let path = try fixtures.write("tone.wav", format: AudioFixtures.wavFloat, rate: 22_050, channels: 1, samples: tone)
        let source = try FileSource(path: path)
        let left = Signal.channel(renderAll(source, block: 480), 0)
        let amplitude = Signal.amplitude(of: left[24_000..<72_000], frequency: frequency, rate: 48_000, startFrame: 24_000)
        let errorDB = abs(20 * log10(amplitude / 0.5))
        #expect(errorDB < 0.1, "\(frequency) Hz off by \(errorDB) dB")
    }
}
