import Foundation
import SleepBoxAudio
import Testing

@Suite("FileSource: decoding, channels, seeking, damage")
struct FileSourceTests {
    @Test("WAV 44.1 kHz mono decodes exactly, duplicated to both channels")
    func wavMono() throws {
        let fixtures = try AudioFixtures()
        let ramp = Signal.ramp(from: -0.75, to: 0.75, frames: 44_100)
        let path = try fixtures.write("mono.wav", kind: .wav, rate: 44_100, channels: 1, samples: ramp)
        let source = try FileSource(path: path, format: AudioFormat(sampleRate: 44_100))
        #expect(source.lengthFrames == 44_100)
        #expect(source.fileChannels == 1)
        #expect(source.resamplerQuality == nil)
        let out = renderAll(source, block: 777)
        #expect(out.count == 2 * 44_100)
        #expect(maxDifference(Signal.channel(out, 0), ramp) == 0)
        #expect(maxDifference(Signal.channel(out, 1), ramp) == 0)
        #expect(source.positionFrames == 44_100)
        #expect(source.failure == nil)
    }

    @Test("FLAC 48 kHz stereo passes both channels through exactly")
    func flacStereo() throws {
        let fixtures = try AudioFixtures()
        let left = Signal.ramp(from: -0.5, to: 0.5, frames: 48_000)
        let right = Signal.ramp(from: 0.25, to: -0.25, frames: 48_000)
        let path = try fixtures.write(
            "stereo.flac", kind: .flac, rate: 48_000, channels: 2, samples: Signal.interleave([left, right]))
        let source = try FileSource(path: path)
        #expect(source.lengthFrames == 48_000)
        let out = renderAll(source, block: 4096)
        #expect(maxDifference(Signal.channel(out, 0), left) == 0)
        #expect(maxDifference(Signal.channel(out, 1), right) == 0)
        var buffer = [Float](repeating: 7, count: 64)
        let after = buffer.withUnsafeMutableBufferPointer { pointer in
            pointer.baseAddress.map { source.render(into: $0, frames: 32) } ?? -1
        }
        #expect(after == 0)
        #expect(source.failure == nil)
    }

    @Test("Seeking in WAV and FLAC is sample-exact", arguments: [AudioFixtures.Kind.wav, .flac])
    func losslessSeek(kind: AudioFixtures.Kind) throws {
        let fixtures = try AudioFixtures()
        let ramp = Signal.ramp(from: -0.9, to: 0.9, frames: 96_000)
        let path = try fixtures.write("seek.\(kind.fileExtension)", kind: kind, rate: 48_000, channels: 1, samples: ramp)
        let source = try FileSource(path: path)
        for target in [12_345, 0, 95_999, 47_000, 1] {
            try source.seek(toFrame: target)
            #expect(source.positionFrames == target)
            let out = renderAll(source, limit: 3)
            #expect(out.first == ramp[target], "after seek to \(target)")
            #expect(maxDifference(Signal.channel(out, 0), ramp[target..<min(ramp.count, target + 3)]) == 0)
        }
        try source.seek(toFrame: 200_000)
        #expect(source.positionFrames == 96_000)
        #expect(renderAll(source).isEmpty)
        try source.seek(toFrame: 95_990)
        #expect(renderAll(source).count == 20)
    }

    @Test(
        "Lossy files decode to their length within codec padding, and seek consistently",
        arguments: AudioFixtures.writable([.vorbis, .opus, .mp3]))
    func lossy(kind: AudioFixtures.Kind) throws {
        let rate = kind == .opus ? 48_000 : 44_100
        let fixtures = try AudioFixtures()
        let frames = 2 * rate
        let sine = Signal.sine(frequency: 440, amplitude: 0.5, rate: rate, frames: frames)
        let path = try fixtures.write(
            "lossy.\(kind.fileExtension)", kind: kind, rate: rate, channels: 2,
            samples: Signal.interleave([sine, sine]))
        let source = try FileSource(path: path, format: AudioFormat(sampleRate: rate))
        let length = try #require(source.lengthFrames)
        #expect(abs(length - frames) <= 2_048)
        let whole = renderAll(source, block: 1024)
        try #require(abs(whole.count / 2 - frames) <= 2_048)
        #expect(source.failure == nil)
        let middle = Signal.channel(whole, 0)[rate / 2..<(3 * rate / 2)]
        #expect(abs(Signal.amplitude(of: middle, frequency: 440, rate: rate, startFrame: rate / 2) - 0.5) < 0.02)

        // Seeks in an awkward order, after playing to the end and mid-stream: each must give
        // exactly what straight decoding gave at that frame.
        for target in [rate + 123, 5_000, frames - 600, 20_000, 1, 60_000, 7_077, 0, 44_223] {
            try source.seek(toFrame: target)
            #expect(source.positionFrames == target)
            let resumed = renderAll(source, limit: 512)
            let reference = whole[(2 * target)..<min(whole.count, 2 * target + 1_024)]
            let difference = maxDifference(resumed, reference)
            #expect(difference == 0, "seek to \(target) in \(kind) differs from straight decoding by \(difference)")
            _ = renderAll(source, limit: 3_000)
        }
    }

