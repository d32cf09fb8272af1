import Foundation
import SleepBoxAudio
import Testing
@testable import SleepBoxSpeech

@Suite("CachedSpeech")
struct CachedSpeechTests {
    @Test func secondRenderIsAHitWithIdenticalSamples() throws {
        let dir = TemporaryDirectory("cached")
        defer { dir.remove() }
        let cached = CachedSpeech(engine: EspeakEngine(), cache: SpeechCache(directory: dir.path))
        let first = try cached.synthesize("Hello there.")
        #expect(cached.hits == 0 && cached.misses == 1)
        let second = try cached.synthesize("Hello there.")
        #expect(cached.hits == 1 && cached.misses == 1)
        let same = second == first
        #expect(same, "a hit returns the samples of the first render")
        #expect(second.samples.count == first.samples.count && !second.isEmpty)
        #expect(cached.cache.statistics.stores == 1)

        // A new process (a new cache over the same folder) finds it too.
        let again = CachedSpeech(engine: EspeakEngine(), cache: SpeechCache(directory: dir.path))
        let reloaded = try again.synthesize("Hello there.") == first
        #expect(reloaded)
        #expect(again.hits == 1 && again.misses == 0)
    }

    @Test func rateVoicePitchTextAndSampleRateAreAllPartOfTheKey() {
        let base = SpeechVoice.espeakEnglish
        let key = SpeechCache.key(voice: base, text: "Hello there.", sampleRate: 48_000)
        var slower = base
        slower.rate = 120
        var higher = base
        higher.pitch = 60
        #expect(key.count == 64 && key.allSatisfy { $0.isHexDigit })
        #expect(key == SpeechCache.key(voice: base, text: "Hello there.", sampleRate: 48_000))
        #expect(key != SpeechCache.key(voice: slower, text: "Hello there.", sampleRate: 48_000))
        #expect(key != SpeechCache.key(voice: higher, text: "Hello there.", sampleRate: 48_000))
        #expect(key != SpeechCache.key(voice: .espeakGerman, text: "Hello there.", sampleRate: 48_000))
        #expect(key != SpeechCache.key(voice: base, text: "Hello there!", sampleRate: 48_000))
        #expect(key != SpeechCache.key(voice: base, text: "Hello there.", sampleRate: 44_100))
    }

    @Test func aDifferentRateIsRenderedAgain() throws {
        let dir = TemporaryDirectory("rate")
        defer { dir.remove() }
        let cache = SpeechCache(directory: dir.path)
        let normal = CachedSpeech(engine: EspeakEngine(), cache: cache)
        let slow = CachedSpeech(engine: EspeakEngine(voice: SpeechVoice(engine: "espeak-ng", name: "en-us", rate: 110)), cache: cache)
        let a = try normal.synthesize("Sleep well.")
        let b = try slow.synthesize("Sleep well.")
        #expect(normal.misses == 1 && slow.misses == 1 && slow.hits == 0)
        #expect(b.duration > a.duration)
        #expect(cache.count == 2)
        #expect(try slow.synthesize("Sleep well.") == b)
        #expect(slow.hits == 1)
    }

