import Foundation
import Logging
import SleepBoxAudio
import SleepBoxCore
import Testing
@testable import SleepBoxDaemon
@testable import SleepBoxSound
@testable import SleepBoxTools

/// An item's real length, once its speech is rendered: the sound provider tells the core, and
/// the library (content list, the next start) reads the same length from the speech cache.
@Suite struct MeasuredLengthTests {
    @Test func theProviderReportsTheRealLengthAndTheLibraryAgreesAfterwards() throws {
        let root = FileManager.default.temporaryDirectory.path + "/sleepbox-lengths-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/content/stories", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/state", withIntermediateDirectories: true)
        try "[paths]\ncontent = \"\(root)/content\"\n[voice]\nengine = \"espeak\"\n"
            .write(toFile: root + "/sleepbox.toml", atomically: true, encoding: .utf8)
        try "title: Walk\nkind: story\nauthor: me\n---\nThe path goes down to the river. (2s)\nThe water is slow and dark, and the night is warm.\n"
            .write(toFile: root + "/content/stories/story-walk.txt", atomically: true, encoding: .utf8)

        let before = try ContentTool(configPath: root + "/sleepbox.toml", stateDirectory: root + "/state")
        let estimated = try #require(before.content.catalog.item("story-walk"))
        #expect(estimated.durationIsEstimate)
        #expect(before.list(json: false).first?.contains("min~") == true)

        let content = before.content
        let provider = LibrarySoundProvider(library: content.library, voice: content.voice, fallbackVoice: content.fallbackVoice,
                                            languageVoices: content.languageVoices, loudness: content.loudness,
                                            format: AudioFormat(sampleRate: before.devices.sampleRate), seed: 1,
                                            logger: ContentTool.quietLogger, work: InlineExecutor(), opening: InlineExecutor())
        _ = try provider.openItem("story-walk", at: 0)
        let measured = provider.takeEvents().compactMap { event -> Double? in
            if case .lengthMeasured("story-walk", let seconds) = event { return seconds }
            return nil
        }
        #expect(measured.count == 1)
        let real = try #require(measured.first)
        #expect(real > 2 && abs(real - estimated.duration) > 0.01, "a real length, not the estimate")
        #expect(provider.takeEvents().isEmpty, "told once")

        // Loaded again (content list, the next start): the cached speech gives the same length.
        let after = try ContentTool(configPath: root + "/sleepbox.toml", stateDirectory: root + "/state")
        let item = try #require(after.content.catalog.item("story-walk"))
        #expect(!item.durationIsEstimate)
        #expect(abs(item.duration - real) < 0.001)
        #expect(after.list(json: false).first?.contains("min~") == false)
    }
}
