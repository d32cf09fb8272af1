import Foundation
import SleepBoxAudio
import SleepBoxCore
import Testing
@testable import SleepBoxDaemon

/// A recording is opened and sought off the loop: the item starts at once, silent, and comes in
/// over a short ramp when the opening thread hands its source over.
@Suite struct RecordingOpenerTests {
    @Test func aRecordingIsOpenedOnTheOpeningThreadAndComesInWithoutAStep() throws {
        let root = FileManager.default.temporaryDirectory.path + "/sleepbox-opener-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/content/recordings", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/state", withIntermediateDirectories: true)
        try "[paths]\ncontent = \"\(root)/content\"\n[voice]\nengine = \"espeak\"\n"
            .write(toFile: root + "/sleepbox.toml", atomically: true, encoding: .utf8)
        try "title = \"Hum\"\nkind = \"ambient\"\nauthor = \"me\"\nnarrator = \"none\"\ndescription = \"A hum.\"\naudio = \"rec-hum.wav\"\n"
            .write(toFile: root + "/content/recordings/rec-hum.toml", atomically: true, encoding: .utf8)
        let sink = try WAVFileSink(path: root + "/content/recordings/rec-hum.wav", format: .engine)
        let level = [Float](repeating: 0.25, count: 2 * 48_000)
        _ = try sink.write(level, frames: 48_000)
        sink.close()

        let tool = try ContentTool(configPath: root + "/sleepbox.toml", stateDirectory: root + "/state")
        let content = tool.content
        let provider = LibrarySoundProvider(library: content.library, voice: content.voice, fallbackVoice: content.fallbackVoice,
                                            languageVoices: content.languageVoices, loudness: nil, format: .engine, seed: 1,
                                            logger: ContentTool.quietLogger, background: nil)
        // The first open prepares the item (inline without a background); the opener is set after.
        _ = try provider.openItem("rec-hum", at: 0)
        var jobs: [(@Sendable () -> LibrarySoundProvider.OpenedSource, (LibrarySoundProvider.OpenedSource) -> Void)] = []
        provider.opener = { job, done in jobs.append((job, done)) }

        let source = try provider.openItem("rec-hum", at: 0.5)
        let deferred = try #require(source as? DeferredSource)
        #expect(deferred.isWaiting)
        #expect(jobs.count == 1, "opened on the opening thread, not here")
        var buffer = [Float](repeating: 1, count: 2 * 480)
        #expect(deferred.render(into: &buffer, frames: 480) == 480)
        #expect(buffer.allSatisfy { $0 == 0 })

        // The opening thread's job, then its completion on the loop thread.
        let (job, done) = jobs[0]
        done(job())
        #expect(!deferred.isWaiting)
        #expect(deferred.render(into: &buffer, frames: 480) == 480)
        let full = buffer[2 * 400]
        #expect(full == 0.25)
        // Frame k of the ramp is at (k + 1) / 256 of the sound: no step from the silence before.
        #expect(buffer[0] == full / 256)
        #expect(buffer[2 * 127] == full * 128 / 256)
        #expect(buffer[2 * 255] == full)
    }
}
