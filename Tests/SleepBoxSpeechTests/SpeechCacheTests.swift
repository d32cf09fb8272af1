import Foundation
import SleepBoxAudio
import Testing
@testable import SleepBoxSpeech

@Suite("SpeechCache")
struct SpeechCacheTests {
    /// The size of the file of a 1,000-sample clip `FakeEngine.clip(for: "a", frames: 1_000)` (every
    /// one-letter text gives the same samples).
    static let fileBytes: Int = {
        let dir = TemporaryDirectory("size")
        defer { dir.remove() }
        let cache = SpeechCache(directory: dir.path)
        cache.store(FakeEngine.clip(for: "a", frames: 1_000), key: "a")
        return cache.byteCount
    }()

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
        let stored = clips.map(SpeechCache.quantized)
        let kept = cache.load(key: "a") == stored[0] && cache.load(key: "c") == stored[2] && cache.load(key: "d") == stored[3]
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

    @Test func fileFormatRoundTripsSixteenBitSamplesExactly() throws {
        let samples: [Int16] = [0, 1, -1, 32_767, -32_768, 12_345, -7, 300]
        let bytes = try #require(SpeechClipFLAC.encode(samples, sampleRate: 22_050))
        #expect(Array(bytes[0..<4]) == Array("fLaC".utf8))
        let header = try #require(SpeechClipFLAC.header(bytes))
        #expect(header.sampleRate == 22_050 && header.frames == samples.count)
        let decoded = try #require(SpeechClipFLAC.decode(bytes))
        #expect(decoded.sampleRate == 22_050)
        #expect(decoded.samples == samples)
        let empty = try #require(SpeechClipFLAC.encode([], sampleRate: 48_000))
        #expect(empty.count == 42)
        #expect(SpeechClipFLAC.decode(empty)?.samples.isEmpty == true)
    }

    /// Floats are rounded to 16 bits on the way in: what loads is `quantized(clip)`, and a
    /// quantized clip is its own quantization.
    @Test func floatsAreStoredRoundedToSixteenBits() throws {
        let dir = TemporaryDirectory("quantized")
        defer { dir.remove() }
        let cache = SpeechCache(directory: dir.path)
        let clip = SpeechClip(samples: [0, 0.5, -1, 1, 2, -3, .nan, 0.123_456_79, 1e-9], sampleRate: 22_050)
        #expect(cache.store(clip, key: "k"))
        let loaded = try #require(cache.load(key: "k"))
        #expect(loaded == SpeechCache.quantized(clip))
        let top: Float = 32_767.0 / 32_768
        let expected: [Float] = [0, 0.5, -1, top, top, -1, 0, 4_045.0 / 32_768, 0]
        #expect(loaded.samples == expected)
        #expect(SpeechCache.quantized(loaded) == loaded)
    }

    /// The bundled library's speech as FLAC at the voice's rate: a tenth of the float file.
    @Test func aSpokenClipTakesAFractionOfItsRawSize() throws {
        let dir = TemporaryDirectory("size-speech")
        defer { dir.remove() }
        let cache = SpeechCache(directory: dir.path)
        let clip = try EspeakEngine().synthesizeNative("The sea breathes in and out, slow and even, and so do you.")
        #expect(clip.sampleRate == 22_050)
        #expect(cache.store(clip, key: "k"))
        let raw48kFloat = Int((clip.duration * 48_000 * 4).rounded())
        #expect(cache.byteCount * 8 < raw48kFloat, "\(cache.byteCount) bytes against \(raw48kFloat)")
    }

    /// A power cut can leave a file cut short anywhere (the cache does not fsync): no cut of a
    /// clip's file loads; each is deleted and counted as damaged.
    @Test func aFileCutShortAnywhereNeverLoads() throws {
        let dir = TemporaryDirectory("cut")
        defer { dir.remove() }
        let cache = SpeechCache(directory: dir.path)
        let clip = SpeechClip(samples: (0..<30_000).map { sinf(Float($0) * 0.05) * 0.4 + Float($0 % 13) / 400 }, sampleRate: 22_050)
        #expect(cache.store(clip, key: "whole"))
        let bytes = try #require(FileManager.default.contents(atPath: cache.path(forKey: "whole")))
        let cuts = Array(stride(from: 0, to: bytes.count, by: max(1, bytes.count / 97))) + [bytes.count - 1, bytes.count - 2]
        var loaded = 0
        for (n, cut) in cuts.enumerated() {
            try bytes.prefix(cut).write(to: URL(fileURLWithPath: cache.path(forKey: "cut\(n)")))
        }
        let reopened = SpeechCache(directory: dir.path)
        for n in cuts.indices where reopened.load(key: "cut\(n)") != nil { loaded += 1 }
        #expect(loaded == 0)
        #expect(reopened.statistics.corruptFiles == cuts.count)
        #expect(reopened.load(key: "whole") == SpeechCache.quantized(clip))
    }

    /// A byte changed anywhere in the audio frames is caught by the frame's CRC.
    @Test func aChangedByteNeverLoads() throws {
        let dir = TemporaryDirectory("flip")
        defer { dir.remove() }
        let cache = SpeechCache(directory: dir.path)
        let clip = SpeechClip(samples: (0..<30_000).map { sinf(Float($0) * 0.05) * 0.4 + Float($0 % 13) / 400 }, sampleRate: 22_050)
        #expect(cache.store(clip, key: "whole"))
        let bytes = try #require(FileManager.default.contents(atPath: cache.path(forKey: "whole")))
        // Past the header and the metadata libsndfile writes (a few hundred bytes).
        let offsets = Array(stride(from: 600, to: bytes.count, by: max(1, (bytes.count - 600) / 61)))
        for (n, offset) in offsets.enumerated() {
            var damaged = bytes
            damaged[offset] ^= 0x10
            try damaged.write(to: URL(fileURLWithPath: cache.path(forKey: "flip\(n)")))
        }
        let reopened = SpeechCache(directory: dir.path)
        let loaded = offsets.indices.filter { reopened.load(key: "flip\($0)") != nil }
        #expect(loaded.isEmpty, "loaded despite a changed byte at \(loaded.map { offsets[$0] })")
    }

    /// Files of the earlier format are indexed and counted, load only for conversion, give no
    /// duration (so rendering ahead visits them), and go when replaced or when swept.
    @Test func filesOfTheEarlierFormatAreKeptUntilConvertedOrSwept() throws {
        let dir = TemporaryDirectory("legacy")
        defer { dir.remove() }
        let old = SpeechClip(samples: (0..<4_800).map { Float($0 % 50) / 100 }, sampleRate: 48_000)
        let oldBytes = SpeechClipFile.encode(old)
        for key in ["a", "b", "c"] {
            try Data(oldBytes).write(to: URL(fileURLWithPath: dir.file(key + ".sbclip")))
        }
        let cache = SpeechCache(directory: dir.path)
        #expect(cache.count == 3 && cache.legacyCount == 3 && cache.byteCount == 3 * oldBytes.count)
        #expect(cache.load(key: "a") == nil)
        #expect(cache.duration(key: "a") == nil)
        #expect(cache.loadLegacy(key: "a") == old)
        #expect(cache.store(SpeechClip(samples: [0.25], sampleRate: 22_050), key: "a"))
        #expect(!FileManager.default.fileExists(atPath: dir.file("a.sbclip")))
        #expect(cache.legacyCount == 2 && cache.count == 3)
        #expect(cache.removeLegacy() == 2)
        #expect(cache.count == 1 && cache.legacyCount == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["a.flac"])
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
            let same = cache.load(key: "ten-seconds") == SpeechCache.quantized(clip)
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
