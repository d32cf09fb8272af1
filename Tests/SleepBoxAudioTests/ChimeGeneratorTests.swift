import SleepBoxAudio
import Testing

@Suite struct ChimeGeneratorTests {
    @Test func itEndsByItselfAfterDecayingBelowMinus80Decibels() {
        let chime = ChimeGenerator(frequency: 440, decay: 4)
        let out = DSP.render(chime, frames: 30 * DSP.rate, block: 512)
        #expect(out.count == 2 * chime.lengthFrames)
        #expect(chime.positionFrames == chime.lengthFrames)
        #expect(DSP.render(chime, frames: 32).isEmpty)
        let seconds = Double(chime.lengthFrames) / 48_000
        print("chime: \(seconds) s for a 4 s decay, peak \(DSP.peak(out))")
        #expect(seconds > 4 && seconds < 8)
        let peak = DSP.peak(out)
        #expect(peak <= 0.5 && peak > 0.1)
        // The last 100 ms are more than 80 dB under the peak, and the very end is exact 0.
        let tail = DSP.peak(Array(out.suffix(2 * 4_800)))
        #expect(DSP.db(Double(tail / peak)) < -80)
        #expect(out.suffix(2) == [0, 0])
    }

    @Test func itStartsWithoutAClick() {
        let chime = ChimeGenerator(frequency: 880)
        let out = DSP.render(chime, frames: DSP.rate)
        #expect(out[0] == 0 && out[1] == 0)
        // The first millisecond rises gently; after the 8 ms attack the bell's own partials
        // move far faster, so only the attack keeps the start soft.
        let start = DSP.maxStep(Array(out[0..<96]))
        let body = DSP.maxStep(Array(out[960..<1_920]))
        print("chime: largest step in the first ms \(start), in 10-20 ms \(body)")
        #expect(start < 0.005)
        #expect(body > 4 * start)
    }

    @Test func partialsAboveTheBandAreLeftOut() {
        let chime = ChimeGenerator(frequency: 8_000)
        let out = DSP.render(chime, frames: DSP.rate)
        #expect(DSP.peak(out) <= 0.5)
        #expect(DSP.peak(out) > 0)
    }
}