    @Test(arguments: ["truncated", "garbage", "empty", "flipped", "moreDeclared"])
    func aCorruptFileIsReplaced(_ damage: String) throws {
        let dir = TemporaryDirectory("corrupt")
        defer { dir.remove() }
        let engine = FakeEngine()
        let cached = CachedSpeech(engine: engine, cache: SpeechCache(directory: dir.path))
        let good = try cached.synthesize("Once upon a time.")
        let path = cached.cache.path(forKey: cached.key(for: "Once upon a time."))
        var bytes = try #require(FileManager.default.contents(atPath: path))
        switch damage {
        case "truncated": bytes = bytes.prefix(bytes.count - 7)
        case "garbage": bytes = Data((0..<bytes.count).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        case "empty": bytes = Data()
        case "flipped": bytes[bytes.count - 40] ^= 0x01
        // STREAMINFO's sample count (the low 32 of its 36 bits) one higher than the frames hold.
        default: bytes[25] &+= 1
        }
        try bytes.write(to: URL(fileURLWithPath: path))

        let again = try cached.synthesize("Once upon a time.")
        let rerendered = again == good
        #expect(rerendered)
        #expect(engine.renders == 2)
        #expect(cached.misses == 2 && cached.hits == 0)
        #expect(cached.cache.statistics.corruptFiles == 1)
        // The file was written anew and is whole again.
        let whole = try cached.synthesize("Once upon a time.") == good
        #expect(whole)
        #expect(cached.hits == 1)
    }

    /// A clip in the cache's earlier format (float at the output rate) is converted to the new
    /// one without rendering it again.
    @Test func aFileOfTheEarlierFormatIsConvertedNotRendered() throws {
        let dir = TemporaryDirectory("convert")
        defer { dir.remove() }
        let engine = FakeEngine()
        let key = CachedSpeech(engine: engine, cache: SpeechCache(directory: dir.path)).key(for: "Sleep well.")
        let old = FakeEngine.clip(for: "Sleep well.", frames: 1_100)
        try Data(SpeechClipFile.encode(old)).write(to: URL(fileURLWithPath: dir.file(key + ".sbclip")))
        let cached = CachedSpeech(engine: engine, cache: SpeechCache(directory: dir.path))
        let clip = try cached.synthesize("Sleep well.")
        #expect(engine.renders == 0)
        #expect(clip == SpeechCache.quantized(old))
        #expect(cached.cache.legacyCount == 0 && cached.cache.statistics.legacyLoads == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == [key + ".flac"])
        #expect(try cached.synthesize("Sleep well.") == clip)
        #expect(cached.hits == 1 && engine.renders == 0)
    }

    /// espeak-ng's clips are stored at its own 22,050 Hz and come back at the output rate, as long
    /// as a render at the output rate would be (within a frame).
    @Test func espeakClipsAreStoredAtTheVoicesRate() throws {
        let dir = TemporaryDirectory("native")
        defer { dir.remove() }
        let cached = CachedSpeech(engine: EspeakEngine(), cache: SpeechCache(directory: dir.path))
        let clip = try cached.synthesize("Breathe in slowly.")
        #expect(clip.sampleRate == 48_000)
        let stored = try #require(cached.cache.load(key: cached.key(for: "Breathe in slowly.")))
        #expect(stored.sampleRate == 22_050)
        #expect(abs(Double(clip.frameCount) - Double(stored.frameCount) * 48_000 / 22_050) <= 1)
        let duration = try #require(cached.cache.duration(key: cached.key(for: "Breathe in slowly.")))
        #expect(abs(duration * 48_000 - Double(clip.frameCount)) <= 1)
    }

    @Test func cacheTroubleStillSpeaks() throws {
        // A folder that cannot exist: under a regular file.
        let dir = TemporaryDirectory("unwritable")
        defer { dir.remove() }
        try Data("x".utf8).write(to: URL(fileURLWithPath: dir.file("file")))
        let engine = FakeEngine()
        let cached = CachedSpeech(engine: engine, cache: SpeechCache(directory: dir.file("file") + "/cache"))
        let clip = try cached.synthesize("Good night.")
        #expect(!clip.isEmpty)
        let same = try cached.synthesize("Good night.") == clip
        #expect(same)
        #expect(engine.renders == 2)
        #expect(cached.cache.statistics.failedWrites == 2)
    }

    @Test func engineErrorsPassThrough() {
        let dir = TemporaryDirectory("errors")
        defer { dir.remove() }
        let cached = CachedSpeech(engine: EspeakEngine(voice: SpeechVoice(engine: "espeak-ng", name: "zz")),
                                  cache: SpeechCache(directory: dir.path))
        #expect(throws: SpeechError.self) { _ = try cached.synthesize("Hello.") }
        #expect(cached.cache.count == 0)
    }
}
