import Foundation
import SleepBoxAudio
@testable import SleepBoxContent

/// A deterministic stand-in for the voice: a tone 0.06 s long per character of the text (2880
/// frames at 48 kHz), never exactly zero, so silences in the output are exactly the pauses.
final class FakeSpeech: SpeechRenderer, @unchecked Sendable {
    static let framesPerCharacter = 2880
    let cachesRenders: Bool
    private let lock = NSLock()
    private var renderedTexts: [String] = []

    /// With `cachesRenders`, `cachedDuration` knows every text rendered so far (like the real
    /// render cache); without, it never knows.
    init(cachesRenders: Bool = false) { self.cachesRenders = cachesRenders }

    var voiceDescription: String { "fake tone, 0.06 s per character" }

    func render(_ text: String) throws -> [Float] {
        lock.lock()
        renderedTexts.append(text)
        lock.unlock()
        return Self.samples(text)
    }

    func cachedDuration(_ text: String) -> Double? {
        guard cachesRenders else { return nil }
        lock.lock()
        defer { lock.unlock() }
        return renderedTexts.contains(text) ? Double(Self.frames(text)) / 48_000 : nil
    }

    /// Every text rendered, in order.
    var renders: [String] {
        lock.lock()
        defer { lock.unlock() }
        return renderedTexts
    }

    static func frames(_ text: String) -> Int { text.count * framesPerCharacter }

    static func samples(_ text: String) -> [Float] {
        (0..<frames(text)).map { n in 0.25 + 0.1 * Float(sin(2 * Double.pi * 220 * Double(n) / 48_000)) }
    }
}

/// A voice that always fails.
final class BrokenSpeech: SpeechRenderer, @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible { var description: String { "synthesis failed" } }
    var voiceDescription: String { "broken" }
    func render(_ text: String) throws -> [Float] { throw Failure() }
    func cachedDuration(_ text: String) -> Double? { nil }
}

/// A mono 16-bit PCM WAV file of `frames` frames at `rate`, a quiet constant signal.
enum TestWAV {
    static func bytes(frames: Int, rate: Int = 48_000) -> [UInt8] {
        func u32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
        func u16(_ v: Int) -> [UInt8] { (0..<2).map { UInt8((v >> (8 * $0)) & 0xFF) } }
        let data = frames * 2
        var out: [UInt8] = Array("RIFF".utf8) + u32(36 + data) + Array("WAVE".utf8)
        out += Array("fmt ".utf8) + u32(16) + u16(1) + u16(1) + u32(rate) + u32(rate * 2) + u16(2) + u16(16)
        out += Array("data".utf8) + u32(data)
        for _ in 0..<frames { out += u16(1000) }
        return out
    }
}

enum TestContent {
    /// The repository's bundled `content/` folder.
    static var bundled: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("content").path
    }

    static func path(_ relative: String) -> String { bundled + "/" + relative }

    /// A fresh empty folder under the temporary directory.
    static func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "sleepbox-content-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
}

/// Rendering helpers.
enum Render {
    /// The left channel of everything `source` renders, in blocks of `block` frames (480 = one
    /// 10 ms audio period).
    static func left(_ source: any AudioSource, block: Int = 480, limit: Int = 48_000 * 60 * 30) -> [Float] {
        var out: [Float] = []
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: 2 * block)
        defer { buffer.deallocate() }
        while out.count < limit {
            let n = source.render(into: buffer, frames: block)
            if n == 0 { break }
            for i in 0..<n { out.append(buffer[2 * i]) }
        }
        return out
    }

    /// Both channels interleaved, `frames` frames.
    static func stereo(_ source: any AudioSource, frames: Int, block: Int = 480) -> [Float] {
        var out: [Float] = []
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: 2 * block)
        defer { buffer.deallocate() }
        while out.count < 2 * frames {
            let n = source.render(into: buffer, frames: min(block, frames - out.count / 2))
            if n == 0 { break }
            out.append(contentsOf: UnsafeBufferPointer(start: buffer, count: 2 * n))
        }
        return out
    }

    /// A stretch of the output: exact zeros (on both channels) or sound.
    struct Run: Equatable, CustomStringConvertible {
        var silent: Bool
        var start: Int
        var length: Int
        var description: String { "\(silent ? "silence" : "sound")@\(start)+\(length)" }
    }

    /// The runs of everything `source` renders, without keeping the samples.
    static func runs(_ source: any AudioSource, block: Int = 480) -> [Run] {
        var runs: [Run] = []
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: 2 * block)
        defer { buffer.deallocate() }
        var frame = 0
        while true {
            let n = source.render(into: buffer, frames: block)
            if n == 0 { break }
            for i in 0..<n {
                let silent = buffer[2 * i] == 0 && buffer[2 * i + 1] == 0
                if let last = runs.last, last.silent == silent {
                    runs[runs.count - 1].length += 1
                } else {
                    runs.append(Run(silent: silent, start: frame + i, length: 1))
                }
            }
            frame += n
        }
        return runs
    }

    /// The first frame at or after `from` that is not exact silence, rendering from the start.
    static func firstSound(in samples: [Float], from: Int) -> Int? {
        samples[from...].firstIndex { $0 != 0 }
    }
}
