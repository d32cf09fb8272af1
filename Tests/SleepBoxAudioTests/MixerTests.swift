import Foundation
import SleepBoxAudio
import SleepBoxCore
import Testing

@Suite struct MixerTests {
    static let rate = DSP.rate

    @Test func theEndOfASourceIsReportedAtTheExactFrame() {
        let mixer = Mixer()
        mixer.setSource(ClipSource(samples: [Float](repeating: 0.25, count: 1_000), sampleRate: 48_000), on: .item)
        mixer.setSource(DSPConstantSource(0.125, frames: 700), on: .cue)
        let (out, reports) = DSP.render(mixer, frames: 2_048, block: 256)
        #expect(reports.count == 2)
        // The cue ends in the third block (512…767) at 700, the item in the fourth at 1 000.
        #expect(reports[0].0 == 512 && reports[0].1.ended == .cue && reports[0].1.frameOffset(of: .cue) == 188)
        #expect(reports[1].0 == 768 && reports[1].1.ended == .item && reports[1].1.frameOffset(of: .item) == 232)
        #expect(reports[1].1.frameOffset(of: .cue) == nil)
        #expect(out[2 * 699] == 0.375 && out[2 * 700] == 0.25)
        #expect(out[2 * 999] == 0.25 && out[(2 * 1_000)...].allSatisfy { $0 == 0 })
        #expect(mixer.activeBuses.isEmpty)
        #expect(mixer.source(on: .item) != nil)
    }

    @Test func blocksLongerThanTheMixersPassAreSplitAndStillExact() {
        let mixer = Mixer(maxBlockFrames: 100)
        mixer.setSource(SilenceSource(frames: 777), on: .speech)
        let (_, reports) = DSP.render(mixer, frames: 1_000, block: 1_000)
        #expect(reports.count == 1)
        #expect(reports[0].1.ended == .speech && reports[0].1.frameOffset(of: .speech) == 777)
    }

    @Test func aStopFadeIsReportedWhereItReachesSilence() {
        let mixer = Mixer()
        mixer.setSource(DSPConstantSource(0.5), on: .bed, gain: 0.8)
        _ = DSP.render(mixer, frames: 300)
        mixer.stop(.bed, overFrames: 1_000)
        let (out, reports) = DSP.render(mixer, frames: 2_000, block: 512)
        #expect(reports.count == 1)
        #expect(reports[0].0 == 512 && reports[0].1.stopped == .bed && reports[0].1.frameOffset(of: .bed) == 487)
        #expect(out[2 * 998] > 0 && out[(2 * 999)...].allSatisfy { $0 == 0 })
        #expect(!mixer.isActive(.bed))
    }

    @Test func anEqualPowerCrossfadeOfIndependentNoiseKeepsItsPower() {
        let mixer = Mixer()
        mixer.setSource(NoiseGenerator(color: .white, seed: 1), on: .item)
        _ = DSP.render(mixer, frames: 4_800)
        let n = 3 * Self.rate
        mixer.crossfade(to: NoiseGenerator(color: .white, seed: 2), overFrames: n)
        let (out, reports) = DSP.render(mixer, frames: n + 4_800, block: 512)
        let reference = Double(NoiseGenerator.rmsLevel)
        var worst = 0.0
        for w in 0..<((n + 4_800) / 480) {
            let window = out[(w * 960)..<((w + 1) * 960)]
            let deviation = DSP.db(DSP.rms(window) / reference)
            worst = max(worst, abs(deviation))
            #expect(abs(deviation) < 1, "window \(w): \(deviation) dB")
        }
        print("crossfade: worst 10 ms window deviation \(worst) dB")
        #expect(reports.count == 1 && reports[0].1.stopped == .partner)
        #expect(reports[0].0 + (reports[0].1.frameOffset(of: .partner) ?? -1) == n - 1)
        #expect(mixer.level(of: .item).current == 1)
    }

