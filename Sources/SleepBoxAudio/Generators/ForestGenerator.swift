/// A forest at night's edge: wind in the leaves (pink noise high-passed at 150 Hz and
/// low-passed at 12 dB/octave from 600 Hz to 2.5 kHz, level and brightness following slow
/// random gusts) and, now and then (every 7 s on average), a soft bird call (−26…−16 dBFS peak):
/// 2–6 short syllables, each a sine gliding up or down from 2.5–4 kHz under a sin² envelope,
/// placed somewhere in the stereo field. Endless;
/// reproducible from the seed.
public final class ForestGenerator: AudioSource {
    /// The engine format.
    public let format: AudioFormat

    private struct Call {
        var active = false
        /// Frames to wait before the next syllable (the gap, or the offset of the first one).
        var wait = 0
        var syllablesLeft = 0
        var syllableFrame = 0
        var syllableLength = 1
        var phase: Float = 0
        var increment: Double = 0
        /// Per-sample pitch ratio within the syllable.
        var perSample: Double = 1
        /// Pitch ratio from a syllable's start to its end.
        var glide: Double = 1
        var base: Double = 3_000
        var level: Float = 0
        var left: Float = 0, right: Float = 0
        var gapFrames = 0
        /// Each call draws its syllables from its own generator, so the output does not
        /// depend on how calls and blocks interleave.
        var random = NoiseRandom(seed: 0)
    }

    private static let controlFrames = 64
    /// Wind RMS at a full gust is about −22 dBFS.
    private static let windScale: Float = 0.12

    private let sampleRate: Double
    private var random: NoiseRandom
    private var callRandom: NoiseRandom
    private var windL = PinkBand(), windR = PinkBand()
    private let highCoefficient: Float
    private var gust: Wander
    private var ticks = ControlTicks(every: ForestGenerator.controlFrames)
    private var gain: Float = 0, gainStep: Float = 0
    private var coefficient: Float = 0, coefficientStep: Float = 0
    private var calls = ContiguousArray(repeating: Call(), count: 3)
    private var framesToNextCall: Int

    /// A forest reproducible from `seed`.
    public init(seed: UInt64, format: AudioFormat = .engine) {
        self.format = format
        sampleRate = Double(max(1, format.sampleRate))
        random = NoiseRandom(seed: seed)
        callRandom = NoiseRandom(seed: seed ^ 0x4249_5244)
        highCoefficient = DSPMath.onePoleCoefficient(cutoff: 150, sampleRate: sampleRate)
        let controlRate = sampleRate / Double(Self.controlFrames)
        gust = Wander(start: 0.5, ticks: Int(controlRate * 3)...Int(controlRate * 12))
        coefficient = DSPMath.onePoleCoefficient(cutoff: 1_200, sampleRate: sampleRate)
        framesToNextCall = callRandom.exponentialWait(rate: 1.0 / 4, sampleRate: sampleRate)
    }

    /// Renders `frames` frames; the forest never ends.
    public func render(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        guard frames > 0 else { return 0 }
        renderWind(buffer, frames)
        while framesToNextCall < frames {
            startCall(at: framesToNextCall)
            framesToNextCall += callRandom.exponentialWait(rate: 1.0 / 7, sampleRate: sampleRate)
        }
        framesToNextCall -= frames
        renderCalls(buffer, frames)
        return frames
    }

