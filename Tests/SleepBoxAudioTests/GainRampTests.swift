import Foundation
import SleepBoxAudio
import SleepBoxCore
import Testing

/// Gain automation measured on constant and low sine signals, where the output is the gain.
@Suite struct GainRampTests {
    static let rate = DSP.rate

    @Test func theSleepTimerFadeIsStraightInDecibelsThenDigitalSilence() {
        let n = 30 * Self.rate
        var samples = [Float](repeating: 0.5, count: 2 * (n + Self.rate))
        var ramp = GainRamp(gain: 1)
        ramp.ramp(to: 0, overFrames: n, curve: .decibelLinear)
        DSP.apply(&ramp, to: &samples, block: 500)
        var worst = 0.0
        // Every 10 ms step before the end: on the line from 0 dB to −60 dB over 30 s.
        for step in 0..<3_000 {
            let f = step * 480
            let level = DSP.db(Double(samples[2 * f]) / 0.5)
            let line = -60 * Double(f) / Double(n)
            worst = max(worst, abs(level - line))
            #expect(abs(level - line) <= 0.5, "at \(Double(f) / 48_000) s: \(level) dB vs \(line) dB")
            #expect(samples[2 * f] == samples[2 * f + 1])
        }
        print("sleep fade: worst deviation from the dB line \(worst) dB")
        // Just before the end it is down at −60 dB; from the ramp's last frame on, exact zeros.
        #expect(abs(DSP.db(Double(samples[2 * (n - 2)]) / 0.5) + 60) < 0.01)
        #expect(samples[(2 * (n - 1))...].allSatisfy { $0 == 0 })
        #expect(ramp.current == 0)
        #expect(!ramp.isRamping)
    }

    @Test func theFadeDoesNotDependOnTheBlockSize() {
        let n = 5 * Self.rate
        var a = [Float](repeating: 1, count: 2 * n), b = a, c = a
        for (block, buffer) in [(64, 0), (4_096, 1), (777, 2)] {
            var ramp = GainRamp(gain: 0.9)
            ramp.ramp(to: 0, overFrames: n - 100, curve: .decibelLinear)
            switch buffer {
            case 0: DSP.apply(&ramp, to: &a, block: block)
            case 1: DSP.apply(&ramp, to: &b, block: block)
            default: DSP.apply(&ramp, to: &c, block: block)
            }
        }
        for i in 0..<(2 * n) {
            #expect(abs(a[i] - b[i]) <= 1e-6 * max(a[i], 1e-3) && abs(a[i] - c[i]) <= 1e-6 * max(a[i], 1e-3))
        }
    }

