import Foundation
import SleepBoxAudio
import Testing

/// The brainwave tones measured in the sound they render: each ear's pitch and the beat between
/// them (binaural), the pulse rate and the carrier (isochronic), and no clicks.
@Suite struct BrainwaveToneTests {
    /// The frequency of the strongest spectral line of `x` between `low` and `high` Hz: a Hann
    /// window over the first `size` samples, the FFT, and a parabola through the log magnitudes
    /// of the peak bin and its neighbours (accurate to about a hundredth of a bin).
    static func peakFrequency(_ x: [Float], rate: Double, size: Int, low: Double, high: Double) -> Double {
        var re = (0..<size).map { Double(x[$0]) * (0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(size))) }
        var im = [Double](repeating: 0, count: size)
        DSP.fft(&re, &im)
        let binHz = rate / Double(size)
        let lo = max(1, Int(low / binHz)), hi = min(size / 2 - 2, Int(high / binHz))
        var best = lo
        var magnitudes = [Double](repeating: 0, count: size / 2)
        for k in 0..<(size / 2) { magnitudes[k] = (re[k] * re[k] + im[k] * im[k]).squareRoot() }
        for k in lo...hi where magnitudes[k] > magnitudes[best] { best = k }
        let a = log(magnitudes[best - 1]), b = log(magnitudes[best]), c = log(magnitudes[best + 1])
        let offset = 0.5 * (a - c) / (a - 2 * b + c)
        return (Double(best) + offset) * binHz
    }

    /// 12 s of a tone, past its fade-in.
    static func steady(_ tone: BrainwaveTone, seconds: Double = 12) -> [Float] {
        let all = DSP.render(tone, frames: Int((seconds + 2) * Double(DSP.rate)), block: 997)
        return Array(all[(2 * 2 * DSP.rate)...])
    }

    /// The share of the power above `hz`, in dB: what a click (a step, a gated edge) would spill.
    static func powerAbove(_ hz: Double, _ x: [Float]) -> Double {
        let psd = DSP.powerSpectralDensity(x)
        let cut = Int(hz / (Double(DSP.rate) / 8_192))
        return 10 * log10(psd[cut...].reduce(0, +) / psd.reduce(0, +))
    }

    @Test(arguments: BrainwaveTone.State.allCases)
    func binauralBeatsAreEachEarsPitchApart(_ state: BrainwaveTone.State) {
        let samples = Self.steady(BrainwaveTone(style: .binaural, state: state))
        let size = 1 << 19
        let left = Self.peakFrequency(DSP.left(samples), rate: Double(DSP.rate), size: size, low: 100, high: 400)
        let right = Self.peakFrequency(DSP.right(samples), rate: Double(DSP.rate), size: size, low: 100, high: 400)
        let beat = right - left, carrier = (left + right) / 2
        print("binaural \(state): left \(left) Hz, right \(right) Hz, beat \(beat) Hz, carrier \(carrier) Hz")
        #expect(abs(beat - state.beatHz) < 0.01)
        #expect(abs(carrier - 200) < 0.01)
        // Each ear hears one steady pure tone: RMS −18 dBFS, nothing above 1 kHz.
        #expect(abs(DSP.db(DSP.rms(DSP.left(samples))) + 18) < 0.1)
        #expect(Self.powerAbove(1_000, DSP.left(samples)) < -90)
    }

    @Test(arguments: BrainwaveTone.State.allCases)
    func isochronicTonesPulseAtTheStatesRateOnTheCarrier(_ state: BrainwaveTone.State) {
        let samples = Self.steady(BrainwaveTone(style: .isochronic, state: state))
        let mono = DSP.left(samples)
        #expect(mono == DSP.right(samples))
        // The envelope: the squared signal averaged over blocks of 16 samples (3 kHz), whose
        // spectrum below the carrier is the pulses' own.
        let block = 16
        let envelope = stride(from: 0, to: mono.count - block, by: block).map { start in
            mono[start..<(start + block)].reduce(Float(0)) { $0 + $1 * $1 } / Float(block)
        }
        let envelopeRate = Double(DSP.rate) / Double(block)
        let pulses = Self.peakFrequency(envelope, rate: envelopeRate, size: 1 << 15, low: 1, high: 100)
        let carrier = Self.peakFrequency(mono, rate: Double(DSP.rate), size: 1 << 19, low: 100, high: 1_000)
        print("isochronic \(state): pulses \(pulses) Hz, carrier \(carrier) Hz")
        #expect(abs(pulses - state.beatHz) < 0.01)
        #expect(abs(carrier - 200) < 0.01)
        // Distinct pulses: silent between them (the first half of each period sounds).
        let period = Int(Double(DSP.rate) / state.beatHz)
        let start = 4 * period
        let gap = mono[(start + period / 2 + 1)..<(start + period)]
        #expect(gap.allSatisfy { $0 == 0 })
    }

    @Test(arguments: BrainwaveTone.Style.allCases)
    func noClicksFromTheFirstFrameOn(_ style: BrainwaveTone.Style) {
        for state in BrainwaveTone.State.allCases {
            let tone = BrainwaveTone(style: style, state: state)
            let samples = DSP.render(tone, frames: 6 * DSP.rate, block: 333)
            // From exact silence; no sample moves further than the highest pitch at the peak level
            // can in one sample (2π·220/48000·0.178 = 0.0051 for gamma), where a gated edge would
            // jump 0.18.
            let highest = 200 + (style == .binaural ? state.beatHz / 2 : 0)
            let bound = Float(2 * Double.pi * highest / Double(DSP.rate)) * BrainwaveTone.peak * 1.001
            let first = samples[0], step = DSP.maxStep(samples)
            let above = Self.powerAbove(2_000, DSP.left(Array(samples[(2 * 2 * DSP.rate)...])))
            print("\(style) \(state): first \(first), largest step \(step), power above 2 kHz \(above) dB")
            #expect(first == 0)
            #expect(step < bound)
            #expect(above < -80)
        }
    }

    @Test func theBlockSizeChangesNothing() {
        for style in BrainwaveTone.Style.allCases {
            let a = DSP.render(BrainwaveTone(style: style, state: .gamma), frames: DSP.rate, block: 1)
            let b = DSP.render(BrainwaveTone(style: style, state: .gamma), frames: DSP.rate, block: 4_096)
            #expect(a == b)
        }
    }

    @Test func theStatesRates() {
        #expect(BrainwaveTone.State.allCases.map(\.beatHz) == [2, 6, 10, 20, 40])
    }
}
