import Foundation
import SleepBoxAudio
import Testing
@testable import SleepBoxSpeech

@Suite("SpeechCache")
struct SpeechCacheTests {
    /// The file of a 1,000-sample clip: 16 + 4,000 bytes.
    static let fileBytes = 16 + 4 * 1_000

    @Test func evictsTheLeastRecentlyUsedWhenOverItsBound() {
        let dir = TemporaryDirectory("lru")
        defer { dir.remove() }
        let clock = ManualClock()
        let cache = SpeechCache(directory: dir.path, maxBytes: 3 * Self.fileBytes + 100, clock: { clock.now })
        let clips = ["a", "b", "c", "d"].map { FakeEngine.clip(for: $0, frames: 1_000) }
        for (name, clip) in zip(["a", "b", "c"], clips) {
            #expect(cache.store(clip, key: name))
            clock.advance()
        }
        #expect(cache.load(key: "a") != nil)  // a is now the most recently used
        clock.advance()
        #expect(cache.store(clips[3], key: "d"))
        #expect(cache.count == 3)
        #expect(cache.byteCount == 3 * Self.fileBytes)
        #expect(!FileManager.default.fileExists(atPath: cache.path(forKey: "b")))
        #expect(cache.load(key: "b") == nil)
        let kept = cache.load(key: "a") == clips[0] && cache.load(key: "c") == clips[2] && cache.load(key: "d") == clips[3]
        #expect(kept)
        #expect(cache.statistics.evictions == 1)
    }

    @Test func useOrderSurvivesARestart() {
        let dir = TemporaryDirectory("restart")
        defer { dir.remove() }
        let clock = ManualClock()
        let first = SpeechCache(directory: dir.path, clock: { clock.now })
        first.store(FakeEngine.clip(for: "a", frames: 1_000), key: "a")
        clock.advance()
        first.store(FakeEngine.clip(for: "b", frames: 1_000), key: "b")
        clock.advance()
        _ = first.load(key: "a")

        // Reopened with room for one file: b, the least recently used, goes.
        let second = SpeechCache(directory: dir.path, maxBytes: Self.fileBytes + 10, clock: { clock.now })
        #expect(second.count == 1)
        #expect(second.contains(key: "a") && !second.contains(key: "b"))
        #expect(second.statistics.evictions == 1)
    }

    @Test func aClipLargerThanTheWholeBoundIsNotStored() {
        let dir = TemporaryDirectory("huge")
        defer { dir.remove() }
        let cache = SpeechCache(directory: dir.path, maxBytes: 1_000)
        #expect(!cache.store(FakeEngine.clip(for: "x", frames: 1_000), key: "x"))
        #expect(cache.count == 0 && cache.byteCount == 0)
    }

    @Test func leftoverTemporaryFilesAreRemovedAndOthersIgnored() throws {
        let dir = TemporaryDirectory("leftover")
        defer { dir.remove() }
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: dir.file(".abc.123.part")))
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: dir.file("README")))
        let cache = SpeechCache(directory: dir.path)
        #expect(!FileManager.default.fileExists(atPath: dir.file(".abc.123.part")))
        #expect(FileManager.default.fileExists(atPath: dir.file("README")))
        #expect(cache.count == 0)
    }

    @Test func stateDirectoryGetsASpeechCacheFolder() {
        let dir = TemporaryDirectory("state")
        defer { dir.remove() }
        let cache = SpeechCache(stateDirectory: dir.path)
        #expect(cache.directory == dir.path + "/speech-cache")
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: cache.directory, isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    @Test func fileFormatRoundTripsBitExactly() throws {
        let samples: [Float] = [0, -0, 1, -1, 0.5, 1e-30, -0.123_456_79, 15.9]
        let clip = SpeechClip(samples: samples, sampleRate: 22_050)
        let bytes = SpeechClipFile.encode(clip)
        #expect(bytes.count == 16 + 4 * samples.count)
        #expect(Array(bytes[0..<4]) == Array("SBS1".utf8))
        let decoded = try #require(bytes.withUnsafeBytes { SpeechClipFile.decode($0) })
        #expect(decoded.sampleRate == 22_050)
        #expect(decoded.samples.map(\.bitPattern) == samples.map(\.bitPattern))
        #expect(SpeechClipFile.encode(SpeechClip(samples: [], sampleRate: 48_000)).withUnsafeBytes { SpeechClipFile.decode($0) }?.isEmpty == true)
    }

    /// A ten-second clip comes back bit for bit, load after load (how fast it loads is measured by
    /// `make bench`, not asserted here: a test never depends on the machine's speed).
    @Test func aTenSecondClipComesBackExactlyEveryTime() throws {
        let dir = TemporaryDirectory("ten-seconds")
        defer { dir.remove() }
        let cache = SpeechCache(directory: dir.path)
        let clip = SpeechClip(samples: (0..<480_000).map { sinf(Float($0) * 0.0576) * 0.3 }, sampleRate: 48_000)
        #expect(cache.store(clip, key: "ten-seconds"))
        for _ in 0..<3 {
            let same = cache.load(key: "ten-seconds") == clip
            #expect(same)
        }
    }
}

/// The length of a cached clip is read from its header alone.
@Suite struct SpeechCacheDurationTests {
    @Test func theDurationComesFromTheHeader() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sleepbox-dur-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cache = SpeechCache(directory: dir)
        let clip = SpeechClip(samples: [Float](repeating: 0.1, count: 72_000), format: .engine)
        #expect(cache.store(clip, key: "k"))
        #expect(cache.duration(key: "k") == 1.5)
        #expect(cache.duration(key: "missing") == nil)
    }
}
