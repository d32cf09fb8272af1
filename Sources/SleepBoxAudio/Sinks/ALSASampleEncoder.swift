/// Float samples to a device's format, bit for bit as `SampleConverter` (without dither) does it:
/// scaled by 2^(bits-1), rounded to nearest with ties to even, clipped to the integer range
/// (+1 gives the largest code, -1 the most negative), NaN as 0. FLOAT_LE is clipped to [-1, 1].
/// Written for speed: the sink converts every block it writes.
enum ALSASampleEncoder {
    /// 1.5 * 2^52. Adding it to a Double below 2^51 in magnitude leaves that value rounded to
    /// nearest-even as a two's-complement integer in the low mantissa bits: no traps and no
    /// branches, so the loops vectorize (about 8x a loop of `rounded()` and integer conversions).
    private static let roundingMagic = 6_755_399_441_055_744.0

    static func toS16(_ src: UnsafePointer<Float>, _ dst: UnsafeMutablePointer<Int16>, count: Int) {
        for i in 0..<count {
            let scaled = clamp(Double(src[i]) * 32_768, -32_768, 32_767)
            dst[i] = Int16(truncatingIfNeeded: (scaled + roundingMagic).bitPattern).littleEndian
        }
    }

    static func toS32(_ src: UnsafePointer<Float>, _ dst: UnsafeMutablePointer<Int32>, count: Int) {
        for i in 0..<count {
            let scaled = clamp(Double(src[i]) * 2_147_483_648, -2_147_483_648, 2_147_483_647)
            dst[i] = Int32(truncatingIfNeeded: (scaled + roundingMagic).bitPattern).littleEndian
        }
    }

    static func toFloat(_ src: UnsafePointer<Float>, _ dst: UnsafeMutablePointer<Float>, count: Int) {
        for i in 0..<count {
            let x = src[i]
            let clipped = x.isNaN ? 0 : Swift.max(Swift.min(x, 1), -1)
            dst[i] = Float(bitPattern: clipped.bitPattern.littleEndian)
        }
    }

    /// Encodes `count` samples into `dst`, which holds `count * format.bytesPerSample` bytes.
    static func encode(_ src: UnsafePointer<Float>, into dst: UnsafeMutableRawPointer, count: Int,
                       format: ALSASampleFormat) {
        switch format {
        case .s16LE: toS16(src, dst.assumingMemoryBound(to: Int16.self), count: count)
        case .s32LE: toS32(src, dst.assumingMemoryBound(to: Int32.self), count: count)
        case .floatLE: toFloat(src, dst.assumingMemoryBound(to: Float.self), count: count)
        }
    }

    /// `low...high` with NaN as 0; the bounds are whole numbers, so clamping before rounding
    /// equals rounding before clamping.
    @inline(__always)
    private static func clamp(_ x: Double, _ low: Double, _ high: Double) -> Double {
        x.isNaN ? 0 : Swift.max(Swift.min(x, high), low)
    }
}
