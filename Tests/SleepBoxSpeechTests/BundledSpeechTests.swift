import Foundation
import SleepBoxAudio
import Testing
@testable import SleepBoxSpeech

/// The package's pre-rendered speech (`BundledSpeech`) in front of the state folder's cache.
@Suite("BundledSpeech")
struct BundledSpeechTests {
    /// A package folder made as the package's build makes it: `texts` rendered through a speech
    /// cache of its own, its clips copied into `package`.
    static func makePackage(_ texts: [String], voice: SpeechVoice, in package: TemporaryDirectory) throws {
        let build = TemporaryDirectory("speech-build")
        defer { build.remove() }
        let renderer = CachedSpeech(engine: FakeEngine(voice: voice), cache: SpeechCache(directory: build.path), loudness: -23)
        for text in texts {
            _ = try renderer.voiceClip(text)
            let key = renderer.key(for: text)
            try FileManager.default.copyItem(atPath: renderer.cache.path(forKey: key), toPath: package.file(key + ".flac"))
        }
    }

    /// Every file of `dir` with its bytes and modification time.
    static func snapshot(_ dir: TemporaryDirectory) throws -> [String: (Data, Date)] {
        var files: [String: (Data, Date)] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) {
            let attributes = try FileManager.default.attributesOfItem(atPath: dir.file(name))
            guard attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            files[name] = (try Data(contentsOf: URL(fileURLWithPath: dir.file(name))), attributes[.modificationDate] as? Date ?? .distantPast)
        }
        return files
    }

    static func same(_ a: [String: (Data, Date)], _ b: [String: (Data, Date)]) -> Bool {
        a.count == b.count && a.allSatisfy { name, file in b[name].map { $0.0 == file.0 && $0.1 == file.1 } ?? false }
    }

    static let voice = SpeechVoice(engine: "fake", name: "natural", rate: 140, pitch: 50, version: "voice=1.0")

    /// The key of `text` as the box asks for it (levelled to -23 LUFS, programs at 48 kHz).
    static func key(_ text: String, voice: SpeechVoice = voice) -> String {
        SpeechCache.key(voice: voice, text: text, sampleRate: AudioFormat.engine.sampleRate, loudness: -23)
    }

    @Test func aClipThereIsPlayedWithoutRenderingAndNothingIsWritten() throws {
        let package = TemporaryDirectory("package"), state = TemporaryDirectory("state")
        defer { package.remove(); state.remove() }
        try Self.makePackage(["The lamp is lit.", "The sea is calm."], voice: Self.voice, in: package)
        let before = try Self.snapshot(package)
        let engine = FakeEngine(voice: Self.voice)
        let bundled = BundledSpeech(directory: package.path)
        let box = CachedSpeech(engine: engine, cache: SpeechCache(directory: state.path, bundled: bundled), loudness: -23)

        #expect(bundled.count == 2)
        #expect(box.cache.duration(key: box.key(for: "The lamp is lit.")) != nil, "the length comes from the package's clip")
        let clip = try box.voiceClip("The lamp is lit.")
        let rendered = try CachedSpeech(engine: FakeEngine(voice: Self.voice), cache: SpeechCache(directory: state.path + "-x"),
                                        loudness: -23).voiceClip("The lamp is lit.")
        try? FileManager.default.removeItem(atPath: state.path + "-x")
        #expect(clip == rendered, "the package's clip is the clip the box would render")
        #expect(engine.renders == 0)
        #expect(box.hits == 1 && box.misses == 0)
        #expect(box.cache.statistics.bundledHits == 1 && box.cache.statistics.stores == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: state.path).isEmpty, "nothing copied into the state folder")
        #expect(Self.same(before, try Self.snapshot(package)), "the package's files are neither written nor touched")
    }

    @Test func theStateCacheEvictsAndClearsOnlyItsOwnFiles() throws {
        let package = TemporaryDirectory("package"), state = TemporaryDirectory("state")
        defer { package.remove(); state.remove() }
        try Self.makePackage(["One.", "Two."], voice: Self.voice, in: package)
        let before = try Self.snapshot(package)
        // Room for about one owner clip: every store evicts the one before.
        let probe = CachedSpeech(engine: FakeEngine(voice: Self.voice), cache: SpeechCache(directory: state.path + "-probe"), loudness: -23)
        _ = try probe.voiceClip("An owner's sentence number 0.")
        let oneClip = probe.cache.byteCount
        try? FileManager.default.removeItem(atPath: state.path + "-probe")
        let cache = SpeechCache(directory: state.path, maxBytes: oneClip + oneClip / 2, bundled: BundledSpeech(directory: package.path))
        let box = CachedSpeech(engine: FakeEngine(voice: Self.voice), cache: cache, loudness: -23)
        for i in 0..<4 { _ = try box.voiceClip("An owner's sentence number \(i).") }
        #expect(cache.statistics.evictions >= 3)
        #expect(cache.count == 1, "only the state folder's files are counted against the bound")
        cache.removeAll()
        cache.remove(key: Self.key("One."))
        #expect(Self.same(before, try Self.snapshot(package)), "eviction and clearing leave the package alone")
        _ = try box.voiceClip("One.")
        #expect(cache.statistics.bundledHits == 1)
    }

    @Test func aChangedTextOrVoiceVersionIsRenderedAndOnlyThat() throws {
        let package = TemporaryDirectory("package"), state = TemporaryDirectory("state")
        defer { package.remove(); state.remove() }
        try Self.makePackage(["First line.", "Second line."], voice: Self.voice, in: package)
        let bundled = BundledSpeech(directory: package.path)
        let engine = FakeEngine(voice: Self.voice)
        let box = CachedSpeech(engine: engine, cache: SpeechCache(directory: state.path, bundled: bundled), loudness: -23)
        _ = try box.voiceClip("First line.")
        _ = try box.voiceClip("Second line, now longer.")
        #expect(engine.renders == 1, "only the changed text is rendered")
        #expect(box.cache.keys == [box.key(for: "Second line, now longer.")], "and it is kept in the state folder")

        // Another version of the voice: other keys, nothing of the package plays.
        var newer = Self.voice
        newer.version = "voice=1.1"
        let newEngine = FakeEngine(voice: newer)
        let upgraded = CachedSpeech(engine: newEngine, cache: SpeechCache(directory: state.path, bundled: bundled), loudness: -23)
        _ = try upgraded.voiceClip("First line.")
        #expect(newEngine.renders == 1)
        #expect(upgraded.cache.statistics.bundledHits == 0)
    }

    @Test(arguments: ["damaged", "fifo"])
    func aBadClipThereIsRenderedAndLeftAsItIs(kind: String) throws {
        let package = TemporaryDirectory("package"), state = TemporaryDirectory("state")
        defer { package.remove(); state.remove() }
        try Self.makePackage(["Hello."], voice: Self.voice, in: package)
        let key = Self.key("Hello.")
        let file = package.file(key + ".flac")
        if kind == "damaged" {
            var bytes = try Data(contentsOf: URL(fileURLWithPath: file))
            bytes[bytes.count / 2] ^= 0xFF
            try bytes.write(to: URL(fileURLWithPath: file))
        } else {
            try FileManager.default.removeItem(atPath: file)
            #expect(mkfifo(file, 0o644) == 0)
        }
        let before = try Self.snapshot(package)
        let engine = FakeEngine(voice: Self.voice)
        let box = CachedSpeech(engine: engine, cache: SpeechCache(directory: state.path, bundled: BundledSpeech(directory: package.path)),
                               loudness: -23)
        _ = try box.voiceClip("Hello.")
        _ = try box.voiceClip("Hello.")
        #expect(engine.renders == 1, "rendered once, then found in the state folder")
        #expect(box.cache.keys == [key])
        #expect(FileManager.default.fileExists(atPath: file), "the package's file is not deleted")
        #expect(Self.same(before, try Self.snapshot(package)))
    }

    @Test func findsThePackagesFolderAmongTheDataFolders() throws {
        let share = TemporaryDirectory("share")
        defer { share.remove() }
        try FileManager.default.createDirectory(atPath: share.file("speech"), withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: share.file("speech/" + String(repeating: "a", count: 64) + ".flac"), contents: Data())
        FileManager.default.createFile(atPath: share.file("speech/.hidden.flac.part"), contents: Data())
        let found = BundledSpeech.find(environment: ["SLEEPBOX_SHARE": share.path])
        #expect(found?.directory == share.file("speech"))
        #expect(found?.keys == [String(repeating: "a", count: 64)])
    }
}