    @Test("Six channels are down-mixed to stereo without clipping; LFE is dropped")
    func downmix() throws {
        let fixtures = try AudioFixtures()
        let frames = 100
        let full = [Float](repeating: 0.999, count: frames)
        let silent = [Float](repeating: 0, count: frames)
        // WAV order: L R C LFE Ls Rs.
        func mix(_ active: Set<Int>) throws -> (left: Float, right: Float) {
            let channels = (0..<6).map { active.contains($0) ? full : silent }
            let path = try fixtures.write(
                "six-\(active.sorted()).wav", format: AudioFixtures.Kind.wav.format, rate: 48_000,
                channels: 6, samples: Signal.interleave(channels))
            let source = try FileSource(path: path)
            #expect(source.fileChannels == 6)
            let out = renderAll(source)
            try #require(out.count == 2 * frames)
            return (out[20], out[21])
        }
        let frontLeft = try mix([0])
        #expect(frontLeft.left > 0.3 && frontLeft.right == 0)
        let center = try mix([2])
        #expect(center.left == center.right && center.left > 0.2)
        let lfe = try mix([3])
        #expect(lfe.left == 0 && lfe.right == 0)
        let surroundRight = try mix([5])
        #expect(surroundRight.left == 0 && surroundRight.right > 0.2)
        let everything = try mix(Set(0..<6))
        #expect(everything.left <= 1 && everything.right <= 1 && everything.left > 0.95)
    }

    @Test("A missing file is an AudioError naming the path")
    func missing() throws {
        let fixtures = try AudioFixtures()
        let path = fixtures.path("nothing-here.wav")
        let error = #expect(throws: AudioError.self) { try FileSource(path: path) }
        #expect(error?.path == path)
        #expect(error?.reason.contains("not found") == true)
    }

