/// A bell or chime from decaying inharmonic partials (after Risset's bell: ratios 0.56, 0.92,
/// 1.19, 1.7, 2, 2.74, 3, 3.76, 4.07 of `frequency`, the two lowest doubled 1 Hz and 1.7 Hz
/// apart so they beat), each a damped sinusoid with its own decay, spread a little across the
/// stereo field. Every partial starts at phase 0 and the whole is faded in over 8 ms, so the
/// strike has no click. Finite: it ends by itself once it has decayed more than 80 dB below its
/// peak (then a 10 ms fade to exact 0), and reports its end.
///
/// Each partial is a two-pole resonator, y[n] = 2r·cos ω·y[n−1] − r²·y[n−2], which is exactly
/// A·rⁿ·sin(ωn): two multiplies per partial per sample and no oscillator tables.
public final class ChimeGenerator: AudioSource {
    /// The nominal pitch in Hz.
    public let frequency: Double
    /// The engine format.
    public let format: AudioFormat
    /// The total length in frames (the strike to the end of the decay).
    public let lengthFrames: Int
    /// Frames rendered so far.
    public private(set) var positionFrames = 0

    private struct Partial {
        var y1: Float
        var y2: Float
        let a1: Float
        let a2: Float
        let left: Float
        let right: Float
    }

    /// (ratio, detune in Hz, relative amplitude, relative decay time), Risset's bell.
    private static let spectrum: [(Double, Double, Double, Double)] = [
        (0.56, 0, 1.00, 1.000), (0.56, 1.0, 0.67, 0.900), (0.92, 0, 1.00, 0.650),
        (0.92, 1.7, 1.80, 0.550), (1.19, 0, 2.67, 0.325), (1.70, 0, 1.67, 0.350),
        (2.00, 0, 1.46, 0.250), (2.74, 0, 1.33, 0.200), (3.00, 0, 1.33, 0.150),
        (3.76, 0, 1.00, 0.100), (4.07, 0, 1.33, 0.075),
    ]

    private var partials: ContiguousArray<Partial>
    private let attackFrames: Int
    private let releaseFrames: Int

    /// A chime at `frequency` Hz whose longest partial takes `decay` seconds to fall 60 dB,
    /// peaking at most at `level` (default −6 dBFS). Partials at or above 45 % of the sample
    /// rate are left out (they would alias).
    public init(frequency: Double, decay: Double = 6, level: Float = 0.5, format: AudioFormat = .engine) {
        self.frequency = frequency
        self.format = format
        let fs = Double(max(1, format.sampleRate))
        let t60 = max(0.05, decay.isFinite ? decay : 6)
        var built = ContiguousArray<Partial>()
        var amplitudes: [Double] = []
        var radii: [Double] = []
        for (index, (ratio, detune, amplitude, decayShare)) in Self.spectrum.enumerated() {
            let f = frequency * ratio + detune
            guard f > 0, f < 0.45 * fs, frequency.isFinite else { continue }
            // Upper partials softened by 1/√ratio: a gentle bell rather than a bright one.
            let a = amplitude / (ratio / 0.56).squareRoot()
            // r per sample for a 60 dB fall in t60·share seconds.
            let r = DSPMath.pow(10, -3 / (t60 * decayShare * fs))
            let w = 2 * Double.pi * f / fs
            // Alternate partials lean left and right (±0.3), a constant-power pan.
            let pan = (index % 2 == 0 ? -0.3 : 0.3) * (0.5 + ratio / 8.14)
            let angle = (pan + 1) * Double.pi / 4
            amplitudes.append(a)
            radii.append(r)
            // State so that the first output is A·sin(0) = 0: y[−1] = −A·sin ω/r, y[−2] = −A·sin 2ω/r².
            built.append(Partial(
                y1: Float(-a * DSPMath.sin(w) / r), y2: Float(-a * DSPMath.sin(2 * w) / (r * r)),
                a1: Float(2 * r * DSPMath.cos(w)), a2: Float(r * r),
                left: Float(DSPMath.cos(angle)), right: Float(DSPMath.sin(angle))))
        }
        // Σ A_k bounds |output| (pan gains ≤ 1): scale it to `level`.
        let bound = amplitudes.reduce(0, +)
        let scale = bound > 0 ? Double(max(0, min(level, 1))) / bound : 0
        for i in built.indices {
            built[i].y1 *= Float(scale)
            built[i].y2 *= Float(scale)
        }
        partials = built
        attackFrames = max(1, format.frames(0.008))
        releaseFrames = max(1, format.frames(0.010))
        // Bisect the first frame n with Σ A_k·r_kⁿ ≤ 10^(−4.5)·Σ A_k: 90 dB under the bound, so
        // at least 80 dB under the actual peak (which the partials' phases keep within 10 dB
        // of the bound).
        var length = 0
        if bound > 0, let slowest = radii.max() {
            var lo = 0
            var hi = Int((DSPMath.log(3.162e-5) / DSPMath.log(slowest)).rounded(.up)) + 1
            while lo < hi {
                let mid = (lo + hi) / 2
                var e = 0.0
                for (a, r) in zip(amplitudes, radii) { e += a * DSPMath.exp(Double(mid) * DSPMath.log(r)) }
                if e <= 3.162e-5 * bound { hi = mid } else { lo = mid + 1 }
            }
            length = lo + releaseFrames
        }
        lengthFrames = length
    }

    /// Renders up to `frames` frames; fewer (then 0) once the bell has died away.
    public func render(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        let n = max(0, min(frames, lengthFrames - positionFrames))
        guard n > 0 else { return 0 }
        buffer.update(repeating: 0, count: 2 * n)
        partials.withUnsafeMutableBufferPointer { bank in
            for k in bank.indices {
                var p = bank[k]
                var y1 = p.y1, y2 = p.y2
                let a1 = p.a1, a2 = p.a2, gl = p.left, gr = p.right
                for i in 0..<n {
                    let y = a1 * y1 - a2 * y2
                    y2 = y1
                    y1 = y
                    buffer[2 * i] += gl * y
                    buffer[2 * i + 1] += gr * y
                }
                p.y1 = y1
                p.y2 = y2
                bank[k] = p
            }
        }
        let start = positionFrames
        // Attack: a raised cosine, sin²(π/2 · n/N), over the first frames.
        if start < attackFrames {
            let inv = 1 / Float(4 * attackFrames)
            for i in 0..<min(n, attackFrames - start) {
                let s = DSPMath.sinCycles(Float(start + i) * inv)
                buffer[2 * i] *= s * s
                buffer[2 * i + 1] *= s * s
            }
        }
        // Release: straight to exact 0 on the last frame, from −80 dB.
        let releaseStart = lengthFrames - releaseFrames
        if start + n > releaseStart {
            let inv = 1 / Float(releaseFrames)
            for i in max(0, releaseStart - start)..<n {
                let g = Float(lengthFrames - 1 - (start + i)) * inv
                buffer[2 * i] *= g
                buffer[2 * i + 1] *= g
            }
        }
        positionFrames += n
        return n
    }
}
