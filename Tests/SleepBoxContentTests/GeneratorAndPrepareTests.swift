import Foundation
import SleepBoxAudio
import SleepBoxCore
import Testing
@testable import SleepBoxContent

/// Records what the engine's hook was asked to open.
private final class OpenLog: @unchecked Sendable {
    private let lock = NSLock()
    private var calls: [(String, Double)] = []
    func add(_ path: String, _ position: Double) {
        lock.lock()
        calls.append((path, position))
        lock.unlock()
    }
    var all: [(String, Double)] {
        lock.lock()
        defer { lock.unlock() }
        return calls
    }
}

@Suite struct GeneratorAndPrepareTests {
    @Test func aGeneratorPlaysAtItsLevelForItsLength() throws {
        let item = GeneratorItem(path: "p.toml", title: "Pink", generator: .pink, levelDB: -10, length: 1.5)
        let source = GeneratorSource(item: item, seed: 9)
        #expect(source.lengthFrames == 72_000)
        let sound = Render.stereo(source, frames: 100_000)
        #expect(sound.count == 2 * 72_000)
        let raw = Render.stereo(NoiseGenerator(color: .pink, seed: 9), frames: 72_000)
        let gain = Float(pow(10, -0.5))
        #expect(item.gain == gain)
        #expect(sound == raw.map { $0 * gain })
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: 2)
        defer { buffer.deallocate() }
        #expect(source.render(into: buffer, frames: 1) == 0)
    }

    @Test func silenceIsExactZerosAndSeekMovesTheEnd() throws {
        let item = GeneratorItem(path: "s.toml", title: "Silence", generator: .silence, length: 2)
        let source = GeneratorSource(item: item, seed: 1)
        try source.seek(toFrame: 90_000)
        #expect(source.positionFrames == 90_000)
        let rest = Render.left(source)
        #expect(rest.count == 6_000)
        #expect(rest.allSatisfy { $0 == 0 })
    }

    @Test func everyBundledGeneratorPrepares() throws {
        let library = ContentLibrary.load(bundled: TestContent.bundled)
        let builder = ProgramBuilder(speech: nil)
        for entry in library.entries where entry.sourceKind == .generator {
            let prepared = try builder.prepare(entry, seed: 5)
            let source = try builder.makeSource(prepared, atSeconds: 60)
            let generator = try #require(source as? GeneratorSource, "\(entry.id)")
            #expect(generator.positionFrames == 60 * 48_000)
            #expect(generator.lengthFrames == 8 * 3600 * 48_000)
            #expect(Render.stereo(generator, frames: 4800).count == 9600)
        }
    }

    @Test func recordingsComeSoonOrOpenThroughTheEnginesHook() throws {
        let library = ContentLibrary.load(bundled: TestContent.bundled)
        let log = OpenLog()
        let builder = ProgramBuilder(speech: nil) { path, position throws(AudioError) in
            log.add(path, position)
            return SilenceSource(frames: 10)
        }
        let harbour = try #require(library.entry("rec-harbour-at-dusk"))
        #expect(throws: ContentError(path: TestContent.path("recordings/rec-harbour-at-dusk.toml"),
                                     message: "\"The Harbour at Dusk\" is coming soon: its audio file rec-harbour-at-dusk.ogg is not there yet")) {
            try builder.prepare(harbour, seed: 1)
        }

        let user = try TestContent.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: user) }
        try TestContent.write("title = \"Here\"\nkind = \"story\"\nauthor = \"Me\"\nnarrator = \"Me\"\ndescription = \"Mine.\"\naudio = \"rec-here.wav\"\n",
                              to: user + "/recordings/rec-here.toml")
        _ = FileManager.default.createFile(atPath: user + "/recordings/rec-here.wav", contents: Data(TestWAV.bytes(frames: 4800)))
        let mine = try #require(ContentLibrary.load(bundled: TestContent.bundled, user: user).entry("rec-here"))
        let prepared = try builder.prepare(mine, seed: 1)
        let source = try builder.makeSource(prepared, atSeconds: 12.5)
        #expect(source is SilenceSource)
        #expect(log.all.map(\.0) == [user + "/recordings/rec-here.wav"])
        #expect(log.all.map(\.1) == [12.5])
        #expect(throws: AudioError.self) { try ProgramBuilder(speech: nil).makeSource(prepared) }
    }

    @Test func spokenItemsNeedAVoice() throws {
        let library = ContentLibrary.load(bundled: TestContent.bundled)
        let entry = try #require(library.entry("poem-stars"))
        #expect(throws: ContentError.self) { try ProgramBuilder(speech: nil).prepare(entry, seed: 1) }
        let prepared = try ProgramBuilder(speech: FakeSpeech()).prepare(entry, seed: 1)
        #expect(prepared.plan?.itemID == "poem-stars")
    }
}
