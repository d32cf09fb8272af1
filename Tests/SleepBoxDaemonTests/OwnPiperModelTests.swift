import Foundation
import Testing
@testable import SleepBoxDaemon
import SleepBoxSpeech
@testable import SleepBoxConfig
@testable import SleepBoxSound

/// An owner's own Piper model (`[voice] engine = "piper"`, `piper_model`), spoken for real by the
/// box's voice environment in one long-lived process (skipped where `make voice` has not installed it).
@Suite(.enabled(if: NaturalVoiceInstallation.find() != nil, "the natural voice is not installed (make voice)"),
       .serialized)
struct OwnPiperModelTests {
    @Test func anOwnersModelIsServedByOneProcessSentenceAfterSentence() throws {
        let installation = try #require(NaturalVoiceInstallation.find())
        let joe = try #require(installation.model)
        // The owner's model: a copy of a real voice under another name, somewhere of their own.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("own-voice-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let model = folder + "/de_owner-voice.onnx"
        try FileManager.default.createSymbolicLink(atPath: model, withDestinationPath: joe)
        try FileManager.default.createSymbolicLink(atPath: model + ".json", withDestinationPath: joe + ".json")

        var settings = VoiceSettings()
        settings.engine = .piper
        settings.piperModel = model
        settings.piperBinary = "/nonexistent/piper"
        let selection = VoiceSelection.choose(settings: settings, rate: 130, piperCheck: VoiceSelection.installedPiperProblem,
                                              espeakHasVoice: { _ in true }, naturalVoice: installation)
        #expect(selection.choice == .servedPiper(installation, model: model, rate: 130))
        #expect(selection.problems.isEmpty, "the configured piper program is not needed")
        #expect(selection.choice.isServed, "espeak-ng stands in for a sentence it fails")
        #expect(VoiceSelection.reason(settings: settings, choice: selection.choice).contains("served"))

        let engine = try #require(selection.choice.engine(format: .engine) as? NaturalVoiceEngine)
        defer { engine.server.stop() }
        #expect(engine.voice.name == "de_owner-voice")
        #expect(engine.voice.version == installation.version)
        let first = try engine.synthesize("Good night.")
        let pid = engine.server.processIdentifier
        let second = try engine.synthesize("Sleep well.")
        #expect(pid != nil && engine.server.processIdentifier == pid, "one process for both sentences")
        for clip in [first, second] {
            #expect(clip.duration > 0.4 && clip.duration < 3, "\(clip.duration) s")
        }
    }

    @Test func withoutTheModelTheConfiguredProgramIsAskedAndItsProblemSaid() throws {
        let installation = try #require(NaturalVoiceInstallation.find())
        var settings = VoiceSettings()
        settings.engine = .piper
        settings.piperModel = "/nonexistent/voice.onnx"
        settings.piperBinary = installation.root + "/bin/piper"
        let selection = VoiceSelection.choose(settings: settings, rate: 140, piperCheck: VoiceSelection.installedPiperProblem,
                                              espeakHasVoice: { _ in true }, naturalVoice: installation)
        guard case .espeak = selection.choice else {
            Issue.record("expected espeak-ng to stand in, got \(selection.choice)")
            return
        }
        #expect(selection.problems.map(\.message).joined().contains("/nonexistent"))
    }
}
