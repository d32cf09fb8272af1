import SleepBoxCore

/// Converts the engine's float samples (full scale is -1...1) into the integer PCM layouts sound
/// devices take.
///
/// Scaling is by 2^(bits-1), so -1 maps to the most negative code and 0.5 to exactly half of full
/// scale; +1 and anything above clip to the largest positive code, anything below -1 to the most
/// negative, NaN to 0. Rounding is to nearest, ties to even (as `lrintf` does), so there is no DC
/// bias. Optional TPDF dither (16-bit only) adds triangular noise of +-1 LSB before rounding, which
/// turns quiet-passage truncation distortion into a steady hiss 96 dB down; the generator is seeded
/// so output is reproducible.
public struct SampleConverter: Sendable {
    /// Integer sample layouts, all little-endian.
    public enum Encoding: Sendable, Equatable, Hashable, CaseIterable {
        /// 16-bit signed (ALSA S16_LE).
        case s16LE
        /// 24-bit signed packed in 3 bytes (ALSA S24_3LE).
        case s24_3LE
        /// 32-bit signed (ALSA S32_LE).
        case s32LE

        /// Bytes one sample takes.
        public var bytesPerSample: Int {
            switch self {
            case .s16LE: 2
            case .s24_3LE: 3
            case .s32LE: 4
            }
        }
    }

    /// The layout this converter writes.
    public let encoding: Encoding
    /// Whether TPDF dither is applied (16-bit output only; ignored for wider encodings, where the
    /// float signal's own noise floor is already above one LSB).
    public let dither: Bool
    private var random: SplitMix64

    /// - Parameters:
    ///   - encoding: the output layout.
    ///   - dither: add TPDF dither when converting to 16-bit.
    ///   - seed: seed for the dither's noise generator.
    public init(encoding: Encoding, dither: Bool = false, seed: UInt64 = 0x5EED_D17E) {
        self.encoding = encoding
        self.dither = dither && encoding == .s16LE
        random = SplitMix64(seed: seed)
    }

    /// Bytes needed for `samples` samples in this encoding.
    public func byteCount(samples: Int) -> Int { max(0, samples) * encoding.bytesPerSample }

    /// Converts `samples` floats (for interleaved audio: frames x channels) into `destination`,
    /// which must have room for `byteCount(samples:)` bytes. No alignment is required.
    public mutating func convert(
        _ source: UnsafePointer<Float>, samples: Int, into destination: UnsafeMutableRawPointer
    ) {
        switch encoding {
        case .s16LE:
            if dither {
                for index in 0..<max(0, samples) {
                    let value = s16Dithered(source[index])
                    destination.storeBytes(of: value.littleEndian, toByteOffset: 2 * index, as: Int16.self)
                }
            } else {
                for index in 0..<max(0, samples) {
                    let value = Self.s16(source[index])
                    destination.storeBytes(of: value.littleEndian, toByteOffset: 2 * index, as: Int16.self)
                }
            }
        case .s24_3LE:
            for index in 0..<max(0, samples) {
                let value = UInt32(bitPattern: Self.s24(source[index]))
                let offset = 3 * index
                destination.storeBytes(of: UInt8(truncatingIfNeeded: value), toByteOffset: offset, as: UInt8.self)
                destination.storeBytes(
                    of: UInt8(truncatingIfNeeded: value >> 8), toByteOffset: offset + 1, as: UInt8.self)
                destination.storeBytes(
                    of: UInt8(truncatingIfNeeded: value >> 16), toByteOffset: offset + 2, as: UInt8.self)
            }
        case .s32LE:
            for index in 0..<max(0, samples) {
                let value = Self.s32(source[index])
                destination.storeBytes(of: value.littleEndian, toByteOffset: 4 * index, as: Int32.self)
            }
        }
    }

    /// One sample as 16-bit: scaled by 32768, rounded to nearest (ties to even), clipped.
    public static func s16(_ sample: Float) -> Int16 {
        Int16(quantize(Double(sample) * 32_768, bits: 16))
    }

    /// One sample as a 24-bit value (-8388608...8388607) in an `Int32`.
    public static func s24(_ sample: Float) -> Int32 {
        Int32(quantize(Double(sample) * 8_388_608, bits: 24))
    }

    /// One sample as 32-bit: scaled by 2^31 in double precision, rounded, clipped.
    public static func s32(_ sample: Float) -> Int32 {
        Int32(quantize(Double(sample) * 2_147_483_648, bits: 32))
    }

    /// One sample as 16-bit with TPDF dither: the sum of two independent uniform values in
    /// [-0.5, 0.5) LSB is added before rounding.
    public mutating func s16Dithered(_ sample: Float) -> Int16 {
        let bits = random.next()
        let scale = 1.0 / 4_294_967_296.0
        let first = Double(UInt32(truncatingIfNeeded: bits)) * scale
        let second = Double(UInt32(truncatingIfNeeded: bits >> 32)) * scale
        return Int16(Self.quantize(Double(sample) * 32_768 + (first + second - 1), bits: 16))
    }

    /// Rounds an already scaled value and clips it to the signed range of `bits` bits.
    private static func quantize(_ scaled: Double, bits: Int) -> Int64 {
        let largest = Double((Int64(1) << (bits - 1)) - 1)
        let smallest = -Double(Int64(1) << (bits - 1))
        if scaled.isNaN { return 0 }
        if scaled >= largest { return Int64(largest) }
        if scaled <= smallest { return Int64(smallest) }
        return Int64(scaled.rounded(.toNearestOrEven))
    }
}
