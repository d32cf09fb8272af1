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

    /// Limits `count` samples in place. Eight samples are checked at once: a block entirely
    /// inside the knee (the common case: music at its level, or silence) is left as it is with
    /// two vector compares; only a block with a sample outside it (or NaN, which compares false)
    /// goes sample by sample.
    public func process(_ buffer: UnsafeMutablePointer<Float>, count: Int) {
        let t = threshold
        let high = SIMD8<Float>(repeating: t), low = SIMD8<Float>(repeating: -t)
        let raw = UnsafeMutableRawPointer(buffer)
        var i = 0
        while i + 8 <= count {
            let v = raw.loadUnaligned(fromByteOffset: 4 * i, as: SIMD8<Float>.self)
            if !all((v .<= high) .& (v .>= low)) {
                for k in i..<(i + 8) { buffer[k] = shape(buffer[k]) }
            }
            i += 8
        }
        while i < count {
            buffer[i] = shape(buffer[i])
            i += 1
        }
    }
}
