import Foundation
import SleepBoxAudio
import SleepBoxSystem

/// Piper, a neural text-to-speech engine, run as the `piper` command: far more natural than
/// espeak-ng, but seconds per sentence on a Raspberry Pi, so put it behind `CachedSpeech`.
///
/// Each render runs `piper --model MODEL.onnx --output-raw --length-scale S` with the text on
/// standard input and reads raw S16 little-endian mono at the model's rate (`audio.sample_rate` in
/// MODEL.onnx.json) from standard output, then resamples to `format.sampleRate` with libsoxr and
/// trims the ends like `EspeakEngine`. Works with the Python `piper` of `pip install piper-tts` and
/// with the older C++ release binary. Piper has no pitch control: the voice's pitch is ignored.
public final class PiperEngine: PCMSpeechEngine, Sendable {
    /// "piper".
    public static let engineName = "piper"
    /// The rate, in the words per minute of espeak-ng's scale, that a Piper voice speaks at with its
    /// model's own length scale: en_US-joe-medium read a poem as fast as espeak-ng at about 185.
    public static let nominalRate = 185

    /// The `piper` executable: a path, or a name looked up in PATH.
    public let binary: String
    /// The voice model, MODEL.onnx (MODEL.onnx.json must sit beside it).
    public let model: String
    /// engine "piper", name = the model's file name without ".onnx", the rate asked for.
    public let voice: SpeechVoice
    /// The output format; clips are mono at its sample rate.
    public let format: AudioFormat
    /// How much silence the clips keep at their ends.
    public let trimmer: SilenceTrimmer
    /// Seconds one render may take before piper is terminated.
    public let timeout: Double

    /// An engine running `binary` with `model` at `rate` words per minute. Nothing is checked until
    /// the first render (see `isAvailable`).
    public init(binary: String = "piper", model: String, rate: Int = SpeechVoice.defaultRate,
                format: AudioFormat = .engine, trimmer: SilenceTrimmer = .standard, timeout: Double = 600) {
        self.binary = binary
        self.model = model
        var name = (model as NSString).lastPathComponent
        if name.hasSuffix(".onnx") { name = String(name.dropLast(5)) }
        voice = SpeechVoice(engine: Self.engineName, name: name, rate: rate, pitch: 50)
        self.format = format
        self.trimmer = trimmer
        self.timeout = timeout
    }

    /// Whether `binary` resolves to an executable and `model` and its JSON exist with a sample rate.
    public static func isAvailable(binary: String = "piper", model: String) -> Bool {
        (try? checkInstallation(binary: binary, model: model)) != nil
    }

    /// The executable's full path and the model's sample rate, or why Piper cannot run (binary or
    /// model missing, with where and how to install).
    public static func checkInstallation(binary: String, model: String) throws(SpeechError.Reason) -> (executable: String, sampleRate: Int) {
        guard let executable = resolveExecutable(binary) else { throw .binaryMissing(path: binary) }
        let config = try modelConfig(model)
        return (executable, config.sampleRate)
    }

    /// The length scale passed to piper: the model's own, stretched by nominalRate / rate.
    public func lengthScale() throws(SpeechError.Reason) -> Double {
        try Self.modelConfig(model).lengthScale * Double(Self.nominalRate) / Double(max(voice.rate, 1))
    }

    /// The model's rate from its configuration file; nil when it cannot be read.
    public var nativeSampleRate: Int? { try? Self.checkInstallation(binary: binary, model: model).sampleRate }

    /// piper's untouched output for `text`: S16 mono at the model's rate (runs piper with
    /// Foundation's `Process`; `synthesize` resamples it with `soxr_oneshot`). Errors say what is
    /// missing and how to install it, or quote piper's stderr.
    public func renderPCM(_ text: String) throws(SpeechError.Reason) -> (samples: [Int16], sampleRate: Int) {
        let (executable, sampleRate) = try Self.checkInstallation(binary: binary, model: model)
        let arguments = ["--model", model, "--output-raw", "--length-scale", String(format: "%.3f", try lengthScale())]
        // Piper speaks line by line; one trailing newline ends the last line.
        let input = Data((text.hasSuffix("\n") ? text : text + "\n").utf8)
        let output = try ChildProcess.run(executable, arguments: arguments, input: input, timeout: timeout)
        if output.timedOut { throw SpeechError.Reason.timedOut(seconds: timeout) }
        let stderr = String(decoding: output.stderr.suffix(4000), as: UTF8.self)
        if output.signaled || output.status != 0 {
            throw SpeechError.Reason.processFailed(status: output.status, stderr: stderr)
        }
        let samples = Self.samples(fromS16LE: output.stdout)
        if samples.isEmpty {
            throw SpeechError.Reason.synthesisFailed("piper wrote no audio" + (stderr.isEmpty ? "" : ": " + stderr.trimmingWhitespace()))
        }
        return (samples, sampleRate)
    }

    // MARK: - Helpers

    private struct ModelConfig: Decodable {
        struct Audio: Decodable {
            var sample_rate: Int?
        }
        struct Inference: Decodable {
            var length_scale: Double?
        }
        var audio: Audio?
        var inference: Inference?
    }

    /// MODEL.onnx.json's sample rate and default length scale.
    static func modelConfig(_ model: String) throws(SpeechError.Reason) -> (sampleRate: Int, lengthScale: Double) {
        let fileManager = FileManager.default
        guard fileManager.fileExists(atPath: model) else { throw .modelMissing(path: model) }
        let configPath = model + ".json"
        // A regular file of at most 1 MiB (a voice's config is a few kilobytes).
        guard case .success(let bytes) = RegularFile.read(configPath, limit: 1 << 20) else { throw .modelMissing(path: configPath) }
        let data = Data(bytes)
        let config: ModelConfig
        do {
            config = try JSONDecoder().decode(ModelConfig.self, from: data)
        } catch {
            throw .modelConfigInvalid(path: configPath, detail: "not Piper's JSON (\(error))")
        }
        guard let rate = config.audio?.sample_rate, rate > 0, rate <= 384_000 else {
            throw .modelConfigInvalid(path: configPath, detail: "no audio.sample_rate")
        }
        let scale = config.inference?.length_scale ?? 1
        return (rate, scale > 0 && scale.isFinite ? scale : 1)
    }

    /// A path as is when it has a slash, else the first executable of that name in PATH.
    static func resolveExecutable(_ binary: String) -> String? {
        let fileManager = FileManager.default
        if binary.contains("/") { return fileManager.isExecutableFile(atPath: binary) ? binary : nil }
        guard !binary.isEmpty else { return nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = directory + "/" + binary
            if fileManager.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Little-endian 16-bit samples; an odd trailing byte is dropped.
    static func samples(fromS16LE data: Data) -> [Int16] {
        let count = data.count / 2
        return data.withUnsafeBytes { raw in
            (0..<count).map { Int16(littleEndian: raw.loadUnaligned(fromByteOffset: 2 * $0, as: Int16.self)) }
        }
    }
}
