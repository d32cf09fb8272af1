import CSndFile
import Foundation
import SleepBoxAudio

/// Test sound files made with libsndfile itself, in a private temporary folder that is removed
/// when the fixture goes away.
final class AudioFixtures {
    let folder: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.path
        folder = "\(base)/sleepbox-audio-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func path(_ name: String) -> String { "\(folder)/\(name)" }

    /// 32-bit float WAV: holds any float signal exactly.
    static let wavFloat = Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT)

    /// libsndfile major/minor format pairs for the containers the box plays.
    enum Kind: String, CaseIterable, Sendable {
        case wav, flac, vorbis, opus, mp3

        var format: Int32 {
            switch self {
            case .wav: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16)
            case .flac: Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_16)
            case .vorbis: Int32(SF_FORMAT_OGG | SF_FORMAT_VORBIS)
            case .opus: Int32(SF_FORMAT_OGG | SF_FORMAT_OPUS)
            case .mp3: Int32(SF_FORMAT_MPEG | SF_FORMAT_MPEG_LAYER_III)
            }
        }

        var fileExtension: String {
            switch self {
            case .wav: "wav"
            case .flac: "flac"
            case .vorbis: "ogg"
            case .opus: "opus"
            case .mp3: "mp3"
            }
        }

        var isLossless: Bool { self == .wav || self == .flac }
    }

    struct WriteError: Error, CustomStringConvertible {
        var description: String
    }

    /// Whether this libsndfile can write `kind` at `rate` with `channels`.
    static func canWrite(_ kind: Kind, rate: Int, channels: Int) -> Bool {
        var info = SF_INFO()
        info.samplerate = Int32(rate)
        info.channels = Int32(channels)
        info.format = kind.format
        return sf_format_check(&info) == Int32(SF_TRUE)
    }

    /// The kinds among `kinds` this libsndfile can write (stereo, at 48 kHz for Opus and
    /// 44.1 kHz for the rest); tests over codecs it cannot encode are left out, not failed.
    static func writable(_ kinds: [Kind]) -> [Kind] {
        kinds.filter { canWrite($0, rate: $0 == .opus ? 48_000 : 44_100, channels: 2) }
    }

    /// Writes `samples` (interleaved, `channels` per frame) as a file of `format`.
    @discardableResult
    func write(
        _ name: String, format: Int32, rate: Int, channels: Int, samples: [Float],
        constantBitrate: Bool = false
    ) throws -> String {
        let target = path(name)
        var info = SF_INFO()
        info.samplerate = Int32(rate)
        info.channels = Int32(channels)
        info.format = format
        guard let file = sf_open(target, Int32(SFM_WRITE), &info) else {
            throw WriteError(description: "cannot write \(target): \(String(cString: sf_strerror(nil)))")
        }
        if constantBitrate {
            var mode = Int32(SF_BITRATE_MODE_CONSTANT)
            _ = sf_command(file, Int32(SFC_SET_BITRATE_MODE), &mode, Int32(MemoryLayout<Int32>.size))
        }
        let frames = samples.count / channels
        let written: Int64
        if Int(format) & Int(SF_FORMAT_SUBMASK) == Int(SF_FORMAT_PCM_16) {
            // Written as codes so values on the 16-bit grid (k / 32768) read back exactly;
            // libsndfile's own float-to-short path scales by 32767.
            let codes = samples.map { Int16(clamping: Int(($0 * 32_768).rounded())) }
            written = codes.withUnsafeBufferPointer { buffer in
                sf_writef_short(file, buffer.baseAddress, Int64(frames))
            }
        } else {
            written = samples.withUnsafeBufferPointer { buffer in
                sf_writef_float(file, buffer.baseAddress, Int64(frames))
            }
        }
        sf_close(file)
        guard written == Int64(frames) else {
            throw WriteError(description: "short write to \(target): \(written) of \(frames)")
        }
        return target
    }

    @discardableResult
    func write(_ name: String, kind: Kind, rate: Int, channels: Int, samples: [Float]) throws -> String {
        try write(name, format: kind.format, rate: rate, channels: channels, samples: samples)
    }

    /// Reads a whole file back with libsndfile, as float, with its rate and channel count.
    static func read(_ path: String) throws -> (samples: [Float], rate: Int, channels: Int, format: Int32) {
        var info = SF_INFO()
        guard let file = sf_open(path, Int32(SFM_READ), &info) else {
            throw WriteError(description: "cannot read \(path): \(String(cString: sf_strerror(nil)))")
        }
        defer { sf_close(file) }
        var samples = [Float](repeating: 0, count: Int(info.frames) * Int(info.channels))
        let got = samples.withUnsafeMutableBufferPointer { buffer in
            sf_readf_float(file, buffer.baseAddress, info.frames)
        }
        samples.removeLast(samples.count - Int(got) * Int(info.channels))
        return (samples, Int(info.samplerate), Int(info.channels), info.format)
    }

    /// Reads a 16-bit file's raw codes.
    static func readShorts(_ path: String) throws -> [Int16] {
        var info = SF_INFO()
        guard let file = sf_open(path, Int32(SFM_READ), &info) else {
            throw WriteError(description: "cannot read \(path)")
        }
        defer { sf_close(file) }
        var samples = [Int16](repeating: 0, count: Int(info.frames) * Int(info.channels))
        _ = samples.withUnsafeMutableBufferPointer { buffer in
            sf_readf_short(file, buffer.baseAddress, info.frames)
        }
        return samples
    }

    /// Removes the Xing/Info frame an MPEG-1 Layer III file starts with, leaving an MP3 whose
    /// length the decoder can only estimate (like files from encoders that write no LAME tag).
    func stripXingFrame(_ path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let bytes = [UInt8](data)
        let bitrates = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
        let rates = [44_100, 48_000, 32_000]
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] & 0xFE == 0xFA,
              Int(bytes[2] >> 4) < bitrates.count, Int((bytes[2] >> 2) & 3) < rates.count else {
            throw WriteError(description: "\(path) does not start with an MPEG-1 Layer III frame")
        }
        let bitrate = bitrates[Int(bytes[2] >> 4)] * 1_000
        let rate = rates[Int((bytes[2] >> 2) & 3)]
        let size = 144 * bitrate / rate + Int((bytes[2] >> 1) & 1)
        let head = String(decoding: bytes[0..<min(size, bytes.count)], as: UTF8.self)
        guard head.contains("Xing") || head.contains("Info") else {
            throw WriteError(description: "\(path) has no Xing/Info frame")
        }
        try Data(bytes[size...]).write(to: URL(fileURLWithPath: path))
    }

    /// Keeps the first `fraction` of a file's bytes, dropping the rest.
    func truncate(_ path: String, keeping fraction: Double) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        try data.prefix(Int(Double(data.count) * fraction)).write(to: URL(fileURLWithPath: path))
    }
}

