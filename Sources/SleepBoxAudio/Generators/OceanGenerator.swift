/// Surf: brown-ish noise (a leaky integrator at 60 Hz with a little pink for the wash, DC
/// blocked at 20 Hz) through a low-pass whose cutoff and level swell and recede together, one
/// wave every 8–14 s. Each wave has its own length, rise share (35–55 %), peak (−3…0 dB) and
/// side (it breaks slightly left or right). The envelope rises along a smoothstep and falls
/// along its mirror, so it has no corners; between waves the sea keeps a quiet wash (−12 dB).
/// The cutoff follows the envelope squared, 250 Hz in the troughs to 3 kHz at the crest, so
/// waves brighten as they break. Endless; reproducible from the seed.
public final class OceanGenerator: AudioSource {
    /// The engine format.
    public let format: AudioFormat

    private static let controlFrames = 32
    /// Level between waves relative to a full crest.
    private static let floorLevel = 0.25
    /// Scales the summed noise to about −22 dBFS RMS overall, −16 dBFS at a full crest.
    private static let outputScale: Float = 0.0113

    private let sampleRate: Double
    private var random: NoiseRandom
    private var waveRandom: NoiseRandom
    private var brownL: BrownFilter, brownR: BrownFilter
    private var pinkL = PinkFilter(), pinkR = PinkFilter()
    private var lowL: Float = 0, lowR: Float = 0

    // The current wave.
    private var waveFrame = 0
    private var waveLength = 1
    private var rise = 0.45
    private var peak = 1.0
    private var side = 0.0

    // Control values, interpolated per sample across each control tick.
    private var ticks = ControlTicks(every: OceanGenerator.controlFrames)
    private var gainL: Float = 0, gainR: Float = 0, coefficient: Float = 0
    private var stepL: Float = 0, stepR: Float = 0, stepC: Float = 0

    /// Surf reproducible from `seed`.
    public init(seed: UInt64, format: AudioFormat = .engine) {
        self.format = format
        sampleRate = Double(max(1, format.sampleRate))
        random = NoiseRandom(seed: seed)
        waveRandom = NoiseRandom(seed: seed ^ 0x5741_5645)
        brownL = BrownFilter(
            leak: Float(BrownFilter.pole(corner: 60, sampleRate: sampleRate)),
            blockerPole: Float(BrownFilter.pole(corner: 20, sampleRate: sampleRate)))
        brownR = brownL
        newWave()
        // Start somewhere in the first wave's rise rather than at its very foot.
        waveFrame = Int(Double(waveLength) * rise * waveRandom.uniform(0 ... 0.6))
        let (l, r, c) = controlValues()
        gainL = l
        gainR = r
        coefficient = c
    }

    /// Renders `frames` frames; the sea never ends.
    public func render(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        guard frames > 0 else { return 0 }
        var rng = random
        var bl = brownL, br = brownR
        var pl = pinkL, pr = pinkR, ll = lowL, lr = lowR
        var gl = gainL, gr = gainR, c = coefficient
        ticks.run(frames) {
            waveFrame += Self.controlFrames
            if waveFrame >= waveLength { newWave() }
            let (tl, tr, tc) = controlValues()
            let inv = 1 / Float(Self.controlFrames)
            stepL = (tl - gl) * inv
            stepR = (tr - gr) * inv
            stepC = (tc - c) * inv
        } stretch: { range in
            let sl = stepL, sr = stepR, sc = stepC
            for i in range {
                let (wl, wr) = rng.bipolarPair()
                let xl = bl.process(wl) + 6 * pl.process(wl)
                let xr = br.process(wr) + 6 * pr.process(wr)
                ll += c * (xl - ll)
                lr += c * (xr - lr)
                out(buffer, i, ll * gl, lr * gr)
                gl += sl
                gr += sr
                c += sc
            }
        }
        random = rng
        brownL = bl; brownR = br
        pinkL = pl; pinkR = pr; lowL = ll; lowR = lr
        gainL = gl; gainR = gr; coefficient = c
        return frames
    }

    @inline(__always)
    private func out(_ buffer: UnsafeMutablePointer<Float>, _ i: Int, _ l: Float, _ r: Float) {
        buffer[2 * i] = l
        buffer[2 * i + 1] = r
    }

    private func newWave() {
        waveFrame = 0
        waveLength = max(1, Int(waveRandom.uniform(8 ... 14) * sampleRate))
        rise = waveRandom.uniform(0.35 ... 0.55)
        peak = DSPMath.gain(decibels: waveRandom.uniform(-3 ... 0))
        side = waveRandom.uniform(-0.35 ... 0.35)
    }

    /// Left gain, right gain and low-pass coefficient at the current point of the wave.
    private func controlValues() -> (Float, Float, Float) {
        let phase = Double(waveFrame) / Double(waveLength)
        let e: Double
        if phase < rise {
            let x = phase / rise
            e = x * x * (3 - 2 * x)
        } else {
            let x = (phase - rise) / (1 - rise)
            e = (1 - x) * (1 - x) * (1 + 2 * x)
        }
        let level = Self.floorLevel + (peak - Self.floorLevel) * e
        let cutoff = 250 + 2_750 * e * e
        let c = DSPMath.onePoleCoefficient(cutoff: cutoff, sampleRate: sampleRate)
        let scale = Double(Self.outputScale)
        return (Float(level * (1 - side * e) * scale), Float(level * (1 + side * e) * scale), c)
    }
}
