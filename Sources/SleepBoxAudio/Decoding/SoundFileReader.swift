import CSndFile

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SleepBoxSystem

/// One open sound file, decoded by libsndfile and folded to stereo at the file's own rate.
/// Owns the file descriptor and the SNDFILE handle and frees both in `deinit`.
///
/// Problems found while reading (a decoder error, fewer frames than the file declared, a WAV whose
/// header promises more data than the file holds) end the stream and are kept in `failure`; the
/// reader then keeps returning 0 instead of retrying a decoder that already failed.
final class SoundFileReader: StereoFrameReader {
    let path: String
    /// The sample rates a recording may have: telephone speech to the highest studio rate (DXD x2).
    /// Outside them a file is refused at open: a header claiming 1.9 GHz had libebur128 and libsoxr
    /// size their buffers and filters for it (20 s and gigabytes before the first block).
    static let sampleRates = 1_000...768_000
    let sampleRate: Int
    let channels: Int
    /// Frames the file declares, or nil when the container cannot tell (e.g. some Ogg streams).
    /// Exact for WAV, FLAC, Ogg and MP3 with a LAME/Xing header; an estimate from the file size
    /// for MP3 without one, until `measureLength()` replaces it with the decoded count.
    private(set) var declaredFrames: Int?
    /// Whether `declaredFrames` may be an estimate (MP3).
    let lengthIsEstimate: Bool
    /// Frames read or skipped since the start, at the file's rate.
    private(set) var position = 0
    private(set) var failure: AudioError?
    private(set) var atEnd = false

    private let handle: OpaquePointer
    private let descriptor: Int32
    private let mixer: ChannelMixer
    private let chunkFrames: Int
    /// Interleaved decoder output for files with more than two channels, and where frames
    /// decoded only to be skipped go.
    private let decodeBuffer: UnsafeMutablePointer<Float>
    private let seekStrategy: SeekStrategy
    /// Set when libsndfile had to shorten the data chunk to fit the file: found at open, reported
    /// as a failure only when playback actually reaches the missing part.
    private let truncationNote: String?
    /// MP3 files without a LAME/Xing header only estimate their length from the file size (a
    /// 10-minute CBR file made by sox: 0.23 % long), so a clean end up to 1 % (at least two MPEG
    /// frames) short of it is not reported as damage.
    private let shortfallTolerance: Int

    init(path: String, chunkFrames: Int = 4096) throws(AudioError) {
        self.path = path
        self.chunkFrames = max(64, chunkFrames)

        // O_NONBLOCK: opening a FIFO named like a sound file must not wait for a writer; it is
        // refused below, like every file that is not a regular one.
        let fd = SystemCall.retryingEINTR { open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        if fd < 0 {
            let code = errno
            if code == ENOENT {
                throw AudioError(path: path, reason: "file not found")
            }
            throw AudioError(path: path, reason: "cannot open file: \(SystemError.reason(errno: code)) (errno \(code))")
        }
        var status = stat()
        if fstat(fd, &status) != 0 {
            let code = errno
            close(fd)
            throw AudioError(path: path, reason: "cannot read file status: \(SystemError.reason(errno: code)) (errno \(code))")
        }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            close(fd)
            throw AudioError(path: path, reason: "is a directory, not an audio file")
        }
        if (status.st_mode & S_IFMT) != S_IFREG {
            close(fd)
            throw AudioError(path: path, reason: "is not a regular file (a FIFO, a device or a socket), not an audio file")
        }
        if status.st_size == 0 {
            close(fd)
            throw AudioError(path: path, reason: "file is empty (0 bytes)")
        }

        var info = SF_INFO()
        // The descriptor stays ours (close_desc false) so it is closed exactly once, by us.
        guard let handle = sf_open_fd(fd, Int32(SFM_READ), &info, Int32(SF_FALSE)) else {
            let message = String(cString: sf_strerror(nil))
            close(fd)
            throw AudioError(path: path, reason: "not a supported audio file: \(message)")
        }
        guard info.channels > 0, info.samplerate > 0 else {
            sf_close(handle)
            close(fd)
            throw AudioError(
                path: path,
                reason: "not a usable audio file: \(info.channels) channels at \(info.samplerate) Hz")
        }
        guard Self.sampleRates.contains(Int(info.samplerate)) else {
            sf_close(handle)
            close(fd)
            throw AudioError(
                path: path,
                reason: "sample rate \(info.samplerate) Hz is outside \(Self.sampleRates.lowerBound)-\(Self.sampleRates.upperBound) Hz")
        }
        if info.frames == 0 {
            sf_close(handle)
            close(fd)
            throw AudioError(path: path, reason: "contains no audio (0 frames)")
        }

        self.handle = handle
        descriptor = fd
        sampleRate = Int(info.samplerate)
        channels = Int(info.channels)
        declaredFrames = info.frames > 0 && info.frames < Int64.max ? Int(info.frames) : nil

        let major = Int(info.format) & Int(SF_FORMAT_TYPEMASK)
        mixer = ChannelMixer(
            channels: channels,
            positions: ChannelMixer.positions(of: handle, channels: channels),
            vorbisOrder: major == Int(SF_FORMAT_OGG))
        let capacity = self.chunkFrames * max(2, channels)
        decodeBuffer = .allocate(capacity: capacity)
        decodeBuffer.initialize(repeating: 0, count: capacity)
        seekStrategy = SeekStrategy(format: info.format)
        truncationNote = Self.truncationNote(handle: handle, major: major)
        shortfallTolerance = major == Int(SF_FORMAT_MPEG)
            ? max(2 * 1152, declaredFrames.map { $0 / 100 } ?? 0) : 0
        lengthIsEstimate = major == Int(SF_FORMAT_MPEG)
    }