/// Signals with known content.
enum Signal {
    /// A sine of `frequency` Hz and `amplitude` at `rate`, `frames` long, one channel.
    static func sine(frequency: Double, amplitude: Double = 0.5, rate: Int, frames: Int) -> [Float] {
        (0..<frames).map { Float(amplitude * sin(2 * .pi * frequency * Double($0) / Double(rate))) }
    }

    /// A ramp from `from` to `to` on the 16-bit grid, so PCM_16 files hold it exactly.
    static func ramp(from: Float, to: Float, frames: Int) -> [Float] {
        (0..<frames).map { index in
            let value = from + (to - from) * Float(index) / Float(max(1, frames - 1))
            return (value * 32_768).rounded() / 32_768
        }
    }

    /// Interleaves equally long channels.
    static func interleave(_ channels: [[Float]]) -> [Float] {
        guard let frames = channels.first?.count else { return [] }
        var out = [Float]()
        out.reserveCapacity(frames * channels.count)
        for frame in 0..<frames {
            for channel in channels { out.append(channel[frame]) }
        }
        return out
    }

    /// One channel of interleaved stereo.
    static func channel(_ stereo: [Float], _ index: Int) -> [Float] {
        stride(from: index, to: stereo.count, by: 2).map { stereo[$0] }
    }

    /// Amplitude of the `frequency` component (least-squares fit of a sine and a cosine).
    static func amplitude(of samples: ArraySlice<Float>, frequency: Double, rate: Int, startFrame: Int) -> Double {
        var sinSum = 0.0
        var cosSum = 0.0
        for (offset, sample) in samples.enumerated() {
            let phase = 2 * .pi * frequency * Double(startFrame + offset) / Double(rate)
            sinSum += Double(sample) * sin(phase)
            cosSum += Double(sample) * cos(phase)
        }
        let count = Double(samples.count)
        return 2 * (sinSum * sinSum + cosSum * cosSum).squareRoot() / count
    }

    /// Frequency from upward zero crossings, interpolated between samples.
    static func frequency(of samples: ArraySlice<Float>, rate: Int) -> Double {
        var crossings = [Double]()
        var index = samples.startIndex
        while index + 1 < samples.endIndex {
            let a = samples[index]
            let b = samples[index + 1]
            if a < 0 && b >= 0 {
                crossings.append(Double(index) + Double(-a / (b - a)))
            }
            index += 1
        }
        guard let first = crossings.first, let last = crossings.last, crossings.count > 1 else { return 0 }
        return Double(crossings.count - 1) * Double(rate) / (last - first)
    }
}

/// The largest absolute difference between two equally long signals; infinity when the lengths
/// differ (so failures print a number, not two arrays).
func maxDifference(_ a: some Collection<Float>, _ b: some Collection<Float>) -> Float {
    guard a.count == b.count else { return .infinity }
    return zip(a, b).map { abs($0 - $1) }.max() ?? 0
}

/// Renders a source to the end (or `limit` frames) in blocks of `block` frames.
func renderAll(_ source: some AudioSource, limit: Int = 10_000_000, block: Int = 1000) -> [Float] {
    var out = [Float]()
    var buffer = [Float](repeating: 0, count: 2 * block)
    while out.count / 2 < limit {
        let wanted = min(block, limit - out.count / 2)
        let got = buffer.withUnsafeMutableBufferPointer { pointer in
            pointer.baseAddress.map { source.render(into: $0, frames: wanted) } ?? 0
        }
        out.append(contentsOf: buffer[0..<(2 * got)])
        if got < wanted { break }
    }
    return out
}
