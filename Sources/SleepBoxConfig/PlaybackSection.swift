import SleepBoxSystem
import SleepBoxAudio
import SleepBoxTOML

/// `[playback]`: fades, seeking, what follows an item, the breathing cues, the ambient bed.
enum PlaybackSection {
    static let fadeSeconds = TOMLRange(0.1, 10, unit: "seconds")
    static let seekStepSeconds = TOMLRange.positive(upTo: 300, "seconds")
    static let percent = TOMLRange(0, 100, unit: "percent")

    static let section = TOMLSection<ConfigDraft>("playback", keys: [
        .number("crossfade_seconds", fadeSeconds, into: \.config.playback.crossfadeSeconds),
        .number("stop_fade_seconds", fadeSeconds, into: \.config.playback.stopFadeSeconds),
        .bool("continue_with_next", into: \.config.playback.continueWithNext),
        .bool("breathing_cues", into: \.config.breathingCues),
        .number("seek_step_seconds", seekStepSeconds, into: \.config.playback.seekStepSeconds),
        TOMLKey("ambient_bed") { reader, value, draft in
            let names = Generators.names
            guard let text = reader.string(value, expected: "\"none\" or a generator: \(names.joined(separator: ", "))") else { return }
            if text == "none" {
                draft.config.playback.ambientBed = nil
            } else if names.contains(text) {
                draft.config.playback.ambientBed = text
            } else {
                let sounds = names.map { "\"\($0)\"" }.joined(separator: ", ")
                reader.report(value.path, "\(Quoting.quoted(text)) is not a sound the box makes (\"none\", \(sounds))")
            }
        },
        .number("ambient_fade_seconds", TOMLRange(0, 600, unit: "seconds"), into: \.config.playback.ambientFadeSeconds),
        TOMLKey("ambient_bed_level") { reader, value, draft in
            if let x = reader.number(value, percent) { draft.config.playback.ambientBedLevel = x / 100 }
        },
    ])
}