    deinit {
        sf_close(handle)
        close(descriptor)
        decodeBuffer.deallocate()
    }

    /// Reads up to `frames` stereo frames; returns fewer only at the end of the file or on failure.
    func readStereo(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        var done = 0
        while done < frames && !atEnd {
            let wanted = min(frames - done, chunkFrames)
            let target = buffer + 2 * done
            let got: Int
            switch channels {
            case 1:
                got = Int(sf_readf_float(handle, target, Int64(wanted)))
                ChannelMixer.expandMonoInPlace(target, frames: max(0, got))
            case 2:
                got = Int(sf_readf_float(handle, target, Int64(wanted)))
            default:
                got = Int(sf_readf_float(handle, decodeBuffer, Int64(wanted)))
                mixer.mix(decodeBuffer, frames: max(0, got), into: target)
            }
            if got > 0 {
                done += got
                position += got
            }
            // Reaching the declared length is the end even if the decoder would give more: it is
            // also where a WAV that libsndfile had to shorten gets reported.
            if got < wanted || declaredFrames.map({ position >= $0 }) == true {
                finish()
            }
        }
        return done
    }

    /// Moves to a file frame (clamped to the declared length). Clears the end-of-stream state;
    /// a failure already recorded stays recorded.
    func seek(toFrame frame: Int) throws(AudioError) {
        let target = max(0, declaredFrames.map { min(frame, $0) } ?? frame)
        var landing = target
        switch seekStrategy {
        case .direct:
            break
        case .rewindFirst:
            try rawSeek(to: 0)
        case .decodeForward(let frames):
            landing = max(0, target - frames)
        }
        position = try rawSeek(to: landing)
        atEnd = false
        var skip = target - position
        while skip > 0 {
            let wanted = min(skip, chunkFrames)
            let got = Int(sf_readf_float(handle, decodeBuffer, Int64(wanted)))
            if got > 0 {
                skip -= got
                position += got
            }
            if got < wanted {
                finish()
                break
            }
        }
    }

    /// Replaces an estimated length with the number of frames the decoder really delivers, then
    /// rewinds to the start. Needed where the exact end matters (a gapless loop). Decodes the
    /// last stretch of the file, or the whole file if the estimate was too far off for that;
    /// leaves the estimate alone when the file turns out to be damaged, so that playback finds
    /// and reports the damage.
    func measureLength() throws(AudioError) {
        guard lengthIsEstimate, let estimate = declaredFrames else { return }
        declaredFrames = nil
        defer { if declaredFrames == nil { declaredFrames = estimate } }
        for start in [max(0, estimate - 2 * shortfallTolerance), 0] {
            try seek(toFrame: start)
            guard position == start, !atEnd else { continue }
            while true {
                let got = Int(sf_readf_float(handle, decodeBuffer, Int64(chunkFrames)))
                if got > 0 { position += got }
                if got < chunkFrames { break }
            }
            if sf_error(handle) != 0 { break }
            if position > start {
                declaredFrames = position
                break
            }
        }
        try seek(toFrame: 0)
    }

