/// White noise to brown (−6 dB/octave): a leaky integrator, then a DC blocker so the result cannot
/// wander off-centre. State for one channel.
struct BrownFilter: NoiseFilter {
    /// The integrator's pole: how little it leaks per sample.
    let leak: Float
    /// The DC blocker's pole.
    let blockerPole: Float
    private var integrated: Float = 0
    private var lastIntegrated: Float = 0
    private var blocked: Float = 0

    /// A filter with its two poles (see `pole(corner:sampleRate:)`).
    init(leak: Float, blockerPole: Float) {
        self.leak = leak
        self.blockerPole = blockerPole
    }

    /// The pole radius of a one-pole section with its corner at `corner` Hz: p = e^(−2π·fc/fs).
    static func pole(corner: Double, sampleRate: Double) -> Double {
        DSPMath.exp(-2 * Double.pi * corner / sampleRate)
    }

    @inline(__always)
    mutating func process(_ white: Float) -> Float {
        integrated = leak * integrated + white
        // DC blocker: z[n] = y[n] − y[n−1] + r·z[n−1].
        blocked = integrated - lastIntegrated + blockerPole * blocked
        lastIntegrated = integrated
        return blocked
    }
}