    @Test("Random bytes named .wav are not an audio file")
    func corrupt() throws {
        let fixtures = try AudioFixtures()
        let path = fixtures.path("noise.wav")
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<20_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: AudioError.self) { try FileSource(path: path) }
        #expect(error?.path == path)
        #expect(error?.reason.contains("not a supported audio file") == true)
    }

    @Test("Empty files, header-only files and folders are refused with a reason")
    func emptyAndOdd() throws {
        let fixtures = try AudioFixtures()
        let empty = fixtures.path("empty.wav")
        try Data().write(to: URL(fileURLWithPath: empty))
        let emptyError = #expect(throws: AudioError.self) { try FileSource(path: empty) }
        #expect(emptyError?.path == empty)
        #expect(emptyError?.reason.contains("empty") == true)

        let headerOnly = try fixtures.write("header.wav", kind: .wav, rate: 48_000, channels: 2, samples: [])
        let headerError = #expect(throws: AudioError.self) { try FileSource(path: headerOnly) }
        #expect(headerError?.reason.contains("no audio") == true)

        let folder = fixtures.path("folder.wav")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let folderError = #expect(throws: AudioError.self) { try FileSource(path: folder) }
        #expect(folderError?.path == folder)
        #expect(folderError?.reason.contains("directory") == true)
    }

    @Test("A WAV whose header claims a sample rate no recording has is refused, naming the rate",
          arguments: [1_869_366_818, 999, 768_001])
    func absurdRate(rate: Int) throws {
        let fixtures = try AudioFixtures()
        let path = try fixtures.write("rate.wav", kind: .wav, rate: 48_000, channels: 1,
                                      samples: Signal.sine(frequency: 440, rate: 48_000, frames: 4_800))
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let fmt = try #require((0..<(bytes.count - 4)).first { bytes[$0..<($0 + 4)].elementsEqual("fmt ".utf8) })
        for i in 0..<4 { bytes[fmt + 12 + i] = UInt8((rate >> (8 * i)) & 0xFF) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: AudioError.self) { try FileSource(atItsOwnRate: path) }
        #expect(error?.path == path)
        #expect(error?.reason == "sample rate \(rate) Hz is outside 1000-768000 Hz")
        #expect(throws: AudioError.self) { try FileSource(path: path) }
    }

    @Test("A file that cannot be opened reports errno")
    func notOpenable() throws {
        let fixtures = try AudioFixtures()
        let file = try fixtures.write("plain.wav", kind: .wav, rate: 48_000, channels: 1, samples: [0, 0])
        let path = file + "/inside.wav"
        let error = #expect(throws: AudioError.self) { try FileSource(path: path) }
        #expect(error?.path == path)
        #expect(error?.reason.contains("errno \(ENOTDIR)") == true)
    }

    @Test("An unreadable file reports errno", .enabled(if: getuid() != 0, "root reads any file"))
    func unreadable() throws {
        let fixtures = try AudioFixtures()
        let path = try fixtures.write("locked.wav", kind: .wav, rate: 48_000, channels: 1, samples: [0, 0])
        chmod(path, 0)
        let error = #expect(throws: AudioError.self) { try FileSource(path: path) }
        #expect(error?.reason.contains("errno \(EACCES)") == true)
    }

    @Test("A truncated WAV plays what is there, ends, and says it was truncated")
    func truncatedWAV() throws {
        let fixtures = try AudioFixtures()
        let ramp = Signal.ramp(from: -0.5, to: 0.5, frames: 44_100)
        let path = try fixtures.write("cut.wav", kind: .wav, rate: 44_100, channels: 1, samples: ramp)
        try fixtures.truncate(path, keeping: 0.6)
        let source = try FileSource(path: path, format: AudioFormat(sampleRate: 44_100))
        let out = renderAll(source)
        let played = out.count / 2
        #expect(played > 26_000 && played < 27_000)
        #expect(maxDifference(Signal.channel(out, 0), ramp[0..<played]) == 0)
        let failure = try #require(source.failure)
        #expect(failure.path == path)
        #expect(failure.reason.contains("truncated"))
        #expect(renderAll(source).isEmpty)
    }

    @Test("A complete file that plays to its end records no failure, resampled or not")
    func cleanEnd() throws {
        let fixtures = try AudioFixtures()
        let path = try fixtures.write(
            "whole.wav", kind: .wav, rate: 44_100, channels: 1,
            samples: Signal.sine(frequency: 300, rate: 44_100, frames: 10_000))
        for format in [AudioFormat(sampleRate: 44_100), .engine] {
            let source = try FileSource(path: path, format: format)
            _ = renderAll(source)
            #expect(source.failure == nil)
            #expect(source.positionFrames == source.lengthFrames)
        }
    }

    @Test(
        "Truncated FLAC and MP3 end early with a failure, resampled or not",
        arguments: AudioFixtures.writable([.flac, .mp3]))
    func truncatedCompressed(kind: AudioFixtures.Kind) throws {
        let fixtures = try AudioFixtures()
        let sine = Signal.sine(frequency: 440, rate: 44_100, frames: 88_200)
        let path = try fixtures.write(
            "cut.\(kind.fileExtension)", kind: kind, rate: 44_100, channels: 2,
            samples: Signal.interleave([sine, sine]))
        try fixtures.truncate(path, keeping: 0.6)
        for format in [AudioFormat(sampleRate: 44_100), .engine] {
            let source = try FileSource(path: path, format: format)
            let length = try #require(source.lengthFrames)
            let out = renderAll(source)
            #expect(out.count / 2 < length)
            #expect(out.count / 2 > length / 3)
            let failure = try #require(source.failure)
            #expect(failure.path == path)
            #expect(renderAll(source).isEmpty)
        }
    }

    @Test("A non-stereo engine format is refused")
    func monoEngine() throws {
        let fixtures = try AudioFixtures()
        let path = try fixtures.write("x.wav", kind: .wav, rate: 48_000, channels: 1, samples: [0, 0, 0])
        #expect(throws: AudioError.self) { try FileSource(path: path, format: AudioFormat(channels: 1)) }
    }
}
