import Foundation
import Logging
import SleepBoxAudio
import SleepBoxContent
import SleepBoxCore
import Testing
@testable import SleepBoxDaemon
import SleepBoxSpeech
@testable import SleepBoxSound

/// When the natural voice is absent or fails on an item, espeak-ng reads that whole item, one
/// line says so, and nothing of the failed voice stays in the cache.
@Suite struct VoiceFallbackTests {
    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [String] = []
        func add(_ line: String) { lock.lock(); stored.append(line); lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return stored }
    }

    struct Collector: LogHandler {
        let lines: Lines
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) { lines.add("\(event.level): \(event.message)") }
    }

    @Test func espeakReadsTheItemWhenTheNaturalVoiceCannotStart() throws {
        let root = FileManager.default.temporaryDirectory.path + "/sleepbox-fallback-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let poems = root + "/content/poems"
        try FileManager.default.createDirectory(atPath: poems, withIntermediateDirectories: true)
        try "title: Night\nkind: poem\nauthor: me\nsource: mine\n---\nThe night is still.\n\nSleep now.\n"
            .write(toFile: poems + "/poem-night.txt", atomically: true, encoding: .utf8)
        let cache = SpeechCache(directory: root + "/cache")
        // The natural voice whose environment is gone (as after a half-finished uninstall).
        let natural = NaturalVoiceEngine(server: PiperServer(python: root + "/venv/bin/python3", script: root + "/venv/server.py"),
                                         name: "en_US-joe-medium", version: "test")
        let primary = CachedSpeech(engine: natural, cache: cache, loudness: -26)
        let espeak = CachedSpeech(engine: EspeakEngine(), cache: cache, loudness: -26)
        let renderer = VoiceRenderer(speech: primary, fallback: VoiceRenderer(speech: espeak))
        let lines = Lines()
        let logger = Logger(label: "test") { _ in Collector(lines: lines) }
        let library = ContentLibrary.load(bundled: root + "/content", speech: renderer, format: .engine)
        let entry = try #require(library.entry("poem-night"))
        let builder = ProgramBuilder(speech: renderer, format: .engine, logger: logger)

        let plan = try #require(try builder.prepare(entry, seed: 1).plan)
        #expect(plan.voiceDescription.hasPrefix("espeak-ng en-us"))
        #expect(plan.clips.count == 2)
        let warnings = lines.all.filter { $0.hasPrefix("warning") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("espeak-ng en-us 140 wpm pitch 40 reads poem-night instead") == true)
        // The failed voice left nothing; espeak-ng's clips are cached under its own keys.
        #expect(!cache.contains(key: primary.key(for: "The night is still.")))
        #expect(cache.contains(key: espeak.key(for: "The night is still.")))
        #expect(cache.count == 2)
    }

    @Test func partialPlansPlayAsTheyArrive() throws {
        let root = FileManager.default.temporaryDirectory.path + "/sleepbox-growing-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let poems = root + "/content/poems"
        try FileManager.default.createDirectory(atPath: poems, withIntermediateDirectories: true)
        try "title: Night\nkind: poem\nauthor: me\nsource: mine\n---\nThe night is still.\n\n[pause 2s]\n\nSleep now.\n"
            .write(toFile: poems + "/poem-night.txt", atomically: true, encoding: .utf8)
        let espeak = CachedSpeech(engine: EspeakEngine(), cache: SpeechCache(directory: root + "/cache"))
        let renderer = VoiceRenderer(speech: espeak)
        let library = ContentLibrary.load(bundled: root + "/content", speech: renderer, format: .engine)
        let entry = try #require(library.entry("poem-night"))
        let builder = ProgramBuilder(speech: renderer, format: .engine)
        let source = GrowingProgramSource()
        let partials = Lines()
        let whole = try #require(try builder.prepare(entry, seed: 1) { plan, final in
            partials.add("\(plan.elements.count) \(final)")
            if plan.elements.count == 1 { source.update(plan, finalFrames: final, complete: false) }
        }.plan)
        // A partial plan before each stretch after the first: final up to where that one starts.
        let second = whole.elements[1].startFrame
        #expect(partials.all.first == "1 \(second)")
        #expect(partials.all.count == whole.elements.count - 1)

        // Playing the partial plan: the first stretch, the pause, then silence while waiting.
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: 2 * (second + 4_800))
        defer { buffer.deallocate() }
        #expect(source.render(into: buffer, frames: second + 4_800) == second + 4_800)
        #expect(source.positionFrames == second)
        #expect(source.waitedFrames == 4_800)
        let reference = ProgramSource(plan: whole)
        let expected = UnsafeMutablePointer<Float>.allocate(capacity: 2 * second)
        defer { expected.deallocate() }
        _ = reference.render(into: expected, frames: second)
        #expect((0..<(2 * second)).allSatisfy { buffer[$0] == expected[$0] })

        // The whole plan: the second stretch plays from its first frame, then the item ends.
        source.update(whole, finalFrames: whole.lengthFrames, complete: true)
        var rest = 0
        while true {
            let n = source.render(into: buffer, frames: 4_800)
            rest += n
            if n < 4_800 { break }
        }
        #expect(rest == whole.lengthFrames - second)
    }
}