    @Test func aLinearCrossfadeWouldDipAndTheMeasureSeesIt() {
        // The same measurement on a linear crossfade finds the 3 dB hole in the middle.
        let mixer = Mixer()
        mixer.setSource(NoiseGenerator(color: .white, seed: 1), on: .item)
        mixer.setSource(NoiseGenerator(color: .white, seed: 2), on: .bed, gain: 0)
        mixer.ramp(.item, to: 0, overFrames: 48_000, shape: .linear)
        mixer.ramp(.bed, to: 1, overFrames: 48_000, shape: .linear)
        let (out, _) = DSP.render(mixer, frames: 48_000)
        let middle = DSP.db(DSP.rms(out[(47_040)..<(48_000)]) / Double(NoiseGenerator.rmsLevel))
        #expect(middle < -2)
    }

    @Test func crossfadesReplacementsStopsAndVolumeChangesNeverStep() {
        let mixer = Mixer()
        mixer.setSource(DSPSineSource(frequency: 40, amplitude: 0.6), on: .item)
        mixer.setSource(DSPConstantSource(0.2), on: .bed, gain: 0.5)
        var out: [Float] = []
        func run(_ frames: Int) { out += DSP.render(mixer, frames: frames, block: 256).samples }
        run(2_000)
        mixer.crossfade(to: DSPConstantSource(-0.3), overFrames: 4_800)
        run(2_000)
        // A second crossfade while the first is half-way: the old partner is de-clicked out.
        mixer.crossfade(to: DSPSineSource(frequency: 30, amplitude: 0.5), overFrames: 4_800)
        run(6_000)
        mixer.setVolume(percent: 40)
        run(1_000)
        // Replaces a sounding bed (the new sine starts at 0; the old DC is de-clicked out).
        mixer.setSource(DSPSineSource(frequency: 35, amplitude: 0.7), on: .bed)
        run(3_000)
        mixer.stop(.item)  // at once
        run(1_000)
        mixer.setVolume(percent: 0)
        run(3_000)
        mixer.setVolume(percent: 100)
        run(3_000)
        mixer.stop(.bed, overFrames: 2_400, shape: .equalPower)
        run(3_000)
        // The sources' own steps are below 2π·40/48000·0.6 ≈ 0.0031.
        let step = DSP.maxStep(out)
        print("mixer: largest step through crossfades, replacements, stops, volume: \(step)")
        #expect(step < 0.0031 + 0.01)
        #expect(out.suffix(2 * 500).allSatisfy { $0 == 0 })
    }

    @Test func replacingASoundingSourceWithoutTheDeclickWouldStep() {
        // Without the de-click slot the replacement below would jump by 0.8.
        let mixer = Mixer()
        mixer.setSource(DSPConstantSource(0.8), on: .item)
        var out = DSP.render(mixer, frames: 1_000).samples
        mixer.setSource(DSPConstantSource(0), on: .item)
        out += DSP.render(mixer, frames: 1_000).samples
        #expect(DSP.maxStep(out) < 0.8 / 200)
        #expect(out[2 * 999] == 0.8 && out[2 * 1_240] == 0)
    }

    @Test func theAlarmRisesToExactlyItsTargetAndDucksUnderTheGreeting() {
        let n = 60 * Self.rate
        let plain = Mixer(), ducked = Mixer()
        for mixer in [plain, ducked] {
            mixer.setSource(DSPConstantSource(1), on: .alarm, gain: 0.05)
            mixer.ramp(.alarm, to: 0.7, overFrames: n, curve: .decibelLinear)
        }
        let a = DSP.render(plain, frames: n + 10 * Self.rate, block: 1_024).samples
        var b = DSP.render(ducked, frames: 10 * Self.rate, block: 1_024).samples
        ducked.duck(.alarm, to: 0.25, overFrames: Self.rate)
        b += DSP.render(ducked, frames: 5 * Self.rate, block: 1_024).samples
        ducked.duck(.alarm, to: 1, overFrames: Self.rate)
        b += DSP.render(ducked, frames: n - 5 * Self.rate, block: 1_024).samples
        #expect(a[(2 * (n - 1))...].allSatisfy { $0 == 0.7 })
        #expect(a[2 * (n - 2)] < 0.7)
        // Ducked by exactly 12 dB while ducked, on the same rise, then back on it.
        for f in stride(from: 11 * Self.rate, to: 15 * Self.rate, by: 4_801) {
            #expect(abs(b[2 * f] / a[2 * f] - 0.25) < 1e-5)
        }
        for f in stride(from: 16 * Self.rate, to: n + 10 * Self.rate, by: 4_801) {
            #expect(abs(b[2 * f] - a[2 * f]) <= 1e-6)
        }
        #expect(b[(2 * (n - 1))...].allSatisfy { $0 == 0.7 })
        #expect(DSP.maxStep(b) < 0.001)
    }

