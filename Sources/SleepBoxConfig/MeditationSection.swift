import Foundation
import SleepBoxAudio
import SleepBoxCore
import SleepBoxSystem
import SleepBoxTOML

/// `[meditation]`: the meditation timer's lengths, beds, breathing guide and bells.
enum MeditationSection {
    static let minutes = TOMLRange.positive(upTo: 180, "minutes")
    /// An interval bell: `MeditationSettings.bellMinutesRange` (0 is none, read apart).
    static let bellMinutes = TOMLRange(MeditationSettings.bellMinutesRange.lowerBound, MeditationSettings.bellMinutesRange.upperBound,
                                       unit: "minutes")
    /// A breathing step: `BreathStep.secondsRange`.
    static let breathSeconds = TOMLRange(BreathStep.secondsRange.lowerBound, BreathStep.secondsRange.upperBound, unit: "seconds")
    static let maxLengths = 8

    static let section = TOMLSection<ConfigDraft>("meditation", keys: [
        TOMLKey("lengths") { reader, value, draft in
            if let list = MinutesList.read(&reader, value, range: minutes, maximum: maxLengths) {
                draft.config.meditation.lengths = list
            }
        },
        TOMLKey("minutes") { reader, value, draft in
            if let x = reader.number(value, minutes) {
                draft.config.meditation.minutes = x
                draft.meditationMinutesRead = true
            }
        },
        TOMLKey("sounds") { reader, value, draft in
            guard let names = reader.strings(value, expected: "a list of sounds such as [\"rain\", \"ocean\"]") else { return }
            var seen: [String] = []
            for (index, name) in names.enumerated() {
                guard let sound = SoundKeys.generator(&reader, name, value.path, entry: index + 1) else { return }
                if seen.contains(sound) {
                    reader.report(value.path, "\(Quoting.quoted(sound)) is listed twice", entry: index + 1)
                    return
                }
                seen.append(sound)
            }
            draft.config.meditation.sounds = seen
        },
        .soundOrNone("sound", into: \.config.meditation.sound),
        .level("sound_level", into: \.config.meditation.soundLevel),
        TOMLKey("breathing") { reader, value, draft in
            guard let text = reader.string(value, expected: "a pattern such as \"4-7-8\"") else { return }
            if let steps = pattern(&reader, text, value.path) { draft.config.meditation.breathing = steps }
        },
        .bool("guide", into: \.config.meditation.guide),
        .bool("breathing_cues", into: \.config.meditation.breathingCues),
        TOMLKey("bell_every_minutes") { reader, value, draft in
            guard let x = reader.number(value, TOMLRange(0, bellMinutes.upper, unit: "minutes")) else { return }
            guard MeditationSettings.isBellSetting(minutes: x) else {
                reader.report(value.path, "\(Quoting.number(x)) minutes is too often for a bell: 0 (none) or \(bellMinutes.text)")
                return
            }
            draft.config.meditation.bellEveryMinutes = x
        },
        TOMLKey("interval_bell") { reader, value, draft in
            if let bell: MeditationSettings.Bell = reader.choice(value, what: "bell sound") {
                draft.config.meditation.intervalBell = bell
            }
        },
        TOMLKey("bell_choices") { reader, value, draft in
            if let list = MinutesList.read(&reader, value, range: bellMinutes, maximum: maxLengths,
                                           allowsEmpty: true) {
                draft.config.meditation.bellChoices = list
            }
        },
    ], finish: finish)

    /// The chosen length is one of the lengths.
    private static func finish(_ reader: inout TOMLReader, _ draft: inout ConfigDraft) {
        let m = draft.config.meditation
        guard !m.lengths.contains(m.minutes) else { return }
        if draft.meditationMinutesRead {
            reader.report(["meditation", "minutes"], "\(Quoting.number(m.minutes)) is not one of lengths "
                          + "(\(m.lengths.map(Quoting.number).joined(separator: ", ")))")
        } else {
            // Lengths without the factory length: the first of them is chosen.
            draft.config.meditation.minutes = m.lengths.first ?? m.minutes
        }
    }


    /// "4-7-8" (in, hold, out, then the 1 s pause), "4-4-4-4" (in, hold, out, hold empty) or "5-5"
    /// (in, out): 2 to 4 lengths in seconds.
    static func pattern(_ reader: inout TOMLReader, _ text: String, _ path: [String]) -> [BreathStep]? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let numbers = parts.compactMap(Double.init)
        guard numbers.count == parts.count, (2...4).contains(numbers.count) else {
            reader.report(path, "\(Quoting.quoted(text)) is not a breathing pattern; write 2 to 4 lengths in seconds "
                          + "joined by dashes: \"4-7-8\" (in, hold, out), \"4-4-4-4\" (in, hold, out, hold), \"5-5\" (in, out)")
            return nil
        }
        guard let bad = numbers.first(where: { !breathSeconds.contains($0) }) else {
            let kinds: [BreathStep.Kind]
            switch numbers.count {
            case 2: kinds = [.inhale, .exhale]
            case 3: kinds = [.inhale, .hold, .exhale]
            default: kinds = [.inhale, .hold, .exhale, .rest]
            }
            return BreathStep.withPause(zip(kinds, numbers).map { BreathStep($0, seconds: $1) })
        }
        reader.report(path, "\(Quoting.number(bad)) s in \(Quoting.quoted(text)) is not \(breathSeconds.text)")
        return nil
    }
}
