import CSndFile

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SleepBoxSystem

/// Writes the engine's float frames to a WAV file through libsndfile: for recordings, golden-file
/// tests and the simulator. Integer encodings are converted with `SampleConverter`, so a WAV
/// written here holds exactly the codes the ALSA sink would send to the device.
public final class WAVFileSink: AudioSink {
    /// Sample encodings a WAV file can be written in.
    public enum Encoding: Sendable, Equatable, Hashable, CaseIterable {
        /// 16-bit signed PCM (the default).
        case pcm16
        /// 24-bit signed PCM.
        case pcm24
        /// 32-bit IEEE float, unclipped.
        case float32
    }

    /// The file being written.
    public let path: String
    /// The frames `write` expects.
    public let format: AudioFormat
    /// The file's sample encoding.
    public let encoding: Encoding
    /// Frames written so far.
    public private(set) var framesWritten = 0
    /// A problem found while closing (libsndfile finishes the header then), if any.
    public private(set) var closeError: AudioSinkError?
    /// How often, in frames, the header is brought up to date while writing (0: only on `drain`
    /// and `close`). A recording cut short by a crash or SIGKILL is then a valid file up to the
    /// last update.
    public let headerUpdateFrames: Int
    /// Frames written when the header was last brought up to date.
    private var headerFrames = 0

    private var handle: OpaquePointer?
    private var descriptor: Int32
    private var converter: SampleConverter
    private let chunkFrames = 4096
    private let shorts: UnsafeMutablePointer<Int16>
    private let ints: UnsafeMutablePointer<Int32>

    /// Creates (or truncates) a WAV file.
    ///
    /// - Parameters:
    ///   - path: the file to write.
    ///   - format: rate and channel count of the frames to be written.
    ///   - encoding: the file's sample encoding.
    ///   - dither: TPDF dither for `.pcm16`.
    ///   - headerUpdateSeconds: how much sound may be written before the header is updated again
    ///     (2 s by default: a recording killed mid-night loses at most that much; each update
    ///     costs a seek and a small write).
    /// - Throws: `AudioSinkError` with the path and errno when the file cannot be created, or
    ///   libsndfile's reason when it refuses the format.
    public init(
        path: String, format: AudioFormat = .engine, encoding: Encoding = .pcm16, dither: Bool = false,
        headerUpdateSeconds: Double = 2
    ) throws(AudioSinkError) {
        guard format.channels > 0, format.sampleRate > 0 else {
            throw AudioSinkError(
                device: path,
                reason: "cannot write \(format.channels) channels at \(format.sampleRate) Hz")
        }
        self.path = path
        self.format = format
        self.encoding = encoding
        headerUpdateFrames = headerUpdateSeconds > 0 && headerUpdateSeconds < 86_400
            ? max(1, Int(headerUpdateSeconds * Double(format.sampleRate))) : 0
        converter = SampleConverter(encoding: .s16LE, dither: dither)

        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if fd < 0 {
            let code = errno
            throw AudioSinkError(
                device: path, reason: "cannot create file: \(SystemError.reason(errno: code)) (errno \(code))",
                errno: code)
        }
        var info = SF_INFO()
        info.samplerate = Int32(clamping: format.sampleRate)
        info.channels = Int32(clamping: format.channels)
        let subtype = switch encoding {
        case .pcm16: SF_FORMAT_PCM_16
        case .pcm24: SF_FORMAT_PCM_24
        case .float32: SF_FORMAT_FLOAT
        }
        // RF64 that downgrades itself to plain WAV when it stays under 4 GB: a whole night at
        // 48 kHz stereo 16-bit (about 5.5 GB) does not fit a RIFF header.
        info.format = Int32(SF_FORMAT_RF64 | subtype)
        // The descriptor stays ours (close_desc false) so it is closed exactly once, by us.
        guard let opened = sf_open_fd(fd, Int32(SFM_WRITE), &info, Int32(SF_FALSE)) else {
            let message = String(cString: sf_strerror(nil))
            _ = closeDescriptor(fd)
            throw AudioSinkError(device: path, reason: "cannot write WAV: \(message)")
        }
        sf_command(opened, Int32(SFC_RF64_AUTO_DOWNGRADE), nil, Int32(SF_TRUE))
        handle = opened
        descriptor = fd
        let samples = chunkFrames * format.channels
        shorts = .allocate(capacity: encoding == .pcm16 ? samples : 1)
        ints = .allocate(capacity: encoding == .pcm24 ? samples : 1)
    }

    deinit {
        close()
        shorts.deallocate()
        ints.deallocate()
    }

    /// Appends `frames` interleaved frames. Returns `frames`; a short write throws.
    public func write(_ buffer: UnsafePointer<Float>, frames: Int) throws(AudioSinkError) -> Int {
        guard let handle else {
            throw AudioSinkError(device: path, reason: "sink is closed")
        }
        let channels = format.channels
        var done = 0
        while done < frames {
            let count = min(chunkFrames, frames - done)
            let source = buffer + done * channels
            let written: Int64
            switch encoding {
            case .float32:
                written = sf_writef_float(handle, source, Int64(count))
            case .pcm16:
                for index in 0..<count * channels {
                    shorts[index] = converter.dither
                        ? converter.s16Dithered(source[index]) : SampleConverter.s16(source[index])
                }
                written = sf_writef_short(handle, shorts, Int64(count))
            case .pcm24:
                // libsndfile keeps the top 24 bits of an int sample: put the rounded code there.
                for index in 0..<count * channels {
                    ints[index] = SampleConverter.s24(source[index]) << 8
                }
                written = sf_writef_int(handle, ints, Int64(count))
            }
            if written > 0 {
                done += Int(written)
                framesWritten += Int(written)
            }
            if written != Int64(count) {
                let message = String(cString: sf_strerror(handle))
                throw AudioSinkError(
                    device: path, reason: "write failed after \(framesWritten) frames: \(message)")
            }
        }
        if headerUpdateFrames > 0, framesWritten - headerFrames >= headerUpdateFrames { drain() }
        return done
    }

    /// Flushes what libsndfile holds and updates the header, so the file is readable as it stands.
    public func drain() {
        guard let handle else { return }
        // sf_write_sync alone leaves an RF64-with-downgrade file's RIFF sizes at zero; the explicit
        // header update writes them.
        sf_command(handle, Int32(SFC_UPDATE_HEADER_NOW), nil, 0)
        sf_write_sync(handle)
        headerFrames = framesWritten
    }

    /// Finishes the header and closes the file. Safe to call more than once.
    public func close() {
        guard let handle else { return }
        self.handle = nil
        let result = sf_close(handle)
        if result != 0 {
            let message = String(cString: sf_error_number(result))
            closeError = AudioSinkError(device: path, reason: "closing failed: \(message)")
        }
        if closeDescriptor(descriptor) != 0 && closeError == nil {
            let code = errno
            closeError = AudioSinkError(
                device: path, reason: "closing failed: \(SystemError.reason(errno: code)) (errno \(code))", errno: code)
        }
        descriptor = -1
    }
}

/// The C library's `close`, reachable from inside a type that has its own `close()`.
private func closeDescriptor(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