    @Test func theLimiterKeepsTwoFullScaleSignalsInsideFullScale() {
        let mixer = Mixer()
        mixer.setSource(DSPSineSource(frequency: 100, amplitude: 1), on: .item)
        mixer.setSource(DSPSineSource(frequency: 150, amplitude: 1), on: .bed)
        mixer.setSource(DSPConstantSource(1), on: .cue, gain: 1)
        let out = DSP.render(mixer, frames: Self.rate).samples
        #expect(out.allSatisfy { $0 >= -1 && $0 <= 1 })
        #expect(DSP.peak(out) > 0.98)
        // Sums of up to 3 stay finite and ordered: a louder input never comes out quieter.
        let limiter = SoftLimiter()
        var previous: Float = 0
        for x in stride(from: Float(0), through: 3, by: 0.001) {
            let y = limiter.shape(x)
            #expect(y >= previous && y <= 1 && limiter.shape(-x) == -y)
            previous = y
        }
    }

    @Test func belowTheKneeTheMixIsBitExact() {
        let mixer = Mixer()
        let sine = DSPSineSource(frequency: 440, amplitude: 0.8)
        mixer.setSource(sine, on: .speech)
        let out = DSP.render(mixer, frames: 10_000).samples
        let reference = DSP.render(DSPSineSource(frequency: 440, amplitude: 0.8), frames: 10_000)
        #expect(out == reference)
        #expect(SoftLimiter().shape(.nan) == 0)
    }

    /// The limiter checks eight samples at a time: every sample comes out as its curve says,
    /// wherever in a block the loud one (or a NaN, or an infinity) sits, and at the ragged end.
    @Test func theBlockwiseLimiterShapesEverySampleAsTheCurveSays() {
        let limiter = SoftLimiter()
        var input: [Float] = (0..<203).map { Float(($0 * 37) % 100) / 100 - 0.5 }
        for (i, loud) in [(3, Float(1.5)), (17, -0.95), (64, .nan), (100, .infinity), (131, -.infinity), (200, 2), (202, -3)] {
            input[i] = loud
        }
        var output = input
        output.withUnsafeMutableBufferPointer { limiter.process($0.baseAddress!, count: $0.count) }
        let expected = input.map { limiter.shape($0) }
        #expect(output == expected)
        #expect(output[3] > 0.891 && output[3] < 1 && output[64] == 0 && output[100] == 0)
        #expect(output[5] == input[5])
    }

    @Test func fadeInStartsFromSilence() {
        let mixer = Mixer()
        mixer.fadeIn(DSPConstantSource(1), on: .speech, to: 0.5, overFrames: 4_800)
        let out = DSP.render(mixer, frames: 6_000).samples
        #expect(out[0] < 0.001)
        #expect(out[2 * 4_799] == 0.5 && out[2 * 5_999] == 0.5)
        #expect(DSP.maxStep(out) < 0.001)
    }

    @Test func theDuckStageBelongsToTheBus() {
        let mixer = Mixer()
        mixer.setSource(DSPConstantSource(1), on: .alarm, gain: 0.8)
        mixer.duck(.alarm, to: 0.5, overFrames: 0)
        _ = DSP.render(mixer, frames: 100)
        mixer.setSource(DSPConstantSource(0.5), on: .alarm, gain: 1)
        var out = DSP.render(mixer, frames: 1_000).samples
        #expect(out[2 * 999] == 0.25)
        mixer.stop(.alarm)
        mixer.setSource(DSPConstantSource(1), on: .alarm)
        out = DSP.render(mixer, frames: 1_000).samples
        #expect(out[2 * 999] == 0.5)
        #expect(mixer.duckStage(of: .alarm).current == 0.5)
    }
}
