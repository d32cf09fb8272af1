import Foundation
import Testing
@testable import SleepBoxDaemon
import SleepBoxSpeech
@testable import SleepBoxConfig

/// `[voice]` in the configuration file: every key, its default and its errors.
@Suite struct VoiceSettingsTests {
    func voice(_ text: String) throws -> VoiceSettings {
        try ConfigFile(text: text, path: "sleepbox.toml", defaultTimeZone: ConfigFile.utc).devices.voice
    }

    /// `[voice] rate` lands in its one home, the state machine's (the owner can change it on the box).
    func rate(_ text: String) throws -> Int {
        try ConfigFile(text: text, path: "sleepbox.toml", defaultTimeZone: ConfigFile.utc).config.voiceRate
    }

    func error(_ text: String) -> ConfigError? {
        do {
            _ = try ConfigFile(text: text, path: "sleepbox.toml", defaultTimeZone: ConfigFile.utc)
            return nil
        } catch {
            return error
        }
    }

    @Test func theDefaults() throws {
        let v = try voice("")
        #expect(v == VoiceSettings())
        #expect(v.engine == .auto && v.name == nil && v.espeakName == "en-us")
        #expect(try rate("") == 140 && rate("") == SpeechVoice.defaultRate)
        #expect(v.pitch == 40 && v.pitch == SpeechVoice.defaultPitch)
        #expect(v.piperModel == nil && v.piperBinary == "piper")
        #expect(try voice("[voice]\n") == VoiceSettings())
    }

    @Test func theVoiceFollowsTheLanguage() throws {
        #expect(try voice("language = \"de\"\n").espeakName == "de")
        #expect(try voice("language = \"en\"\n").espeakName == "en-us")
        let named = try voice("language = \"de\"\n[voice]\nname = \"en-gb\"\n")
        #expect(named.espeakName == "en-gb" && named.languageVoice == "de")
    }

    @Test func everyKeyIsRead() throws {
        let v = try voice("""
            [voice]
            engine = "piper"
            name = "en-gb"
            rate = 120
            pitch = 55
            piper_model = "/opt/piper/voices/en_US-lessac-medium.onnx"
            piper_binary = "/opt/piper/bin/piper"
            cache_mb = 2048
            """)
        #expect(v.engine == .piper && v.name == "en-gb" && v.pitch == 55)
        #expect(try rate("[voice]\nrate = 120\n") == 120)
        #expect(v.cacheMegabytes == 2048)
        #expect(VoiceSettings().cacheMegabytes == 1024)
        #expect(v.piperModel == "/opt/piper/voices/en_US-lessac-medium.onnx" && v.piperBinary == "/opt/piper/bin/piper")
        #expect(try rate("[voice]\nrate = 80\npitch = 0\n") == 80)
        #expect(try voice("[voice]\nrate = 450\npitch = 100\n").pitch == 100)
        #expect(try voice("[voice]\nengine = \"Piper\"\npiper_model = \"/m.onnx\"\n").engine == .piper)
    }

