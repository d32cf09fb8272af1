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
public final class EspeakEngine: SpeechEngine, Sendable {
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

    /// Renders `text` (plain UTF-8, no SSML) to a trimmed clip at the engine rate.
    /// Wraps `espeak_SetVoiceByName`, `espeak_SetParameter`, `espeak_Synth` and `espeak_Synchronize`,
    /// then `soxr_oneshot`. Throws when the voice or espeak-ng-data is missing; never traps.
    public func synthesize(_ text: String) throws(SpeechError) -> SpeechClip {
        guard text.contains(where: { !$0.isWhitespace }) else { return SpeechClip(samples: [], format: format) }
        do {
            let native = try EspeakRuntime.shared.render(text, voice: voice)
            let samples = try SpeechResampler.floats(fromS16: native.pcm, inputRate: native.sampleRate,
                                                     outputRate: format.sampleRate)
            return SpeechClip(samples: trimmer.trim(samples, sampleRate: format.sampleRate), format: format)
        } catch {
            throw SpeechError(engine: Self.engineName, text: text, reason: error)
        }
    }

    /// `text` at espeak-ng's own rate (22,050 Hz), converted to float and trimmed, not resampled.
    public func synthesizeNative(_ text: String) throws(SpeechError) -> SpeechClip {
        do {
            let native = try EspeakRuntime.shared.render(text, voice: voice)
            let samples = try SpeechResampler.floats(fromS16: native.pcm, inputRate: native.sampleRate,
                                                     outputRate: native.sampleRate)
            return SpeechClip(samples: trimmer.trim(samples, sampleRate: native.sampleRate), sampleRate: native.sampleRate)
        } catch {
            throw SpeechError(engine: Self.engineName, text: text, reason: error)
        }
    }

    /// espeak-ng's output rate (it loads espeak-ng once); nil when espeak-ng cannot start.
    public var nativeSampleRate: Int? { try? EspeakRuntime.shared.sampleRate() }

    /// espeak-ng's untouched output for `text`: S16 mono at espeak-ng's own rate, with its own leading
    /// and trailing silence (for measurements and tests). Wraps `espeak_Synth`.
    public func renderNative(_ text: String) throws(SpeechError) -> (samples: [Int16], sampleRate: Int) {
        do {
            let native = try EspeakRuntime.shared.render(text, voice: voice)
            return (native.pcm, native.sampleRate)
        } catch {
            throw SpeechError(engine: Self.engineName, text: text, reason: error)
        }
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
