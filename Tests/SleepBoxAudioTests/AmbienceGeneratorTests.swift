import Foundation
import SleepBoxAudio
import Testing

/// Rain, ocean and forest: bounded, stereo, reproducible, and with the structure each promises
/// (droplets, waves, calls), measured on the signal.
@Suite struct AmbienceGeneratorTests {
    /// RMS of consecutive windows of `frames` frames, both channels.
    static func envelope(_ s: [Float], frames: Int) -> [Double] {
        stride(from: 0, to: s.count - 2 * frames + 1, by: 2 * frames).map { DSP.rms(s[$0..<($0 + 2 * frames)]) }
    }

    /// Kurtosis of the first difference of a mono signal: 3 for Gaussian noise, larger when
    /// short bursts stick out.
    static func differenceKurtosis(_ x: [Float]) -> Double {
        let d = zip(x.dropFirst(), x).map { Double($0 - $1) }
        let m2 = d.reduce(0) { $0 + $1 * $1 } / Double(d.count)
        let m4 = d.reduce(0) { $0 + $1 * $1 * $1 * $1 } / Double(d.count)
        return m4 / (m2 * m2)
    }

    @Test func rainIsABedWithDroplets() {
        let out = DSP.render(RainGenerator(seed: 5), frames: 30 * DSP.rate)
        let rms = DSP.db(DSP.rms(out)), peak = DSP.peak(out)
        let rho = DSP.correlation(DSP.left(out), DSP.right(out))
        let kurtosis = Self.differenceKurtosis(DSP.left(out))
        print("rain: RMS \(rms) dBFS, peak \(DSP.db(Double(peak))) dBFS, L/R correlation \(rho), difference kurtosis \(kurtosis)")
        #expect(rms > -34 && rms < -18)
        #expect(peak < 0.9)
        #expect(abs(rho) < 0.3)
        #expect(kurtosis > 3.5)  // the bed alone measures about 2.7
    }

    @Test func oceanWavesSwellAndRecedeEvery8To14Seconds() {
        let out = DSP.render(OceanGenerator(seed: 9), frames: 120 * DSP.rate, block: 1_024)
        let env = Self.envelope(out, frames: DSP.rate / 4).map { DSP.db($0) }
        let sorted = env.sorted()
        let range = sorted[sorted.count * 95 / 100] - sorted[sorted.count * 5 / 100]
        // Autocorrelation of the level: its first peak after lag 0 is the wave period.
        let mean = env.reduce(0, +) / Double(env.count)
        let centred = env.map { $0 - mean }
        func ac(_ lag: Int) -> Double { (0..<(centred.count - lag)).reduce(0) { $0 + centred[$1] * centred[$1 + lag] } }
        let lags = Array(16...80)  // 4 … 20 s
        let best = lags.max { ac($0) < ac($1) } ?? 0
        let rho = DSP.correlation(DSP.left(out), DSP.right(out))
        print("ocean: RMS \(DSP.db(DSP.rms(out))) dBFS, peak \(DSP.db(Double(DSP.peak(out)))) dBFS, swell range \(range) dB, period \(Double(best) / 4) s, L/R \(rho)")
        #expect(range > 6)
        #expect(Double(best) / 4 >= 8 && Double(best) / 4 <= 14)
        #expect(DSP.peak(out) < 0.9)
        #expect(abs(rho) < 0.5)
    }

    @Test func theForestHasWindAndOccasionalCalls() {
        let out = DSP.render(ForestGenerator(seed: 4), frames: 60 * DSP.rate)
        let left = DSP.left(out)
        // Calls live at 2.5–6 kHz, well above the wind (which falls 12 dB/octave from at most
        // 2.5 kHz): the second difference, a +12 dB/octave high-pass, picks them out.
        var diff = [Float](repeating: 0, count: left.count - 2)
        for i in 2..<left.count {
            let a: Float = left[i] - left[i - 1]
            let b: Float = left[i - 1] - left[i - 2]
            diff[i - 2] = a - b
        }
        let env = stride(from: 0, to: diff.count - 480, by: 480).map { DSP.rms(diff[$0..<($0 + 480)]) }
        let median = env.sorted()[env.count / 2]
        let loud = env.filter { $0 > 4 * median }.count
        print("forest: difference envelope median \(median), max \(env.max() ?? 0)")
        print("forest: RMS \(DSP.db(DSP.rms(out))) dBFS, peak \(DSP.db(Double(DSP.peak(out)))) dBFS, call windows \(loud) of \(env.count)")
        #expect(loud > 20 && loud < env.count / 4)
        #expect(DSP.peak(out) < 0.9)
    }

    /// Block size changes nothing but the order of float sums of overlapping events.
    static func sameAudio(_ a: [Float], _ b: [Float]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= 1e-6 }
    }

    @Test func ambiencesAreReproducibleFromTheSeedInAnyBlocks() {
        let frames = 20 * DSP.rate
        let rain = Self.sameAudio(DSP.render(RainGenerator(seed: 1), frames: frames, block: 100),
                                  DSP.render(RainGenerator(seed: 1), frames: frames, block: 4_096))
        let ocean = Self.sameAudio(DSP.render(OceanGenerator(seed: 1), frames: frames, block: 100),
                                   DSP.render(OceanGenerator(seed: 1), frames: frames, block: 4_096))
        let forest = Self.sameAudio(DSP.render(ForestGenerator(seed: 1), frames: frames, block: 100),
                                    DSP.render(ForestGenerator(seed: 1), frames: frames, block: 4_096))
        let differs = !Self.sameAudio(DSP.render(RainGenerator(seed: 1), frames: 960), DSP.render(RainGenerator(seed: 2), frames: 960))
        #expect(rain)
        #expect(ocean)
        #expect(forest)
        #expect(differs)
    }
}
