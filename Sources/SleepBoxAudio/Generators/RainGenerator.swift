/// Rain on a roof and leaves: a band-limited pink-noise bed (the hiss of countless distant
/// drops, 200 Hz – 6 kHz) plus near droplets, each a tiny noise tap and a short ringing
/// resonance (1.2–5 kHz, 8–35 ms) at a random level (−34…−10 dBFS) and stereo position, arriving as a Poisson
/// process. The intensity wanders slowly (tens of seconds): the bed swells by about 3 dB and
/// the drop rate moves between 25 and 115 per second. Endless; reproducible from the seed.
public final class RainGenerator: AudioSource {
    /// The engine format.
    public let format: AudioFormat

    private struct Drop {
        var active = false
        var start = 0
        var framesLeft = 0
        var y1: Float = 0, y2: Float = 0
        var a1: Float = 0, a2: Float = 0
        var tap: Float = 0, tapDecay: Float = 0
        /// Frames left in the tap (its 60 dB decay); after it only the resonance rings.
        var tapFramesLeft = 0
        var left: Float = 0, right: Float = 0
        /// Each drop draws its tap noise from its own generator, so the output does not depend
        /// on how drops and blocks interleave.
        var noise = NoiseRandom(seed: 0)
    }

    private static let controlFrames = 64
    /// Scales the band-limited pink bed to about −24 dBFS RMS at mid intensity.
    private static let bedScale: Float = 0.063

    private let sampleRate: Double
    private var random: NoiseRandom
    private var dropRandom: NoiseRandom
    private var bedL = PinkBand(), bedR = PinkBand()
    private let highCoefficient: Float
    private let lowCoefficient: Float
    private var intensity: Wander
    private var ticks = ControlTicks(every: RainGenerator.controlFrames)
    private var bedGain: Float = 0
    private var bedStep: Float = 0
    private var dropRate: Double = 60
    private var drops = ContiguousArray(repeating: Drop(), count: 32)
    private var framesToNextDrop: Int

    /// Rain reproducible from `seed`.
    public init(seed: UInt64, format: AudioFormat = .engine) {
        self.format = format
        sampleRate = Double(max(1, format.sampleRate))
        random = NoiseRandom(seed: seed)
        dropRandom = NoiseRandom(seed: seed ^ 0x5241_494E)
        highCoefficient = DSPMath.onePoleCoefficient(cutoff: 200, sampleRate: sampleRate)
        lowCoefficient = DSPMath.onePoleCoefficient(cutoff: 6_000, sampleRate: sampleRate)
        let controlRate = sampleRate / Double(Self.controlFrames)
        intensity = Wander(start: 0.6, ticks: Int(controlRate * 8)...Int(controlRate * 30))
        framesToNextDrop = dropRandom.exponentialWait(rate: 60, sampleRate: sampleRate)
    }

    /// Renders `frames` frames; rain never ends.
    public func render(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        guard frames > 0 else { return 0 }
        renderBed(buffer, frames)
        renderDrops(buffer, frames)
        return frames
    }

    private func renderBed(_ out: UnsafeMutablePointer<Float>, _ frames: Int) {
        var rng = random
        var left = bedL, right = bedR
        let hc = highCoefficient, lc = lowCoefficient
        var g = bedGain
        ticks.run(frames) {
            let v = intensity.next(&rng)
            dropRate = 25 + 90 * v
            // ±1.5 dB around the middle: 0.84…1.19 in amplitude, reached by the next tick.
            let target = Self.bedScale * Float(0.84 + 0.35 * v)
            bedStep = (target - g) / Float(Self.controlFrames)
        } stretch: { range in
            // Drops starting in this control tick, timed at the tick's rate.
            while framesToNextDrop < range.count {
                spawnDrop(at: range.lowerBound + framesToNextDrop)
                framesToNextDrop += dropRandom.exponentialWait(rate: dropRate, sampleRate: sampleRate)
            }
            framesToNextDrop -= range.count
            let step = bedStep
            for i in range {
                let (wl, wr) = rng.bipolarPair()
                let l = left.process(wl, high: hc, low: lc), r = right.process(wr, high: hc, low: lc)
                g += step
                out[2 * i] = l * g
                out[2 * i + 1] = r * g
            }
        }
        random = rng
        bedL = left; bedR = right
        bedGain = g
    }

    private func spawnDrop(at offset: Int) {
        guard let slot = drops.firstIndex(where: { !$0.active }) else { return }
        let amplitude = DSPMath.gain(decibels: dropRandom.uniform(-34 ... -10))
        let f = 1_200 * DSPMath.pow(5_000.0 / 1_200, dropRandom.unit())
        let ring = dropRandom.uniform(0.008 ... 0.035)
        let r = DSPMath.pow(10, -3 / (ring * sampleRate))
        let w = 2 * Double.pi * f / sampleRate
        let angle = dropRandom.unit() * Double.pi / 2
        var d = Drop()
        d.active = true
        d.start = offset
        d.framesLeft = max(1, Int(ring * sampleRate))
        // Resonator state for A·rⁿ·sin(ωn) starting at 0 (see ChimeGenerator).
        d.y1 = Float(-amplitude * DSPMath.sin(w) / r)
        d.y2 = Float(-amplitude * DSPMath.sin(2 * w) / (r * r))
        d.a1 = Float(2 * r * DSPMath.cos(w))
        d.a2 = Float(r * r)
        d.tap = Float(amplitude * 0.6)
        d.tapDecay = Float(DSPMath.pow(10, -3 / (0.0015 * sampleRate)))
        d.tapFramesLeft = max(1, Int(0.0015 * sampleRate))
        d.left = Float(DSPMath.cos(angle))
        d.right = Float(DSPMath.sin(angle))
        d.noise = NoiseRandom(seed: dropRandom.next())
        drops[slot] = d
    }

    private func renderDrops(_ out: UnsafeMutablePointer<Float>, _ frames: Int) {
        drops.withUnsafeMutableBufferPointer { pool in
            for k in pool.indices where pool[k].active {
                var d = pool[k]
                let from = d.start
                let m = min(frames - from, d.framesLeft)
                var y1 = d.y1, y2 = d.y2, tap = d.tap, rng = d.noise
                let a1 = d.a1, a2 = d.a2, decay = d.tapDecay, gl = d.left, gr = d.right
                let tapped = min(m, d.tapFramesLeft)
                for i in from..<(from + tapped) {
                    let y = a1 * y1 - a2 * y2
                    y2 = y1
                    y1 = y
                    let s = y + rng.bipolar() * tap
                    tap *= decay
                    out[2 * i] += gl * s
                    out[2 * i + 1] += gr * s
                }
                for i in (from + tapped)..<(from + m) {
                    let y = a1 * y1 - a2 * y2
                    y2 = y1
                    y1 = y
                    out[2 * i] += gl * y
                    out[2 * i + 1] += gr * y
                }
                d.y1 = y1; d.y2 = y2; d.tap = tap; d.noise = rng
                d.tapFramesLeft -= tapped
                d.start = 0
                d.framesLeft -= m
                d.active = d.framesLeft > 0
                pool[k] = d
            }
        }
    }
}
