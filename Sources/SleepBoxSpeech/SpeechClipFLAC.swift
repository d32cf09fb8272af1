import CSndFile
import Foundation

/// The cache's file format for one clip: FLAC (libsndfile over libFLAC), mono, 16-bit, at the
/// voice's own sample rate (22,050 Hz for espeak-ng and joe-medium), so a clip takes about a
/// quarter of the bytes of the same samples as 16-bit PCM at 48 kHz and an eighth of them as float.
///
/// The voices render 16-bit audio in the first place; the levelled clip is rounded back to 16 bits
/// (a quantisation step of -90 dBFS, far below the quietest speech). Encoding and decoding run in
/// memory (`sf_open_virtual`), so a clip is written with one `write(2)` and read with one `read(2)`.
///
/// A damaged file never decodes as sound: the FLAC header must be whole, the sample count that
/// STREAMINFO declares must all decode, and libFLAC checks every frame's CRC-16 (a mismatch sets
/// libsndfile's error, checked after the read).
enum SpeechClipFLAC {
    /// "fLaC".
    static let magic: [UInt8] = Array("fLaC".utf8)
    /// "fLaC", the STREAMINFO block's 4-byte header and its 34 bytes.
    static let headerSize = 42
    /// libsndfile's compression level (0 fastest ... 1 smallest); 0.5 is libFLAC's level 5 region:
    /// most of the size gain, decoding as fast as any level.
    static let compressionLevel = 0.5

