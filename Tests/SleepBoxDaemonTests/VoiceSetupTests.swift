import Foundation
import Logging
import SleepBoxAudio
import SleepBoxContent
import SleepBoxCore
import Testing
@testable import SleepBoxDaemon
import SleepBoxSpeech
@testable import SleepBoxConfig
@testable import SleepBoxSound

/// `ContentSetup` building the voice from a real configuration file: Piper through a fake `piper`
/// (a shell script that prints raw S16 audio, as the Piper engine's own tests do), and espeak-ng
/// when the configured Piper is not there.
@Suite struct VoiceSetupTests {
    /// A folder with a fake Piper installation, empty content folders and a state folder.
    struct Installation {
        let root: String
        let binary: String
        let model: String

        init() throws {
            root = FileManager.default.temporaryDirectory.path + "/sleepbox-voice-" + UUID().uuidString
            let fileManager = FileManager.default
            for folder in ["content", "user-content", "state", "voices"] {
                try fileManager.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
            }
            model = root + "/voices/en_US-fake-medium.onnx"
            try Data("not a real network".utf8).write(to: URL(fileURLWithPath: model))
            try Data(#"{"audio":{"sample_rate":22050}}"#.utf8).write(to: URL(fileURLWithPath: model + ".json"))
            // A quarter second of a loud square wave at 22,050 Hz, S16 little-endian.
            let signal = (0..<5_512).map { Int16(($0 / 25) % 2 == 0 ? 12_000 : -12_000) }
            let raw = signal.flatMap { value in withUnsafeBytes(of: value.littleEndian) { Array($0) } }
            try Data(raw).write(to: URL(fileURLWithPath: root + "/signal.raw"))
            binary = root + "/piper"
            try """
                #!/bin/sh
                cat > "\(root)/stdin.txt"
                printf '%s\\n' "$@" > "\(root)/args.txt"
                cat "\(root)/signal.raw"

                """.write(toFile: binary, atomically: true, encoding: .utf8)
            try fileManager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: binary)
        }

        /// The configuration file's text: the folders, then `voice` as the [voice] table.
        /// `top` goes before the tables (e.g. `language = "de"`).
        func configText(voice: String, top: String = "") -> String {
            top + """
            [voice]
            \(voice)

            [paths]
            content = "\(root)/content"
            user_content = "\(root)/user-content"
            """
        }

        func setup(voice: String, top: String = "") throws -> ContentSetup {
            let file = try ConfigFile(text: configText(voice: voice, top: top), path: "sleepbox.toml",
                                      defaultTimeZone: ConfigFile.utc)
            return ContentSetup.load(devices: file.devices, config: file.config, stateDirectory: root + "/state",
                                     format: .engine, logger: Logger(label: "test"))
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    @Test func aConfiguredPiperSpeaks() throws {
        let installation = try Installation()
        defer { installation.remove() }
        let setup = try installation.setup(voice: """
            engine = "piper"
            rate = 185
            piper_model = "\(installation.model)"
            piper_binary = "\(installation.binary)"
            """)
        let speech = try #require(setup.voice)
        #expect(speech.voice.engine == "piper")
        #expect(speech.voice == SpeechVoice(engine: "piper", name: "en_US-fake-medium", rate: 185, pitch: 50))

        let clip = try speech.synthesize("Good night.")
        #expect(clip.sampleRate == 48_000)
        // 5,512 samples at 22,050 Hz are a quarter second: about 12,000 at 48 kHz, ends trimmed to the margin.
        #expect(clip.samples.count > 11_000 && clip.samples.count < 13_500, "\(clip.samples.count) samples")
        // Levelled to the box's loudness (-26 LUFS) before it is cached: clearly not silence.
        #expect((clip.samples.map { abs($0) }.max() ?? 0) > 0.03)
        let stdin = try String(contentsOfFile: installation.root + "/stdin.txt", encoding: .utf8)
        #expect(stdin == "Good night.\n")
        let args = try String(contentsOfFile: installation.root + "/args.txt", encoding: .utf8)
        #expect(args == "--model\n\(installation.model)\n--output-raw\n--length-scale\n1.000\n")
    }

    @Test func aPiperThatIsNotInstalledFallsBackToEspeak() throws {
        let installation = try Installation()
        defer { installation.remove() }
        let setup = try installation.setup(voice: """
            engine = "piper"
            rate = 120
            pitch = 35
            piper_model = "\(installation.root)/voices/missing.onnx"
            piper_binary = "\(installation.binary)"
            """)
        let speech = try #require(setup.voice)
        #expect(speech.voice == SpeechVoice(engine: "espeak-ng", name: "en-us", rate: 120, pitch: 35,
                                                version: EspeakEngine.libraryVersion))
        let clip = try speech.synthesize("Good night.")
        #expect(clip.samples.count > 4_800, "\(clip.samples.count) samples")
        #expect(!FileManager.default.fileExists(atPath: installation.root + "/stdin.txt"), "piper must not have run")
    }

    @Test func theGermanConfigurationSpeaksGerman() throws {
        let installation = try Installation()
        defer { installation.remove() }
        let setup = try installation.setup(voice: "rate = 130", top: "language = \"de\"\n")
        #expect(setup.voice?.voice == SpeechVoice(engine: "espeak-ng", name: "de", rate: 130, pitch: 40,
                                                        version: EspeakEngine.libraryVersion))
    }

    /// A German box reads its English items in English and its German ones in German, and greets
    /// in German.
    @Test func eachItemIsReadInItsOwnLanguage() throws {
        let installation = try Installation()
        defer { installation.remove() }
        let poems = installation.root + "/content/poems"
        try FileManager.default.createDirectory(atPath: poems, withIntermediateDirectories: true)
        try "title: Night\nkind: poem\nauthor: me\nsource: mine\nlanguage: en\n---\nThe night is still.\n"
            .write(toFile: poems + "/poem-night.txt", atomically: true, encoding: .utf8)
        try "title: Nacht\nkind: poem\nauthor: ich\nsource: meins\nlanguage: de\n---\nDie Nacht ist still.\n"
            .write(toFile: poems + "/poem-nacht.txt", atomically: true, encoding: .utf8)
        let setup = try installation.setup(voice: "rate = 130", top: "language = \"de\"\n")
        #expect(setup.voice?.voice.name == "de")
        #expect(setup.languageVoices.keys.sorted() == ["en"])
        #expect(setup.languageVoices["en"]?.voice == SpeechVoice(engine: "espeak-ng", name: "en-us", rate: 130, pitch: 40,
                                                                            version: EspeakEngine.libraryVersion))
        let builder = ProgramBuilder(speech: setup.voice.map { VoiceRenderer(speech: $0) },
                                     languageVoices: setup.languageRenderers)
        let english = try #require(setup.library.entry("poem-night"))
        let german = try #require(setup.library.entry("poem-nacht"))
        #expect(try builder.prepare(english, seed: 1).plan?.voiceDescription.contains("en-us") == true)
        #expect(try builder.prepare(german, seed: 1).plan?.voiceDescription.contains(" de ") == true)
        // Both are cached now: the durations are exact, and nothing is left to warm at the next start.
        let again = try installation.setup(voice: "rate = 130", top: "language = \"de\"\n")
        #expect(again.library.entries.allSatisfy { !$0.durationIsEstimate })
        #expect(again.library.entries.allSatisfy { again.library.isSpeechCached($0) })
    }
}
