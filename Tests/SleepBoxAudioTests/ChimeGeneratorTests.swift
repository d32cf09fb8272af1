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

    /// The short chime (the meditation timer's interval bells) has rung out by 3 s, 60 dB under
    /// its peak; the long bell then still sounds.
    @Test func theShortChimeRingsAboutThreeSecondsTheLongBellSevenToNine() {
        func level(_ bell: BellSound, at seconds: Double) -> (peak: Float, at: Float) {
            let out = DSP.render(bell.makeGenerator(format: .engine), frames: 20 * DSP.rate, block: 512)
            let from = 2 * Int(seconds * 48_000)
            return (DSP.peak(out), DSP.peak(Array(out[min(from, out.count)..<min(from + 2 * 4_800, out.count)])))
        }
        let chime = level(.chime, at: 3), bell = level(.interval, at: 3)
        #expect(DSP.db(Double(chime.at / chime.peak)) < -55, "the chime has rung out by 3 s")
        #expect(DSP.db(Double(bell.at / bell.peak)) > -40, "the long bell still rings at 3 s")
        #expect(BellSound.chime.decay == 3 && BellSound.interval.decay == 7 && BellSound.end.decay == 9)
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
