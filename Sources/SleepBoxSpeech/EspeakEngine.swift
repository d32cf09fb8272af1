import CEspeak
import SleepBoxAudio

/// eSpeak NG in process (libespeak-ng 1.51): fast, robotic, always there.
///
/// All instances share one process-wide `EspeakRuntime`, because espeak-ng keeps global state and is
/// not thread-safe: renders are serialized by its lock, each one selecting its own voice, rate and
/// pitch first. An `EspeakEngine` is therefore only a voice and an output format; create one per
/// voice freely and use them from any thread.
///
/// espeak-ng speaks 22,050 Hz mono S16, several hundred times faster than real time on an x86 core.
/// The output is converted to float, resampled to `format.sampleRate` with libsoxr (high quality)
/// and trimmed by `trimmer` to a fixed margin of silence at each end (espeak-ng adds 14-15 ms
/// before and 10-35 ms after; see `SilenceTrimmer`). The same text can differ by a few samples from
/// one render to the next (espeak-ng carries state over); `CachedSpeech` makes repeats identical.
public final class EspeakEngine: PCMSpeechEngine, Sendable {
    /// "espeak-ng".
    public static let engineName = "espeak-ng"

    /// The voice (its `engine` is always "espeak-ng").
    public let voice: SpeechVoice
    /// "espeak-ng 1.51": the library's version (`espeak_Info`), part of the voice's cache key.
    public static let libraryVersion: String = "espeak-ng " + String(cString: espeak_Info(nil))

    /// The output format; clips are mono at its sample rate.
    public let format: AudioFormat
    /// How much silence the clips keep at their ends.
    public let trimmer: SilenceTrimmer

    /// An engine speaking `voice` (American English at 140 wpm, pitch 40 by default) into clips at
    /// `format`'s rate. Nothing is loaded until the first render.
    public init(voice: SpeechVoice = .espeakEnglish, format: AudioFormat = .engine, trimmer: SilenceTrimmer = .standard) {
        var voice = voice
        voice.engine = EspeakEngine.engineName
        if voice.version.isEmpty { voice.version = Self.libraryVersion }
        self.voice = voice
        self.format = format
        self.trimmer = trimmer
    }

    /// espeak-ng's output rate (it loads espeak-ng once); nil when espeak-ng cannot start.
    public var nativeSampleRate: Int? { try? EspeakRuntime.shared.sampleRate() }

    /// espeak-ng's untouched output for `text` (plain UTF-8, no SSML): S16 mono at espeak-ng's own
    /// rate, with its own leading and trailing silence. Wraps `espeak_SetVoiceByName`,
    /// `espeak_SetParameter`, `espeak_Synth` and `espeak_Synchronize`; throws when the voice or
    /// espeak-ng-data is missing, never traps. `synthesize` resamples it with `soxr_oneshot`.
    public func renderPCM(_ text: String) throws(SpeechError.Reason) -> (samples: [Int16], sampleRate: Int) {
        let native = try EspeakRuntime.shared.render(text, voice: voice)
        return (native.pcm, native.sampleRate)
    }

    /// The languages of all installed espeak-ng voices ("de", "en-gb", "en-us", …), sorted; empty
    /// when espeak-ng-data is missing. Wraps `espeak_ListVoices`.
    public static func availableVoices() -> [String] {
        Set(EspeakRuntime.shared.voices().flatMap(\.languages)).sorted()
    }

    /// Whether `name` selects a voice (a voice file such as "en-us" or a language such as "en-gb").
    public static func hasVoice(_ name: String) -> Bool {
        let wanted = name.lowercased()
        return EspeakRuntime.shared.voices().contains {
            $0.languages.contains(wanted) || $0.identifier.lowercased().hasSuffix("/" + wanted)
                || $0.identifier.lowercased() == wanted
        }
    }
}
