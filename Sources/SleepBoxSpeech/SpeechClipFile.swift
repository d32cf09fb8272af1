/// The cache's file format for one clip: a 16-byte header, then the samples as they are in memory.
///
///     offset 0   4 bytes  magic "SBS1"
///     offset 4   UInt32   sample rate, little-endian
///     offset 8   UInt64   sample count, little-endian
///     offset 16  Float32  × count, little-endian, mono
///
/// Float keeps the resampler's output bit-exact and loads with one copy; 16-bit PCM would halve
/// the size but cost a conversion and the quality of quiet tails.
enum SpeechClipFile {
    static let magic: [UInt8] = Array("SBS1".utf8)
    static let headerSize = 16
    /// Samples louder than this cannot come from an engine: the file is damaged.
    static let maxMagnitude: Float = 16

    /// The file's bytes for `clip`.
    static func encode(_ clip: SpeechClip) -> [UInt8] {
        var bytes = [UInt8]()
        bytes.reserveCapacity(headerSize + clip.samples.count * 4)
        bytes += magic
        append(UInt32(clamping: clip.sampleRate), to: &bytes)
        append(UInt64(clip.samples.count), to: &bytes)
        #if _endian(little)
        clip.samples.withUnsafeBytes { bytes += $0 }
        #else
        for sample in clip.samples { append(sample.bitPattern, to: &bytes) }
        #endif
        return bytes
    }

    /// The clip in `bytes`, or nil when they are not a whole, sane clip file (wrong magic, a size
    /// that disagrees with the count, a rate of 0, a NaN or absurd sample).
    static func decode(_ bytes: UnsafeRawBufferPointer) -> SpeechClip? {
        guard bytes.count >= headerSize, Array(bytes[0..<4]) == magic else { return nil }
        let rate = Int(readUInt32(bytes, at: 4))
        let count = readUInt64(bytes, at: 8)
        guard rate > 0, rate <= 1_000_000, count <= UInt64(Int.max / 4),
              bytes.count - headerSize == Int(count) * 4 else { return nil }
        let n = Int(count)
        let payload = UnsafeRawBufferPointer(rebasing: bytes[headerSize...])
        let samples = [Float](unsafeUninitializedCapacity: n) { buffer, initialized in
            #if _endian(little)
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: payload)
            #else
            for i in 0..<n {
                buffer[i] = Float(bitPattern: UInt32(littleEndian: payload.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)))
            }
            #endif
            initialized = n
        }
        guard allSane(samples) else { return nil }
        return SpeechClip(samples: samples, sampleRate: rate)
    }

    /// No NaN, no infinity, nothing above `maxMagnitude`. Compares bit patterns without the sign:
    /// for IEEE floats their order is the order of magnitudes, NaN and infinity above all numbers;
    /// the integer loop is also fast in debug builds (a 10 s clip in about 6 ms instead of 35).
    private static func allSane(_ samples: [Float]) -> Bool {
        let limit = maxMagnitude.bitPattern
        return samples.withUnsafeBufferPointer { floats in
            floats.withMemoryRebound(to: UInt32.self) { words in
                var worst: UInt32 = 0
                for bits in words { worst = max(worst, bits & 0x7fff_ffff) }
                return worst <= limit
            }
        }
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    private static func readUInt32(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
        UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    private static func readUInt64(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
}
