import SleepBoxCore

/// The per-sample random source of the generators: xorshift64* (Vigna), a few shifts and one
/// multiply per 64 bits, seeded through SplitMix64 so that nearby seeds give unrelated streams.
/// One draw yields two independent 24-bit uniforms, one per channel.
struct NoiseRandom: Sendable {
    private var state: UInt64

    init(seed: UInt64) {
        var mixer = SplitMix64(seed: seed)
        let s = mixer.next()
        // xorshift must not start at 0 (it would stay there).
        state = s == 0 ? 0x9E37_79B9_7F4A_7C15 : s
    }

    @inline(__always)
    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }

    /// Two independent uniforms in [−1, 1), from the high bits (the best ones of xorshift64*).
    @inline(__always)
    mutating func bipolarPair() -> (Float, Float) {
        let x = next()
        let a = Int32(truncatingIfNeeded: (x >> 40) & 0xFF_FFFF)
        let b = Int32(truncatingIfNeeded: (x >> 16) & 0xFF_FFFF)
        let scale: Float = 1.0 / 8_388_608  // 2^-23
        return (Float(a) * scale - 1, Float(b) * scale - 1)
    }

    /// One uniform in [−1, 1).
    @inline(__always)
    mutating func bipolar() -> Float { bipolarPair().0 }

    /// A uniform in [0, 1) with 53 bits, for events (timings, pitches, pans).
    mutating func unit() -> Double { Double(next() >> 11) * (1.0 / 9_007_199_254_740_992) }

    /// A uniform in `range`.
    mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * unit()
    }

    /// Frames until the next event of a Poisson process of `rate` events per second: an
    /// exponential wait, −ln(u)/rate.
    mutating func exponentialWait(rate: Double, sampleRate: Double) -> Int {
        let u = max(unit(), 1e-12)
        return max(1, Int(-DSPMath.log(u) / rate * sampleRate))
    }
}
