import SleepBoxSystem
import SleepBoxAudio
import SleepBoxTOML

/// `[playback]`: fades, seeking, what follows an item, the breathing cues, the ambient bed.
enum PlaybackSection {
    static let fadeSeconds = TOMLRange(0.1, 10, unit: "seconds")
    static let seekStepSeconds = TOMLRange.positive(upTo: 300, "seconds")

    static let section = TOMLSection<ConfigDraft>("playback", keys: [
        .number("crossfade_seconds", fadeSeconds, into: \.config.playback.crossfadeSeconds),
        .number("stop_fade_seconds", fadeSeconds, into: \.config.playback.stopFadeSeconds),
        .bool("continue_with_next", into: \.config.playback.continueWithNext),
        .bool("breathing_cues", into: \.config.breathingCues),
        .number("seek_step_seconds", seekStepSeconds, into: \.config.playback.seekStepSeconds),
        .soundOrNone("ambient_bed", into: \.config.playback.ambientBed),
        .number("ambient_fade_seconds", TOMLRange(0, 600, unit: "seconds"), into: \.config.playback.ambientFadeSeconds),
        .level("ambient_bed_level", into: \.config.playback.ambientBedLevel),
    ])
}
