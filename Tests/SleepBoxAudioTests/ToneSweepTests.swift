import Foundation
import SleepBoxAudio
import Testing

@Suite struct ToneSweepTests {
    @Test func anInhaleRisesOverFourSecondsAndFadesAtBothEnds() {
        let sweep = ToneSweep(from: 220, to: 330, seconds: 4, level: 0.25)
        let out = DSP.render(sweep, frames: 10 * DSP.rate, block: 700)
        #expect(out.count == 2 * 4 * DSP.rate)
        #expect(sweep.lengthFrames == 4 * DSP.rate)
        #expect(out[0] == 0 && out.suffix(2) == [0, 0])
        #expect(DSP.left(out) == DSP.right(out))
        #expect(abs(DSP.peak(out) - 0.25) < 0.0025)
        // The pitch at t is 220·1.5^(t/4): count cycles over half-second windows.
        let left = DSP.left(out)
        for t in [1.0, 2.0, 3.0] {
            let a = Int((t - 0.25) * 48_000), b = Int((t + 0.25) * 48_000)
            // ∫ f dt over the window.
            let k = log(1.5) / 4
            let cycles = 220 / k * (exp(k * (t + 0.25)) - exp(k * (t - 0.25)))
            #expect(abs(Double(DSP.upwardCrossings(left[a..<b])) - cycles) <= 1.5)
        }
        // A 330 Hz sine at 0.25 steps by up to 2π·330/48000·0.25 ≈ 0.011 by itself.
        #expect(DSP.maxStep(out) <= 0.0109)
        // Its edges: the first and last 10 ms are far quieter than the middle.
        #expect(DSP.peak(Array(out[0..<960])) < 0.001)
        #expect(DSP.peak(Array(out.suffix(960))) < 0.001)
    }

    @Test func anExhaleFallsOverEightSeconds() {
        let sweep = ToneSweep(from: 330, to: 220, seconds: 8, level: 0.2, attack: 1, release: 2)
        let out = DSP.left(DSP.render(sweep, frames: 9 * DSP.rate))
        #expect(out.count == 8 * DSP.rate)
        let early = DSP.upwardCrossings(out[(DSP.rate * 3 / 2)..<(2 * DSP.rate)])
        let late = DSP.upwardCrossings(out[(6 * DSP.rate)..<(DSP.rate * 13 / 2)])
        #expect(early > late)
    }

    @Test func attackAndReleaseShrinkToFit() {
        let sweep = ToneSweep(from: 300, to: 300, seconds: 0.1, attack: 1, release: 1)
        let out = DSP.render(sweep, frames: DSP.rate)
        #expect(out.count == 2 * 4_800)
        #expect(out[0] == 0 && out.suffix(2) == [0, 0])
        #expect(DSP.peak(out) > 0.2)
    }
}