    /// The FLAC bytes of mono 16-bit `samples` at `sampleRate`; nil when libsndfile refuses
    /// (a rate FLAC cannot store).
    static func encode(_ samples: [Int16], sampleRate: Int) -> [UInt8]? {
        // libsndfile writes nothing at all for a stream without samples: the header alone says it.
        if samples.isEmpty { return emptyStream(sampleRate: sampleRate) }
        let memory = MemoryFile(bytes: [])
        var info = SF_INFO()
        info.samplerate = Int32(clamping: sampleRate)
        info.channels = 1
        info.format = Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_16)
        var io = MemoryFile.virtualIO
        let unmanaged = Unmanaged.passUnretained(memory)
        guard let handle = sf_open_virtual(&io, Int32(SFM_WRITE), &info, unmanaged.toOpaque()) else { return nil }
        var level = compressionLevel
        sf_command(handle, Int32(SFC_SET_COMPRESSION_LEVEL), &level, Int32(MemoryLayout<Double>.size))
        let written = samples.withUnsafeBufferPointer { sf_writef_short(handle, $0.baseAddress, sf_count_t($0.count)) }
        let failed = sf_error(handle) != 0
        guard sf_close(handle) == 0, !failed, written == samples.count else { return nil }
        return memory.bytes
    }

    /// The samples and rate in `bytes`, or nil when they are not a whole, undamaged mono FLAC
    /// clip (wrong magic, a header or frames cut short, a CRC mismatch, fewer samples than declared).
    static func decode(_ bytes: [UInt8]) -> (samples: [Int16], sampleRate: Int)? {
        decode(bytes, as: Int16.self) { sf_readf_short($0, $1, $2) }
    }

    /// The same, each sample as a float (a 16-bit sample s gives s/32768: libsndfile's
    /// normalisation), without a pass through 16-bit arrays.
    static func decodeFloats(_ bytes: [UInt8]) -> (samples: [Float], sampleRate: Int)? {
        decode(bytes, as: Float.self) { sf_readf_float($0, $1, $2) }
    }

    private static func decode<T>(_ bytes: [UInt8], as _: T.Type,
                                  read: (OpaquePointer, UnsafeMutablePointer<T>?, sf_count_t) -> sf_count_t) -> (samples: [T], sampleRate: Int)? {
        guard let header = header(bytes), header.frames <= 1 << 31 else { return nil }
        // libsndfile will not open a FLAC stream without frames; the whole header says it is empty.
        if header.frames == 0 { return ([], header.sampleRate) }
        let memory = MemoryFile(bytes: bytes)
        var info = SF_INFO()
        var io = MemoryFile.virtualIO
        let unmanaged = Unmanaged.passUnretained(memory)
        guard let handle = sf_open_virtual(&io, Int32(SFM_READ), &info, unmanaged.toOpaque()) else { return nil }
        defer { sf_close(handle) }
        guard info.channels == 1, Int(info.samplerate) == header.sampleRate, Int(info.frames) == header.frames,
              (info.format & Int32(SF_FORMAT_TYPEMASK)) == Int32(SF_FORMAT_FLAC) else { return nil }
        let n = header.frames
        var got = 0
        let samples = [T](unsafeUninitializedCapacity: n + 1) { buffer, initialized in
            // One sample more than declared: a file that holds more than it says is damaged too.
            got = Int(read(handle, buffer.baseAddress, sf_count_t(n + 1)))
            initialized = max(0, got)
        }
        guard got == n, sf_error(handle) == 0 else { return nil }
        return (samples, header.sampleRate)
    }

    /// The sample rate and sample count STREAMINFO declares, from the first `headerSize` bytes;
    /// nil when they are not a FLAC header.
    static func header(_ bytes: [UInt8]) -> (sampleRate: Int, frames: Int)? {
        guard bytes.count >= headerSize, Array(bytes[0..<4]) == magic, bytes[4] & 0x7f == 0,
              bytes[5] == 0, bytes[6] == 0, bytes[7] == 34 else { return nil }
        // STREAMINFO (from byte 8): min/max block size (2+2), min/max frame size (3+3), then
        // 20 bits of sample rate, 3 of channels-1, 5 of bits-1 and 36 of total samples.
        let b = bytes[18...25].map(UInt64.init)
        let packed = b.reduce(0) { $0 << 8 | $1 }
        let rate = Int(packed >> 44)
        let frames = Int(packed & 0xf_ffff_ffff)
        guard rate > 0 else { return nil }
        return (rate, frames)
    }

    /// "fLaC" and a STREAMINFO block (the last one) declaring mono 16-bit at `sampleRate`, no samples.
    static func emptyStream(sampleRate: Int) -> [UInt8]? {
        guard sampleRate > 0, sampleRate < 1 << 20 else { return nil }
        // Block sizes 4096, frame sizes unknown, then rate (20 bits), channels-1 = 0 (3 bits),
        // bits-1 = 15 (5 bits), 36 bits of samples = 0; an MD5 of zeros (not computed).
        let packed = UInt64(sampleRate) << 44 | UInt64(15) << 36
        let fields = (0..<8).map { UInt8(truncatingIfNeeded: packed >> (56 - 8 * $0)) }
        return magic + [0x80, 0, 0, 34, 0x10, 0, 0x10, 0, 0, 0, 0, 0, 0, 0] + fields + [UInt8](repeating: 0, count: 16)
    }

    /// libsndfile's virtual I/O over a growable byte array.
    private final class MemoryFile {
        var bytes: [UInt8]
        var position = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        static func of(_ pointer: UnsafeMutableRawPointer?) -> MemoryFile {
            Unmanaged<MemoryFile>.fromOpaque(pointer!).takeUnretainedValue()
        }

        static let virtualIO = SF_VIRTUAL_IO(
            get_filelen: { user in sf_count_t(MemoryFile.of(user).bytes.count) },
            seek: { offset, whence, user in
                let file = MemoryFile.of(user)
                let base: Int
                switch whence {
                case SEEK_CUR: base = file.position
                case SEEK_END: base = file.bytes.count
                default: base = 0
                }
                let target = base + Int(offset)
                guard target >= 0 else { return -1 }
                file.position = target
                return sf_count_t(target)
            },
            read: { pointer, count, user in
                let file = MemoryFile.of(user)
                let n = max(0, min(Int(count), file.bytes.count - file.position))
                if n > 0, let pointer {
                    file.bytes.withUnsafeBytes { pointer.copyMemory(from: $0.baseAddress! + file.position, byteCount: n) }
                }
                file.position += n
                return sf_count_t(n)
            },
            write: { pointer, count, user in
                let file = MemoryFile.of(user)
                let n = Int(count)
                guard n > 0, let pointer else { return 0 }
                let end = file.position + n
                if end > file.bytes.count { file.bytes += [UInt8](repeating: 0, count: end - file.bytes.count) }
                file.bytes.withUnsafeMutableBytes { ($0.baseAddress! + file.position).copyMemory(from: pointer, byteCount: n) }
                file.position = end
                return sf_count_t(n)
            },
            tell: { user in sf_count_t(MemoryFile.of(user).position) })
    }
}
