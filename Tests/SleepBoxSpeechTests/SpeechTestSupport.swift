import Foundation
import SleepBoxAudio
@testable import SleepBoxSpeech

/// A fresh directory under the system's temporary directory, removed by `remove()`.
struct TemporaryDirectory {
    let path: String

    init(_ label: String = "speech") {
        path = FileManager.default.temporaryDirectory.path + "/sleepbox-\(label)-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { path + "/" + name }

    func remove() { try? FileManager.default.removeItem(atPath: path) }

    /// Writes an executable shell script.
    func script(_ name: String, _ body: String) throws -> String {
        let file = file(name)
        try ("#!/bin/sh\n" + body + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file)
        return file
    }
}

/// An engine that renders a text to a deterministic clip and counts its renders.
final class FakeEngine: SpeechEngine, @unchecked Sendable {
    let voice: SpeechVoice
    let format: AudioFormat
    private let lock = NSLock()
    private var renderCount = 0

    init(voice: SpeechVoice = SpeechVoice(engine: "fake", name: "test"), format: AudioFormat = .engine) {
        self.voice = voice
        self.format = format
    }

    var renders: Int {
        lock.lock()
        defer { lock.unlock() }
        return renderCount
    }

    /// `frames` samples of a ramp seeded by the text's length.
    static func clip(for text: String, frames: Int, sampleRate: Int = 48_000) -> SpeechClip {
        let seed = Float(text.utf8.count)
        return SpeechClip(samples: (0..<frames).map { Float($0 % 97) / 97 * 0.5 - 0.25 + seed / 10_000 },
                          sampleRate: sampleRate)
    }

    func synthesize(_ text: String) throws(SpeechError) -> SpeechClip {
        lock.lock()
        renderCount += 1
        lock.unlock()
        return Self.clip(for: text, frames: 100 * text.utf8.count, sampleRate: format.sampleRate)
    }
}

/// A clock for the cache that moves only when told.
final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var seconds: Double

    init(start: Double = 1_700_000_000) { seconds = start }

    func advance(_ by: Double = 1) {
        lock.lock()
        seconds += by
        lock.unlock()
    }

    var now: Date {
        lock.lock()
        defer { lock.unlock() }
        return Date(timeIntervalSince1970: seconds)
    }
}

/// The largest magnitude in a slice of samples.
func peak(_ samples: ArraySlice<Float>) -> Float { samples.reduce(0) { max($0, abs($1)) } }

/// Seconds `body` takes.
func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
}
