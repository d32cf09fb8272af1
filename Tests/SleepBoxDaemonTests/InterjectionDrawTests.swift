import Foundation
import Logging
import SleepBoxAudio
import SleepBoxCore
import Testing
@testable import SleepBoxConfig
@testable import SleepBoxContent
@testable import SleepBoxSound

/// A guided timeline's interjections are drawn at each play from its start (which option, and
/// when in its window), seeded, so a run of the same seed draws the same; a resumed play keeps
/// its draw.
@Suite struct InterjectionDrawTests {
    /// A provider over a library of one guided timeline with two interjections of three options.
    static func provider(root: String, seed: UInt64) throws -> LibrarySoundProvider {
        try FileManager.default.createDirectory(atPath: root + "/content/meditations", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/state", withIntermediateDirectories: true)
        try "[paths]\ncontent = \"\(root)/content\"\n[voice]\nengine = \"espeak\"\n"
            .write(toFile: root + "/sleepbox.toml", atomically: true, encoding: .utf8)
        try """
            title = "Drawn"
            kind = "meditation"
            author = "me"
            length = "10m"

            [[segment]]
            at = "0s"
            text = "Begin."

            [[interjection]]
            from = "1m"
            to = "4m"
            options = ["Rest.", "Soften.", "Breathe."]

            [[interjection]]
            from = "5m"
            to = "8m"
            options = ["Let go.", "Be still.", "Stay here."]

            [[segment]]
            at = "9m"
            text = "Done."
            """.write(toFile: root + "/content/meditations/med-drawn.timeline.toml", atomically: true, encoding: .utf8)
        let file = try loadConfigFile(root + "/sleepbox.toml")
        let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        let format = AudioFormat(sampleRate: file.devices.sampleRate)
        let content = ContentSetup.load(devices: file.devices, config: file.config, stateDirectory: root + "/state",
                                        format: format, logger: logger)
        return SoundSide(content: content, config: file.config, format: format, seed: seed, work: InlineExecutor(),
                         opening: InlineExecutor(), menuVoiceThreaded: false, logger: logger).provider
    }

    /// The captions of the program `provider` plays for a play at `position`.
    static func captions(_ provider: LibrarySoundProvider, at position: Double = 0) throws -> [CaptionLine] {
        _ = try provider.openItem("med-drawn", at: position)
        let found = provider.takeEvents().compactMap { event -> [CaptionLine]? in
            if case .captionsFound("med-drawn", let lines) = event { return lines }
            return nil
        }
        return try #require(found.last)
    }

    @Test func eachPlayFromTheStartDrawsAnewAndTheSameSeedDrawsTheSame() throws {
        let root = FileManager.default.temporaryDirectory.path + "/sleepbox-draws-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let provider = try Self.provider(root: root + "/a", seed: 5)
        var nights: [[CaptionLine]] = []
        for _ in 0..<4 { nights.append(try Self.captions(provider)) }
        #expect(nights.allSatisfy { $0.first?.text == "Begin." && $0.last?.text == "Done." && $0.count == 4 })
        #expect(Set(nights.map { $0.map(\.start) }).count == 4, "four plays, four draws: \(nights.map { $0.map(\.start) })")
        // Resumed in the middle: the same program as the play it resumes.
        #expect(try Self.captions(provider, at: 200) == nights[3])
        // Another run with the same seed: the same draws, play by play.
        let again = try Self.provider(root: root + "/b", seed: 5)
        // (The draws: what is said and when it starts; the voice's own length of a sentence may
        // differ by a few samples from one render to the next.)
        func draw(_ lines: [CaptionLine]) -> [String] { lines.map { "\($0.start) \($0.text)" } }
        for night in nights { #expect(draw(try Self.captions(again)) == draw(night)) }
    }
}