    private func renderWind(_ out: UnsafeMutablePointer<Float>, _ frames: Int) {
        var rng = random
        var left = windL, right = windR
        var g = gain, c = coefficient
        let hc = highCoefficient
        ticks.run(frames) {
            let v = gust.next(&rng)
            // A gust is louder (−10 dB … 0 dB) and brighter (600 Hz … 2.5 kHz).
            let target = Self.windScale * Float(DSPMath.gain(decibels: -10 + 10 * v))
            let cutoff = 600 + 1_900 * v
            let tc = DSPMath.onePoleCoefficient(cutoff: cutoff, sampleRate: sampleRate)
            let inv = 1 / Float(Self.controlFrames)
            gainStep = (target - g) * inv
            coefficientStep = (tc - c) * inv
        } stretch: { range in
            let gs = gainStep, cs = coefficientStep
            for i in range {
                let (wl, wr) = rng.bipolarPair()
                // The two low-passes' 12 dB/octave roll-off keeps the wind soft.
                out[2 * i] = left.process(wl, high: hc, low: c) * g
                out[2 * i + 1] = right.process(wr, high: hc, low: c) * g
                g += gs
                c += cs
            }
        }
        random = rng
        windL = left; windR = right
        gain = g
        coefficient = c
    }

    private func startCall(at offset: Int) {
        var call = Call()
        call.random = NoiseRandom(seed: callRandom.next())
        guard let slot = calls.firstIndex(where: { !$0.active }) else { return }
        call.active = true
        call.wait = offset
        call.syllablesLeft = 2 + Int(call.random.unit() * 5)
        call.base = 2_500 * DSPMath.pow(1.6, call.random.unit())
        call.level = Float(DSPMath.gain(decibels: call.random.uniform(-26 ... -16)))
        call.gapFrames = Int(call.random.uniform(0.04 ... 0.12) * sampleRate)
        let angle = call.random.uniform(0.15 ... 0.85) * Double.pi / 2
        call.left = Float(DSPMath.cos(angle))
        call.right = Float(DSPMath.sin(angle))
        let ratio = call.random.uniform(1.15 ... 1.5)
        call.glide = call.random.unit() < 0.5 ? ratio : 1 / ratio
        nextSyllable(&call)
        calls[slot] = call
    }

    /// Sets up the next syllable: its length (50–140 ms), start pitch (the call's base ±5 %)
    /// and the per-sample ratio of an exponential glide by the call's `glide` over it.
    private func nextSyllable(_ call: inout Call) {
        let length = max(2, Int(call.random.uniform(0.05 ... 0.14) * sampleRate))
        let f0 = call.base * call.random.uniform(0.95 ... 1.05)
        let f1 = min(f0 * call.glide, 0.45 * sampleRate)
        call.syllableLength = length
        call.syllableFrame = 0
        call.phase = 0
        call.increment = f0 / sampleRate
        call.perSample = DSPMath.pow(f1 / f0, 1 / Double(length))
        call.syllablesLeft -= 1
    }

    private func renderCalls(_ out: UnsafeMutablePointer<Float>, _ frames: Int) {
        for k in calls.indices where calls[k].active {
            var c = calls[k]
            var i = 0
            while i < frames, c.active {
                if c.wait > 0 {
                    let w = min(c.wait, frames - i)
                    c.wait -= w
                    i += w
                    continue
                }
                let m = min(c.syllableLength - c.syllableFrame, frames - i)
                var ph = c.phase, inc = c.increment
                let ratio = c.perSample, level = c.level, gl = c.left, gr = c.right
                // Envelope sin²(π·x), x = position in the syllable: sinCycles(x/2)².
                let envelopeStep = 1 / Float(2 * c.syllableLength)
                let first = c.syllableFrame
                for j in 0..<m {
                    let e = DSPMath.sinCycles(Float(first + j) * envelopeStep)
                    let y = DSPMath.sinCycles(ph) * (e * e * level)
                    out[2 * (i + j)] += gl * y
                    out[2 * (i + j) + 1] += gr * y
                    DSPMath.advance(&ph, by: Float(inc))
                    inc *= ratio
                }
                c.phase = ph
                c.increment = inc
                c.syllableFrame += m
                i += m
                if c.syllableFrame >= c.syllableLength {
                    if c.syllablesLeft > 0 {
                        nextSyllable(&c)
                        c.wait = c.gapFrames
                    } else {
                        c.active = false
                    }
                }
            }
            calls[k] = c
        }
    }
}
