import Foundation
import SleepBoxAudio

/// The natural voice (Piper with en_US-joe-medium) through one long-lived `PiperServer`: the voice
/// is loaded once, and each stretch of speech costs only its synthesis (about 0.05-0.4x real time
/// on two x86 cores, depending on the load), not a process start and a model load (2.5 s here).
///
/// The rate maps to Piper's length scale: the voice speaks `nominalRate` words a minute at scale
/// 1, and stretching it slows the words more than the gaps between them, so the pace falls as
/// scale^-0.78 (measured: scale 1.4 gave 176, 1.66 gave 150 words a minute over a poem), hence
/// scale = (nominalRate / rate)^(1 / 0.78). The samples keep the level the model gives each sentence (Piper's
/// per-sentence peak normalisation is off); `CachedSpeech` sets the loudness. Output: mono at
/// `format`'s rate (libsoxr), the ends trimmed like `EspeakEngine`'s.
public final class NaturalVoiceEngine: PCMSpeechEngine, Sendable {
    /// "piper".
    public static let engineName = PiperEngine.engineName
    /// en_US-joe-medium's pace at length scale 1, in words a minute (measured over a bundled
    /// poem: docs/architecture.md, "The voice").
    public static let nominalRate = 225
    /// How the pace follows the length scale: words a minute ∝ scale^-paceExponent.
    public static let paceExponent = 0.78
    /// Slowest and fastest length scales used (past them the voice slurs or gabbles).
    public static let lengthScaleRange = 0.6...2.0

    /// The process that speaks.
    public let server: PiperServer
    /// engine "piper", the voice's name, the rate, pitch 50, the installed versions.
    public let voice: SpeechVoice
    /// The output format; clips are mono at its sample rate.
    public let format: AudioFormat
    /// How much silence the clips keep at their ends.
    public let trimmer: SilenceTrimmer

    /// The voice of `installation` at `rate` words a minute. Nothing starts until the first
    /// render or `server.start()`.
    public init(installation: NaturalVoiceInstallation, rate: Int = SpeechVoice.defaultRate,
                format: AudioFormat = .engine, trimmer: SilenceTrimmer = .standard) {
        server = PiperServer(python: installation.python, script: installation.server)
        voice = SpeechVoice(engine: Self.engineName, name: NaturalVoiceInstallation.voiceName, rate: rate, pitch: 50,
                            version: installation.version)
        self.format = format
        self.trimmer = trimmer
    }

    /// A voice spoken by `server` (e.g. another Piper model through `PiperServer(model:)`), named
    /// `name` with `version` in its cache keys.
    public init(server: PiperServer, name: String, version: String, rate: Int = SpeechVoice.defaultRate,
                format: AudioFormat = .engine, trimmer: SilenceTrimmer = .standard) {
        self.server = server
        voice = SpeechVoice(engine: Self.engineName, name: name, rate: rate, pitch: 50, version: version)
        self.format = format
        self.trimmer = trimmer
    }

    /// The length scale for the voice's rate.
    public var lengthScale: Double {
        let scale = pow(Double(Self.nominalRate) / Double(max(voice.rate, 1)), 1 / Self.paceExponent)
        return min(max(scale, Self.lengthScaleRange.lowerBound), Self.lengthScaleRange.upperBound)
    }

    /// Unknown until the server has said it (the model decides): an old cache file is rendered again.
    public var nativeSampleRate: Int? { nil }

    /// The server's output for `text` at the model's own rate (`synthesize` resamples and trims
    /// it). Throws with the server's reason (not installed, the model would not load, the
    /// process died or ran out of time).
    public func renderPCM(_ text: String) throws(SpeechError.Reason) -> (samples: [Int16], sampleRate: Int) {
        // Generous: a Pi Zero 2 W speaks at about real time; a long stretch may take a minute.
        let timeout = 60 + Double(text.count) * 0.3
        return try server.render(text, lengthScale: lengthScale, volume: 1, timeout: timeout)
    }
}
