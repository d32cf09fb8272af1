/// Endless coloured noise, left and right independent (decorrelated), every colour normalised to
/// the same RMS (`NoiseGenerator.rmsLevel`, −18 dBFS), so switching colour keeps the loudness
/// meter still.
///
/// - White: uniform samples from xorshift64* (flat power spectral density).
/// - Pink: white through Paul Kellet's refined filter (PSD −3 dB/octave, i.e. equal power per
///   octave).
/// - Brown: white through a leaky integrator (PSD −6 dB/octave above 20 Hz), then a DC blocker
///   (10 Hz) so it cannot wander off-centre.
///
/// Peaks: white is bounded by 0.22; pink and brown are near-Gaussian with σ = 0.126, so full
/// scale is about 8σ away (a probability around 1e-15 per sample).
public final class NoiseGenerator: AudioSource {
    /// The spectral colour.
    public enum Color: String, Sendable, Equatable, CaseIterable {
        /// Flat power spectral density.
        case white
        /// −3 dB/octave: equal power per octave.
        case pink
        /// −6 dB/octave (red/Brownian): a deep rumble.
        case brown
    }

    /// The RMS every colour is normalised to: −18 dBFS.
    public static let rmsLevel: Float = 0.125_892_54

    /// The colour.
    public let color: Color
    /// The engine format the noise is rendered in.
    public let format: AudioFormat

    private var random: NoiseRandom
    private var pinkL = PinkFilter()
    private var pinkR = PinkFilter()
    private var brownL: BrownFilter
    private var brownR: BrownFilter
    private let scale: Float

    /// Noise of `color`, reproducible from `seed`.
    public init(color: Color, seed: UInt64, format: AudioFormat = .engine) {
        self.color = color
        self.format = format
        random = NoiseRandom(seed: seed)
        let fs = Double(max(1, format.sampleRate))
        let p = BrownFilter.pole(corner: 20, sampleRate: fs)
        let r = BrownFilter.pole(corner: 10, sampleRate: fs)
        brownL = BrownFilter(leak: Float(p), blockerPole: Float(r))
        brownR = brownL
        // The uniform input has σ = 1/√3.
        let whiteRMS = 1 / Double(3).squareRoot()
        let gain: Double
        switch color {
        case .white:
            gain = 1
        case .pink:
            gain = Double(PinkFilter.rmsGain)
        case .brown:
            // H(z) = (1 − z⁻¹) / ((1 − p z⁻¹)(1 − r z⁻¹)) = A/(1 − p z⁻¹) + B/(1 − r z⁻¹) with
            // A = (p − 1)/(p − r), B = (r − 1)/(r − p); Σh² = A²/(1−p²) + 2AB/(1−pr) + B²/(1−r²).
            let a = (p - 1) / (p - r)
            let b = (r - 1) / (r - p)
            let energy = a * a / (1 - p * p) + 2 * a * b / (1 - p * r) + b * b / (1 - r * r)
            gain = energy.squareRoot()
        }
        scale = Float(Double(Self.rmsLevel) / (whiteRMS * gain))
    }

    /// Renders `frames` frames; noise never ends.
    public func render(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        guard frames > 0 else { return 0 }
        switch color {
        case .white: renderWhite(buffer, frames)
        case .pink: renderPink(buffer, frames)
        case .brown: renderBrown(buffer, frames)
        }
        return frames
    }

    private func renderWhite(_ out: UnsafeMutablePointer<Float>, _ frames: Int) {
        var rng = random
        let g = scale
        for i in 0..<frames {
            let (l, r) = rng.bipolarPair()
            out[2 * i] = l * g
            out[2 * i + 1] = r * g
        }
        random = rng
    }

    private func renderPink(_ out: UnsafeMutablePointer<Float>, _ frames: Int) {
        renderFiltered(out, frames, &pinkL, &pinkR)
    }

    private func renderBrown(_ out: UnsafeMutablePointer<Float>, _ frames: Int) {
        renderFiltered(out, frames, &brownL, &brownR)
    }

    /// White noise through one filter a channel.
    private func renderFiltered<Filter: NoiseFilter>(
        _ out: UnsafeMutablePointer<Float>, _ frames: Int, _ left: inout Filter, _ right: inout Filter
    ) {
        var rng = random
        var fl = left, fr = right
        let g = scale
        for i in 0..<frames {
            let (l, r) = rng.bipolarPair()
            out[2 * i] = fl.process(l) * g
            out[2 * i + 1] = fr.process(r) * g
        }
        random = rng
        left = fl
        right = fr
    }
}
