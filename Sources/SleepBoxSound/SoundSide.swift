import Logging
import SleepBoxAudio
import SleepBoxConfig
import SleepBoxCore

/// The sound side of `run` and `simulate`, built one way for both: the library's provider over
/// the content and the voices, and the engine it feeds. What differs is given: the executors and
/// whether the menu voice renders on a thread of its own.
public struct SoundSide {
    public let provider: LibrarySoundProvider
    public let engine: AudioEngine

    /// Starts the natural voice loading (`ContentSetup.startVoice`) and builds the provider and
    /// the engine for `content` at `format`.
    public init(content: ContentSetup, config: BoxConfig, format: AudioFormat, seed: UInt64, work: SoundExecutor,
                opening: SoundExecutor, menuVoiceThreaded: Bool, logger: Logger) {
        content.startVoice(logger: logger)
        let voices = content.voices
        provider = LibrarySoundProvider(
            library: content.library, voice: content.voice, fallbackVoice: content.fallbackVoice,
            languageVoices: content.languageVoices, voiceMaker: content.voiceMaker, voicesMadeFor: (voices.rate, voices.language),
            menuVoice: MenuVoice(voice: voices.menu, format: format, threaded: menuVoiceThreaded, logger: logger),
            loudness: content.loudness, recordingLoudness: content.recordingLoudness, breathingCues: config.breathingCues,
            format: format, seed: seed, logger: logger, work: work, opening: opening)
        engine = AudioEngine(format: format, provider: provider, volumePercent: config.audio.volume)
    }
}