    @Test func aRampStartedMidWayStartsFromTheCurrentGain() {
        var ramp = GainRamp(gain: 1)
        ramp.ramp(to: 0, overFrames: 2 * Self.rate, curve: .decibelLinear)
        var samples = [Float](repeating: 1, count: 2 * 3 * Self.rate)
        samples.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            // 0.7 s into the fade (not on any block boundary), turn back up to 0.8 over 1 s.
            ramp.apply(to: base, frames: 33_601)
            let before = ramp.current
            #expect(ramp.isRamping)
            ramp.ramp(to: 0.8, overFrames: Self.rate, curve: .decibelLinear)
            #expect(ramp.current == before)
            ramp.apply(to: base + 2 * 33_601, frames: 20_000)
            // And again, half-way, to 0.2 with equal power.
            ramp.ramp(to: 0.2, overFrames: Self.rate / 2, curve: .equalPower)
            ramp.apply(to: base + 2 * 53_601, frames: 3 * Self.rate - 53_601)
        }
        // On a constant 1 the output is the gain: consecutive frames differ by at most one
        // per-sample ramp step, never a jump.
        #expect(DSP.maxStep(samples) < 0.001)
        let turn = samples[2 * 33_600]
        #expect(abs(samples[2 * 33_601] / turn - 1) < 0.001)
        #expect(samples[2 * (3 * Self.rate - 1)] == 0.2)
    }

    @Test func theAlarmRampReachesItsTargetExactlyAndStays() {
        let n = 60 * Self.rate
        var samples = [Float](repeating: 1, count: 2 * (n + 10 * Self.rate))
        var ramp = GainRamp(gain: 0.05)
        ramp.ramp(to: 0.7, overFrames: n, curve: .decibelLinear)
        DSP.apply(&ramp, to: &samples, block: 441)
        #expect(samples[0] > 0.05 && samples[0] < 0.0501)
        // Straight in dB: half-way is the geometric mean.
        #expect(abs(DSP.db(Double(samples[2 * (n / 2 - 1)])) - DSP.db((0.05 * 0.7).squareRoot())) < 0.001)
        #expect(samples[2 * (n - 2)] < 0.7)
        #expect(samples[(2 * (n - 1))...].allSatisfy { $0 == 0.7 })
        // Rising all the way.
        for f in stride(from: 1, to: n, by: 97) { #expect(samples[2 * f] >= samples[2 * (f - 1)]) }
    }

    @Test func rampingUpFromSilenceStartsAtMinus60Decibels() {
        let n = Self.rate
        var samples = [Float](repeating: 1, count: 2 * n)
        var ramp = GainRamp(gain: 0)
        ramp.ramp(to: 1, overFrames: n, curve: .decibelLinear)
        DSP.apply(&ramp, to: &samples)
        #expect(abs(DSP.db(Double(samples[0])) + 60) < 0.01)
        for f in stride(from: 0, to: n, by: 480) {
            #expect(abs(DSP.db(Double(samples[2 * f])) - (-60 + 60 * Double(f + 1) / Double(n))) < 0.01)
        }
        #expect(samples[2 * (n - 1)] == 1)
    }

    @Test func equalPowerFadesSumToConstantPower() {
        let n = 2 * Self.rate
        var out = [Float](repeating: 1, count: 2 * n), inn = out
        var down = GainRamp(gain: 1), up = GainRamp(gain: 0)
        down.ramp(to: 0, overFrames: n, curve: .equalPower)
        up.ramp(to: 1, overFrames: n, curve: .equalPower)
        DSP.apply(&down, to: &out, block: 300)
        DSP.apply(&up, to: &inn, block: 1_000)
        for f in 0..<n {
            let power = Double(out[2 * f]) * Double(out[2 * f]) + Double(inn[2 * f]) * Double(inn[2 * f])
            #expect(abs(power - 1) < 1e-5)
        }
        // Quarter-sine law: half-way both are at −3 dB.
        #expect(abs(DSP.db(Double(inn[2 * (n / 2 - 1)])) + 3.0103) < 0.001)
        #expect(out[2 * (n - 1)] == 0 && inn[2 * (n - 1)] == 1)
    }

    @Test func equalPowerBetweenTwoNonZeroGainsMovesPowerSmoothly() {
        let n = 1_000
        var samples = [Float](repeating: 1, count: 2 * n)
        var ramp = GainRamp(gain: 0.5)
        ramp.ramp(to: 1, overFrames: n, curve: .equalPower)
        DSP.apply(&ramp, to: &samples)
        // Power half-way between 0.25 and 1 at the midpoint.
        #expect(abs(Double(samples[2 * (n / 2 - 1)]) - (0.625).squareRoot()) < 1e-5)
        #expect(samples[2 * (n - 1)] == 1)
        for f in 1..<n { #expect(samples[2 * f] >= samples[2 * (f - 1)]) }
    }

    @Test func linearRampsAndJumps() {
        var samples = [Float](repeating: 1, count: 2 * 200)
        var ramp = GainRamp(gain: 1)
        ramp.ramp(to: 0.5, overFrames: 100, shape: .linear)
        DSP.apply(&ramp, to: &samples, block: 7)
        #expect(abs(samples[2 * 49] - 0.75) < 1e-6)
        #expect(samples[2 * 99] == 0.5 && samples[2 * 199] == 0.5)
        ramp.ramp(to: 0.25, overFrames: 0, shape: .linear)
        #expect(ramp.current == 0.25 && !ramp.isRamping)
        ramp.set(-3)
        #expect(ramp.current == 0)
    }

    @Test func noStepsAtRampStartsAndEnds() {
        // A 50 Hz sine at 0.9: its own largest sample step is 2π·50/48000·0.9 ≈ 0.0059.
        let sine = DSPSineSource(frequency: 50, amplitude: 0.9)
        var samples = DSP.render(sine, frames: 6 * Self.rate)
        let own = DSP.maxStep(samples)
        var ramp = GainRamp(gain: 1)
        samples.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var at = 0
            func run(_ frames: Int) {
                ramp.apply(to: base + 2 * at, frames: frames)
                at += frames
            }
            ramp.ramp(to: 0, overFrames: 2_400, curve: .decibelLinear)
            run(3_000)
            ramp.ramp(to: 1, overFrames: 2_400, curve: .decibelLinear)
            run(1_200)  // interrupted half-way up
            ramp.ramp(to: 0, overFrames: 2_400, curve: .equalPower)
            run(5_000)
            ramp.ramp(to: 1, overFrames: 2_400, curve: .equalPower)
            run(10_000)
            ramp.ramp(to: 0.3, overFrames: 480, shape: .linear)
            run(6 * Self.rate - at)
        }
        #expect(DSP.maxStep(samples) <= own + 0.01)
    }
}
