import Foundation
import SleepBoxAudio
import Testing

/// Colours measured as power spectral density per Hz (the standard sense: white flat, pink
/// −3 dB/octave, brown −6 dB/octave), averaged over octave bands 125 Hz … 8 kHz
/// (88 Hz – 11.3 kHz), with a least-squares slope in dB per octave.
@Suite struct NoiseGeneratorTests {
    static func slope(_ color: NoiseGenerator.Color, seed: UInt64 = 7) -> (Double, [(Double, Double)]) {
        let noise = NoiseGenerator(color: color, seed: seed)
        let samples = DSP.render(noise, frames: 10 * DSP.rate, block: 1_000)
        let bands = DSP.octaveBandDensities(DSP.powerSpectralDensity(DSP.left(samples)))
        return (DSP.slopePerOctave(bands), bands)
    }

    @Test func whiteIsFlat() {
        let (s, bands) = Self.slope(.white)
        print("white: \(s) dB/octave; bands \(bands.map { String(format: "%.1f", $0.1) })")
        #expect(abs(s) <= 1)
    }

    @Test func pinkFallsThreeDecibelsPerOctave() {
        let (s, bands) = Self.slope(.pink)
        print("pink: \(s) dB/octave; bands \(bands.map { String(format: "%.1f", $0.1) })")
        #expect(abs(s + 3) <= 1)
        // And each band sits on the line (no bumps hidden by the fit).
        for (i, band) in bands.enumerated() { #expect(abs(band.1 - bands[0].1 + 3 * Double(i)) < 1) }
    }

    @Test func brownFallsSixDecibelsPerOctave() {
        let (s, bands) = Self.slope(.brown)
        print("brown: \(s) dB/octave; bands \(bands.map { String(format: "%.1f", $0.1) })")
        #expect(abs(s + 6) <= 1.5)
    }

    @Test(arguments: NoiseGenerator.Color.allCases)
    func everyColourHasTheSameLevelNeverClipsAndIsDecorrelated(_ color: NoiseGenerator.Color) {
        let samples = DSP.render(NoiseGenerator(color: color, seed: 3), frames: 20 * DSP.rate)
        let rms = DSP.rms(samples)
        let peak = DSP.peak(samples)
        let rho = DSP.correlation(DSP.left(samples), DSP.right(samples))
        let mean = samples.reduce(0.0) { $0 + Double($1) } / Double(samples.count)
        print("\(color): RMS \(DSP.db(rms)) dBFS, peak \(DSP.db(Double(peak))) dBFS, L/R correlation \(rho), mean \(mean)")
        #expect(abs(DSP.db(rms) + 18) < 0.5)
        #expect(peak < 0.9)
        #expect(abs(rho) < 0.05)
        // Brown is DC-blocked: it does not wander off-centre.
        #expect(abs(mean) < 0.005)
    }

    @Test func theSeedDeterminesTheNoise() {
        let a = DSP.render(NoiseGenerator(color: .pink, seed: 11), frames: 4_800, block: 100)
        let b = DSP.render(NoiseGenerator(color: .pink, seed: 11), frames: 4_800, block: 1_000)
        let c = DSP.render(NoiseGenerator(color: .pink, seed: 12), frames: 4_800)
        let same = a == b, different = a != c
        #expect(same)
        #expect(different)
    }
}
