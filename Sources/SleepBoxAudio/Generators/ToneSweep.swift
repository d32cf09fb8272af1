/// A soft sine glide for breathing cues (an inhale rising over 4 s, an exhale falling over
/// 8 s): the pitch moves from `from` to `to` Hz exponentially (equal musical steps per second),
/// under a raised-cosine attack and release, so it starts and ends on exact 0 with zero slope.
/// Finite; the same on both channels.
public final class ToneSweep: AudioSource {
    /// The start and end pitch in Hz.
    public let from: Double, to: Double
    /// The engine format.
    public let format: AudioFormat
    /// The length in frames.
    public let lengthFrames: Int
    /// Frames rendered so far.
    public private(set) var positionFrames = 0

    private let level: Float
    private let attackFrames: Int
    private let releaseFrames: Int
    /// Phase in cycles and its per-sample increment, which is multiplied by `glide` each sample.
    private var phase: Double = 0
    private var increment: Double
    private let glide: Double

    /// A glide from `from` to `to` Hz lasting `seconds`, peaking at `level` (default −12 dBFS),
    /// fading in over `attack` and out over `release` seconds (shortened together when they
    /// would not fit).
    public init(from: Double, to: Double, seconds: Double, level: Float = 0.25,
                attack: Double = 0.5, release: Double = 1.0, format: AudioFormat = .engine) {
        self.from = from
        self.to = to
        self.format = format
        self.level = max(0, min(level, 1))
        let fs = Double(max(1, format.sampleRate))
        let length = max(0, format.frames(seconds.isFinite ? seconds : 0))
        lengthFrames = length
        var a = max(0, format.frames(attack.isFinite ? attack : 0))
        var r = max(0, format.frames(release.isFinite ? release : 0))
        if a + r > length, a + r > 0 {
            a = length * a / (a + r)
            r = length - a
        }
        attackFrames = max(1, a)
        releaseFrames = max(1, r)
        // Clamp to (0, Nyquist) so the increment stays in (0, 0.5) cycles.
        let f0 = min(max(from.isFinite ? from : 0, 1), fs / 2 - 1)
        let f1 = min(max(to.isFinite ? to : 0, 1), fs / 2 - 1)
        increment = f0 / fs
        // (f1/f0)^(1/(N−1)): the last frame is at f1.
        glide = length > 1 ? DSPMath.pow(f1 / f0, 1 / Double(length - 1)) : 1
    }

    /// Renders up to `frames` frames; fewer (then 0) at the end.
    public func render(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        let n = max(0, min(frames, lengthFrames - positionFrames))
        guard n > 0 else { return 0 }
        var ph = phase, inc = increment
        let k = glide, start = positionFrames, last = lengthFrames - 1
        let attackInv = 1 / Float(4 * attackFrames), releaseInv = 1 / Float(4 * releaseFrames)
        for i in 0..<n {
            let frame = start + i
            var env = level
            // Raised cosine edges: sin²(π/2 · x) with x = distance from the edge / edge length.
            if frame < attackFrames {
                let s = DSPMath.sinCycles(Float(frame) * attackInv)
                env *= s * s
            }
            if last - frame < releaseFrames {
                let s = DSPMath.sinCycles(Float(last - frame) * releaseInv)
                env *= s * s
            }
            let y = DSPMath.sinCycles(Float(ph)) * env
            buffer[2 * i] = y
            buffer[2 * i + 1] = y
            DSPMath.advance(&ph, by: inc)
            inc *= k
        }
        phase = ph
        increment = inc
        positionFrames += n
        return n
    }
}
