import Foundation
import Logging
import SleepBoxAudio
import SleepBoxContent
import SleepBoxCore
import Testing
@testable import SleepBoxDaemon
@testable import SleepBoxSound
@testable import SleepBoxTools

/// The provider's slow work goes to the executor it is given, through the same code on the box
/// and in the simulator: inline, a spoken item's program is there when `openItem` returns and
/// plays levelled at once; on a worker the item starts silent and its speech comes in when the
/// job is done. A failure is an open that fails (inline) or an item that fails as it plays.
@Suite struct SoundExecutorTests {
    /// A library with one spoken item, "story-walk", and one recording whose file is missing,
    /// "rec-gone"; the folder is removed by `done`.
    func content() throws -> (content: ContentSetup, done: () -> Void) {
        let root = FileManager.default.temporaryDirectory.path + "/sleepbox-executor-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root + "/content/stories", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/content/recordings", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/state", withIntermediateDirectories: true)
        try "[paths]\ncontent = \"\(root)/content\"\n[voice]\nengine = \"espeak\"\n"
            .write(toFile: root + "/sleepbox.toml", atomically: true, encoding: .utf8)
        try "title: Walk\nkind: story\nauthor: me\n---\nThe path goes down to the river.\n"
            .write(toFile: root + "/content/stories/story-walk.txt", atomically: true, encoding: .utf8)
        try "title = \"Gone\"\nkind = \"ambient\"\nauthor = \"me\"\nnarrator = \"none\"\ndescription = \"Gone.\"\naudio = \"rec-gone.wav\"\n"
            .write(toFile: root + "/content/recordings/rec-gone.toml", atomically: true, encoding: .utf8)
        let tool = try ContentTool(configPath: root + "/sleepbox.toml", stateDirectory: root + "/state")
        return (tool.content, { try? FileManager.default.removeItem(atPath: root) })
    }

    func provider(_ content: ContentSetup, work: SoundExecutor) -> LibrarySoundProvider {
        LibrarySoundProvider(library: content.library, voice: content.voice, loudness: content.loudness, format: .engine, seed: 1,
                             logger: ContentTool.quietLogger, work: work, opening: InlineExecutor())
    }

    static func captions(_ events: [Event]) -> Int {
        events.filter { if case .captionsFound("story-walk", _) = $0 { return true } else { return false } }.count
    }

    @Test func inlineASpokenItemIsPreparedBeforeTheOpenReturnsAndPlaysLevelled() throws {
        let (content, done) = try content()
        defer { done() }
        let work = InlineExecutor()
        let provider = provider(content, work: work)
        let source = try provider.openItem("story-walk", at: 0)
        #expect(work.jobsRun == 1, "prepared by the executor, not beside it")
        #expect(!(source is GrowingProgramSource), "the whole program, not one still growing")
        #expect(source is LevelledSource || source is ProgramSource)
        #expect(Self.captions(provider.takeEvents()) == 1, "announced once")
        // Kept: the next open takes the program from the cache, no job.
        _ = try provider.openItem("story-walk", at: 1)
        #expect(work.jobsRun == 1)
    }

    @Test func onAWorkerASpokenItemStartsSilentAndTheSpeechComesWhenTheJobIsDone() throws {
        let (content, done) = try content()
        defer { done() }
        let work = RecordingOpenerTests.HeldExecutor()
        let provider = provider(content, work: work)
        let source = try #require(try provider.openItem("story-walk", at: 0) as? GrowingProgramSource)
        #expect(work.jobs.count == 1)
        #expect(!source.isComplete)
        #expect(Self.captions(provider.takeEvents()) == 0)
        var buffer = [Float](repeating: 1, count: 2 * 480)
        #expect(source.render(into: &buffer, frames: 480) == 480)
        #expect(buffer.allSatisfy { $0 == 0 }, "silent while the speech is rendered")
        work.runNext()
        #expect(Self.captions(provider.takeEvents()) == 1)
        // The whole program is handed over; the next block plays from it.
        _ = source.render(into: &buffer, frames: 480)
        #expect(source.isComplete)
    }

    @Test func anItemThatCannotBePreparedFailsAtOnceInlineAndAsItPlaysOnAWorker() throws {
        let (content, done) = try content()
        defer { done() }
        let inline = provider(content, work: InlineExecutor())
        #expect(throws: AudioError.self) { _ = try inline.openItem("rec-gone", at: 0) }

        let work = RecordingOpenerTests.HeldExecutor()
        let held = provider(content, work: work)
        let deferred = try #require(try held.openItem("rec-gone", at: 0) as? DeferredSource)
        #expect(deferred.isWaiting)
        work.runNext()
        #expect(deferred.failure != nil)
    }

    @Test func theWorkQueueIsTheBoxsExecutor() throws {
        let queue = try WorkQueue(name: "sleepbox-test-work")
        defer { queue.stop() }
        let executor: SoundExecutor = queue
        var got: Int?
        executor.run({ 6 * 7 }, then: { got = $0 })
        #expect(got == nil, "the result waits for the loop")
        queue.drain()
        queue.collect()
        #expect(got == 42)
    }
}
