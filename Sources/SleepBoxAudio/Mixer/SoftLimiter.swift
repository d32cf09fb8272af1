/// Clip protection at the end of the mix: a memoryless soft knee. Below the threshold
/// (−1 dBFS) samples pass bit-exact; above it the excess is bent along a saturating curve,
///
///     y = T + (1 − T)·u/(1 + u),  u = (|x| − T)/(1 − T),
///
/// which meets the straight line with slope 1 at T (no kink), is tanh-like, and approaches full
/// scale without passing it, so any sum stays within [−1, 1] instead of wrapping or clipping
/// hard (two full-scale signals, |x| = 2, come out at 0.99). Non-finite input (a broken source)
/// becomes 0.
public struct SoftLimiter: Sendable, Equatable {
    /// The knee: 10^(−1/20), −1 dBFS.
    public var threshold: Float

    /// A limiter with its knee at `threshold` (clamped to 0.5…0.999).
    public init(threshold: Float = 0.891_250_9) {
        self.threshold = min(max(threshold, 0.5), 0.999)
    }

    /// The curve for one sample.
    @inline(__always)
    public func shape(_ x: Float) -> Float {
        let a = abs(x)
        if a <= threshold { return x }
        guard a.isFinite else { return 0 }
        let headroom = 1 - threshold
        let u = (a - threshold) / headroom
        let y = threshold + headroom * (u / (1 + u))
        return x < 0 ? -y : y
    }

    /// Limits `count` samples in place.
    public func process(_ buffer: UnsafeMutablePointer<Float>, count: Int) {
        let t = threshold
        for i in 0..<count {
            let x = buffer[i]
            // The common case (inside the knee) is a single compare.
            if abs(x) > t || x.isNaN { buffer[i] = shape(x) }
        }
    }
}
