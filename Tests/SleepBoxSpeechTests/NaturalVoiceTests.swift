import Foundation
import SleepBoxAudio
import Testing
@testable import SleepBoxSpeech

/// The natural voice, for real: the Piper runtime and en_US-joe-medium that `make test` installs
/// into .venv-voice (these tests are skipped where it is not installed; the fallback to espeak-ng
/// is tested without it in SleepBoxDaemonTests). Short sentences only: each costs a real render.
@Suite(.enabled(if: NaturalVoiceInstallation.find() != nil, "the natural voice is not installed (make voice)"),
       .serialized)
struct NaturalVoiceTests {
    static let installation = NaturalVoiceInstallation.find()

    @Test func oneProcessSpeaksSentenceAfterSentence() throws {
        let installation = try #require(Self.installation)
        let engine = NaturalVoiceEngine(installation: installation)
        defer { engine.server.stop() }
        let greeting = try engine.server.start()
        #expect(greeting.voice == "en_US-joe-medium")
        #expect(greeting.sampleRate == 22_050)
        #expect(greeting.version.hasPrefix(installation.version))
        let pid = engine.server.processIdentifier

        let first = try engine.synthesize("Good night.")
        let second = try engine.synthesize("Sleep well.")
        #expect(engine.server.processIdentifier == pid, "one process for both sentences")
        for clip in [first, second] {
            #expect(clip.sampleRate == 48_000)
            // Two words at the sleep rate: well over a third of a second, well under three seconds.
            #expect(clip.duration > 0.4 && clip.duration < 3, "\(clip.duration) s")
            #expect((clip.samples.map { abs($0) }.max() ?? 0) > 0.05)
        }
        #expect(engine.voice.version == installation.version)
        #expect(engine.lengthScale > 1, "slower than the voice's own pace")
    }

    @Test func aVoiceThatDiesIsStartedAgainForTheNextSentence() throws {
        let installation = try #require(Self.installation)
        let engine = NaturalVoiceEngine(installation: installation)
        defer { engine.server.stop() }
        try engine.server.start()
        let pid = try #require(engine.server.processIdentifier)
        kill(pid, SIGKILL)
        var failed = false
        do { _ = try engine.synthesize("Rest now.") } catch { failed = true }
        if failed {
            // The death was noticed on this request: the next one starts a new process.
            let clip = try engine.synthesize("Rest now.")
            #expect(!clip.isEmpty)
        }
        #expect(engine.server.processIdentifier != pid)
    }

    @Test func aDamagedModelOrConfigFailsWithAReasonAndNeverHangs() throws {
        let installation = try #require(Self.installation)
        let directory = TemporaryDirectory("damaged-voice")
        defer { directory.remove() }
        let model = directory.file("en_US-joe-medium.onnx")
        let realModel = try #require(installation.model)
        // Half the real model: onnxruntime refuses it.
        let bytes = try #require(FileManager.default.contents(atPath: realModel))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: model))
        try FileManager.default.copyItem(atPath: realModel + ".json", toPath: model + ".json")
        let damaged = PiperServer(python: installation.python, script: installation.server, model: model)
        #expect(throws: SpeechError.Reason.self) { try damaged.start() }

        let badJSON = directory.file("bad.onnx")
        try FileManager.default.copyItem(atPath: realModel, toPath: badJSON)
        try Data("{ not json".utf8).write(to: URL(fileURLWithPath: badJSON + ".json"))
        let unreadable = NaturalVoiceEngine(server: PiperServer(python: installation.python, script: installation.server,
                                                                model: badJSON),
                                            name: "bad", version: "test")
        do {
            _ = try unreadable.synthesize("Hello.")
            Issue.record("a voice whose JSON does not parse spoke")
        } catch {
            #expect(error.engine == "piper")
            #expect("\(error.reason)".contains("could not be loaded"))
        }
        // A second request within a minute does not start Python again: it fails at once.
        #expect(throws: SpeechError.self) { try unreadable.synthesize("Hello.") }
        #expect(unreadable.server.processIdentifier == nil)
    }

    @Test func theModelCardIsShown() throws {
        let installation = try #require(Self.installation)
        let card = try #require(installation.modelCard)
        #expect(card.contains("Finetuned from U.S. English lessac voice"))
    }
}

/// The voice process's protocol and failures, without the voice installed: a process that is not
/// Piper at all (a shell script) and a missing interpreter.
@Suite struct PiperServerFailureTests {
    @Test func aMissingEnvironmentFailsAtOnceWithWhereItLooked() {
        let server = PiperServer(python: "/nonexistent/bin/python3", script: "/nonexistent/server.py")
        #expect(throws: SpeechError.Reason.binaryMissing(path: "/nonexistent/bin/python3")) { try server.start() }
    }

    @Test func aProcessThatDiesMidAnswerIsAnErrorNotAHang() throws {
        let directory = TemporaryDirectory("dying-voice")
        defer { directory.remove() }
        // Says it is ready, then answers the first request with half a header and exits.
        let python = try directory.script("python3", """
            echo '{"ready": true, "voice": "x", "sample_rate": 22050, "version": "t"}'
            read line
            printf 'PCM '
            exit 3
            """)
        #expect(FileManager.default.createFile(atPath: directory.file("server.py"), contents: Data()))
        let server = PiperServer(python: python, script: directory.file("server.py"))
        defer { server.stop() }
        #expect(throws: SpeechError.Reason.self) {
            _ = try server.render("Hello.", lengthScale: 1, volume: 1, timeout: 10)
        }
        #expect(server.processIdentifier == nil)
    }

    @Test func requestsAreOneLineOfJSONEach() {
        let line = String(decoding: PiperServer.requestLine(text: "Say \"hi\"\nthen rest.", lengthScale: 1.5, volume: 1),
                          as: UTF8.self)
        #expect(line == #"{"length_scale":1.5,"text":"Say \"hi\"\nthen rest.","volume":1}"# + "\n")
    }
}