    @Test func badValuesAreNamedWithTheirLine() {
        let cases: [(String, String)] = [
            ("[voice]\nengine = \"espek\"\n",
             #"sleepbox.toml:2: [voice] engine: "espek" is not a voice engine; did you mean "espeak"? ("auto", "espeak" or "piper")"#),
            ("[voice]\nengine = \"espeak-ng\"\n",
             #"sleepbox.toml:2: [voice] engine: "espeak-ng" is not a voice engine; did you mean "espeak"? ("auto", "espeak" or "piper")"#),
            ("[voice]\nengine = 1\n",
             #"sleepbox.toml:2: [voice] engine: expected "auto", "espeak" or "piper", found a number"#),
            ("[voice]\nrate = 500\n",
             "sleepbox.toml:2: [voice] rate: 500 is out of range (80 to 450 words per minute)"),
            ("[voice]\n\nrate = 79\n",
             "sleepbox.toml:3: [voice] rate: 79 is out of range (80 to 450 words per minute)"),
            ("[voice]\nrate = 140.5\n",
             "sleepbox.toml:2: [voice] rate: 140.5 is not a whole number (80 to 450 words per minute)"),
            ("[voice]\nrate = \"140\"\n",
             "sleepbox.toml:2: [voice] rate: expected a number, found a string (write 140 without quotes)"),
            ("[voice]\npitch = 101\n",
             "sleepbox.toml:2: [voice] pitch: 101 is out of range (0 to 100)"),
            ("[voice]\npitch = -1\n",
             "sleepbox.toml:2: [voice] pitch: -1 is out of range (0 to 100)"),
            ("[voice]\nname = \"\"\n",
             #"sleepbox.toml:2: [voice] name: "" is not a voice name; write one such as "en-us", "en-gb" or "de" (`espeak-ng --voices` lists them), or remove the line for the language's voice"#),
            ("[voice]\nname = \"en us\"\n",
             #"sleepbox.toml:2: [voice] name: "en us" is not a voice name; write one such as "en-us", "en-gb" or "de" (`espeak-ng --voices` lists them), or remove the line for the language's voice"#),
            ("[voice]\npiper_model = \"voices/en.onnx\"\n",
             #"sleepbox.toml:2: [voice] piper_model: "voices/en.onnx" is not an absolute path; write the whole path of the model, starting with /"#),
            ("[voice]\npiper_model = \"/opt/voices/en.onnx.json\"\n",
             #"sleepbox.toml:2: [voice] piper_model: "/opt/voices/en.onnx.json" is not a Piper voice model; give the path of its MODEL.onnx file (MODEL.onnx.json sits beside it)"#),
            ("[voice]\ncache_mb = 8\n",
             "sleepbox.toml:2: [voice] cache_mb: 8 is out of range (16 to 65536 MB)"),
            ("[voice]\npiper_binary = \"\"\n",
             #"sleepbox.toml:2: [voice] piper_binary: empty; write "piper" (found in PATH) or the whole path of the piper program"#),
            ("[voice]\npiper_binary = \"bin/piper\"\n",
             #"sleepbox.toml:2: [voice] piper_binary: "bin/piper" is not an absolute path; write "piper" (found in PATH) or the whole path, starting with /"#),
        ]
        for (text, message) in cases {
            #expect(error(text)?.description == message, "\(text)")
        }
    }

    @Test func piperWithoutAModelIsAnErrorNamingTheKey() throws {
        let missing = try #require(error("language = \"en\"\n\n[voice]\nrate = 120\nengine = \"piper\"\n"))
        #expect(missing.description == "sleepbox.toml:5: [voice] piper_model: missing; engine = \"piper\" needs the path of a "
                + "Piper voice model, e.g. piper_model = \"/opt/piper/voices/en_US-lessac-medium.onnx\" (or set engine = \"espeak\")")
        #expect(missing.first?.key == "voice.piper_model")
        // A model that was given but rejected is reported once, for itself.
        let bad = try #require(self.error("[voice]\nengine = \"piper\"\npiper_model = \"model.onnx\"\n"))
        #expect(bad.issues.count == 1)
        #expect(bad.first?.line == 3 && bad.first?.key == "voice.piper_model")
        // espeak needs no model; a model kept for later is fine.
        #expect(self.error("[voice]\nengine = \"espeak\"\npiper_model = \"/opt/m.onnx\"\n") == nil)
    }

    @Test func unknownKeysAreNamedWithASuggestion() {
        #expect(error("[voice]\nrat = 120\n")?.description
                == "sleepbox.toml:2: [voice] rat: unknown key; did you mean rate? "
                + "Allowed in [voice]: engine, name, rate, pitch, piper_model, piper_binary, cache_mb, speak_menus")
        #expect(error("[voice]\npiper_modle = \"/m.onnx\"\n")?.description.hasPrefix(
            "sleepbox.toml:2: [voice] piper_modle: unknown key; did you mean piper_model?") == true)
        #expect(error("[voice]\nvolume = 3\n")?.description.hasPrefix(
            "sleepbox.toml:2: [voice] volume: unknown key; volume belongs in the [audio] table") == true)
        #expect(error("[voise]\nrate = 120\n")?.description.hasPrefix(
            "sleepbox.toml:1: [voise]: unknown table; did you mean [voice]?") == true)
        #expect(error("voice = \"de\"\n")?.description
                == "sleepbox.toml:1: voice: expected a table ([voice] with its keys below it), found a string")
    }
}
