import SleepBoxCore

/// The settings in effect that the sound side follows (the configuration file's, with the owner's
/// settings made on the box over them): how fast and in which language the voice speaks, and
/// whether breathing exercises sound their soft cue tones. The runner hands them over at start
/// and whenever they change (a setting on the box, a reload of the file).
public struct SoundSettings: Sendable, Equatable {
    /// Words per minute (`[voice] rate`, the box's "Voice speed").
    public var voiceRate: Int
    /// The language the box speaks: its voice says the menus and the greetings in it.
    public var language: Language
    /// Whether breathing exercises are prepared with their cue tones (`[playback] breathing_cues`).
    public var breathingCues: Bool
    /// How long an ambient item fades in, and out when stopped (`[playback] ambient_fade_seconds`).
    public var ambientFadeSeconds: Double

    public init(voiceRate: Int, language: Language, breathingCues: Bool, ambientFadeSeconds: Double = 60) {
        self.voiceRate = voiceRate
        self.language = language
        self.breathingCues = breathingCues
        self.ambientFadeSeconds = ambientFadeSeconds
    }

    /// What `config` says.
    public init(_ config: BoxConfig) {
        self.init(voiceRate: config.voiceRate, language: config.language, breathingCues: config.breathingCues,
                  ambientFadeSeconds: config.playback.ambientFadeSeconds)
    }
}
