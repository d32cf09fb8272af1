import SleepBoxAudio
import Testing

@Suite struct PerceptualVolumeTests {
    @Test func theCurveIsStraightInDecibelsOver50Decibels() {
        #expect(PerceptualVolume.gain(percent: 0) == 0)
        #expect(PerceptualVolume.gain(percent: 100) == 1)
        #expect(PerceptualVolume.gain(percent: 150) == 1)
        #expect(PerceptualVolume.gain(percent: -5) == 0)
        #expect(abs(DSP.db(Double(PerceptualVolume.gain(percent: 50))) + 25) < 1e-4)
        #expect(abs(DSP.db(Double(PerceptualVolume.gain(percent: 1))) + 49.5) < 1e-4)
        for p in 2...100 {
            let step = DSP.db(Double(PerceptualVolume.gain(percent: p))) - DSP.db(Double(PerceptualVolume.gain(percent: p - 1)))
            #expect(abs(step - 0.5) < 1e-4)
        }
    }

    @Test func changesRampOver50MillisecondsWithoutSteps() {
        var volume = PerceptualVolume(percent: 100)
        var samples = [Float](repeating: 0.5, count: 2 * 24_000)
        samples.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            volume.apply(to: base, frames: 1_000)
            volume.set(percent: 30)
            volume.apply(to: base + 2_000, frames: 5_000)
            volume.set(percent: 0)
            volume.apply(to: base + 12_000, frames: 5_000)
            volume.set(percent: 100)
            volume.apply(to: base + 22_000, frames: 13_000)
        }
        #expect(DSP.maxStep(samples) < 0.002)
        let g30 = PerceptualVolume.gain(percent: 30)
        // 2 400 frames (50 ms) after the change the gain is exactly there.
        #expect(samples[2 * (1_000 + 2_399)] == 0.5 * g30)
        #expect(samples[2 * (1_000 + 2_398)] != 0.5 * g30)
        #expect(samples[2 * (6_000 + 2_399)] == 0)
        #expect(samples[2 * (11_000 + 2_399)] == 0.5)
        #expect(volume.percent == 100 && volume.gain == 1)
    }
}