    @discardableResult
    private func rawSeek(to frame: Int) throws(AudioError) -> Int {
        let result = sf_seek(handle, Int64(frame), SEEK_SET)
        if result < 0 {
            let message = String(cString: sf_strerror(handle))
            throw AudioError(path: path, reason: "cannot seek to frame \(frame): \(message)")
        }
        return Int(result)
    }

    /// Marks the end of the stream and works out whether it came too early.
    private func finish() {
        atEnd = true
        guard failure == nil else { return }
        if sf_error(handle) != 0 {
            let message = String(cString: sf_strerror(handle))
            failure = AudioError(path: path, reason: "decoding stopped after \(position) frames: \(message)")
        } else if let declared = declaredFrames, position + shortfallTolerance < declared {
            failure = AudioError(
                path: path,
                reason: "file ended early: \(position) of \(declared) frames (truncated or corrupt)")
        } else if let note = truncationNote, declaredFrames.map({ position >= $0 }) ?? true {
            failure = AudioError(path: path, reason: note)
        }
    }

    /// libsndfile quietly shortens a WAV or AIFF data chunk that runs past the end of the file and
    /// only says so in its log ("data : 88200 (should be 52902)"). A declared size of 0 or
    /// 0xFFFFFFFF is the placeholder streaming writers leave, not damage.
    private static func truncationNote(handle: OpaquePointer, major: Int) -> String? {
        let riffLike = [SF_FORMAT_WAV, SF_FORMAT_WAVEX, SF_FORMAT_RF64, SF_FORMAT_W64, SF_FORMAT_AIFF]
        guard riffLike.contains(where: { Int($0) == major }) else { return nil }
        var log = [CChar](repeating: 0, count: 8192)
        let length = log.withUnsafeMutableBufferPointer { buffer in
            sf_command(handle, Int32(SFC_GET_LOG_INFO), buffer.baseAddress, Int32(buffer.count - 1))
        }
        guard length > 0 else { return nil }
        let text = String(decoding: log.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        for line in text.split(separator: "\n") {
            let trimmed = line.drop(while: { $0 == " " })
            guard trimmed.hasPrefix("data") || trimmed.hasPrefix("SSND"),
                  let open = trimmed.firstRange(of: "(should be ") else { continue }
            let declaredText = trimmed[..<open.lowerBound].split(separator: ":").last?
                .filter { $0 != " " } ?? ""
            let actualText = trimmed[open.upperBound...].prefix(while: { $0.isNumber })
            guard let declared = UInt64(declaredText), let actual = UInt64(actualText),
                  declared > actual, declared != 0xFFFF_FFFF, declared != 0 else { continue }
            return "file is truncated: its header declares \(declared) bytes of audio, "
                + "the file holds \(actual); played what is there"
        }
        return nil
    }
}

/// How to make libsndfile 1.2.0's seeks sample-exact, per codec (measured on this machine over
/// 260 seek targets per file):
/// - MP3 through libmpg123 1.31: `sf_seek` lands on the right frame number but the first MPEG
///   frames decoded after it are garbage (up to 0.5 full scale) in files that lean on the bit
///   reservoir (LAME VBR, libsndfile's own encoder): 102 and 244 of 260 seeks were wrong.
///   Seeking 4 MPEG frames early and decoding up to the target fixed every one; 16 are used.
/// - Ogg Vorbis: after any decoding, `sf_seek` is wrong about half the time (145 of 260);
///   seeking to 0 first resets the decoder and made every seek exact.
/// - WAV, FLAC, Opus: exact as they are.
private enum SeekStrategy {
    case direct
    case rewindFirst
    case decodeForward(frames: Int)

    init(format: Int32) {
        let major = Int(format) & Int(SF_FORMAT_TYPEMASK)
        let minor = Int(format) & Int(SF_FORMAT_SUBMASK)
        if major == Int(SF_FORMAT_MPEG) {
            self = .decodeForward(frames: 16 * 1152)
        } else if major == Int(SF_FORMAT_OGG) && minor == Int(SF_FORMAT_VORBIS) {
            self = .rewindFirst
        } else {
            self = .direct
        }
    }
}
