import SleepBoxCore
import SleepBoxSpeech

/// `[voice]` in the configuration file: which text-to-speech engine reads the content and the
/// greetings, with which voice, how fast and how high.
///
/// "auto" is the factory setting: the natural voice (Piper with en_US-joe-medium, installed by
/// `make voice` or deploy/install.sh) reads English when it is installed, espeak-ng (in process)
/// reads everything else and stands in whenever the natural voice is missing or fails. "espeak"
/// and "piper" (a Piper model of one's own) choose explicitly (see `VoiceSelection`).
public struct VoiceSettings: Sendable, Equatable {
    /// The engines the configuration can name.
    public enum Engine: String, Sendable, Equatable, CaseIterable {
        /// The natural voice for English when it is installed, else espeak-ng.
        case auto
        /// espeak-ng, in process (libespeak-ng): fast, robotic, always there.
        case espeak
        /// Piper, a neural voice run as the `piper` command with `piperModel`.
        case piper
    }

    /// `engine`: "auto" (the factory setting), "espeak" or "piper".
    public var engine: Engine = .auto
    /// `name`: the espeak-ng voice ("en-us", "en-gb", "de", ...); nil follows the language
    /// (`languageVoice`).
    public var name: String?
    /// The espeak-ng voice of the configured `language` ("en-us" for en, "de" for de): the voice
    /// when `name` is not set, and the fallback when espeak-ng does not have `name`.
    public var languageVoice: String = SpeechVoice.espeakEnglish.name
    /// `pitch`: 0 to 100, 50 being the voice's normal pitch (espeak-ng only).
    public var pitch: Int = SpeechVoice.defaultPitch
    /// `piper_model`: the absolute path of the Piper voice model, MODEL.onnx (MODEL.onnx.json
    /// beside it); required when `engine` is `.piper`.
    public var piperModel: String?
    /// `piper_binary`: the `piper` executable, a name looked up in PATH or an absolute path.
    public var piperBinary: String = "piper"
    /// `cache_mb`: how much rendered speech the state folder keeps, in MiB (least recently used
    /// goes first). The bundled library's speech takes about 100 MiB with espeak-ng (16-bit FLAC
    /// at the voice's rate; docs/performance.md, "The speech cache"), the natural voice's 1.25
    /// times as much (it speaks slower): the default holds both.
    public var cacheMegabytes: Int = 1024

    /// The factory setting: the natural voice where it is installed, else espeak-ng, American
    /// English, 140 words per minute, pitch 40.
    public init() {}

    /// The espeak-ng voice asked for: `name`, else the language's.
    public var espeakName: String { name ?? languageVoice }

    /// The espeak-ng voice at `rate` with this pitch (the menu voice; the fallback behind Piper).
    public func espeakVoice(rate: Int) -> SpeechVoice {
        SpeechVoice(engine: EspeakEngine.engineName, name: espeakName, rate: rate, pitch: pitch)
    }

    /// The espeak-ng voice that speaks `language` when `[voice] name` is not set.
    ///
    /// The one place the configuration's language decides the voice.
    package static func languageVoice(for language: Language) -> String {
        SpeechVoice.espeak(for: language).name
    }
}
