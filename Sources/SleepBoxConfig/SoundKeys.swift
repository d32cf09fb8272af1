import SleepBoxAudio
import SleepBoxSystem
import SleepBoxTOML

/// The keys that name one of the box's own sounds (`[playback] ambient_bed`, `[timer]
/// bed_after_item`, `[meditation] sound` and `sounds`) and the levels they play at: one reading
/// and one message for all of them.
enum SoundKeys {
    static let percent = TOMLRange(0, 100, unit: "percent")

    /// `name` when it is a sound the box makes; otherwise reported at `path` (with `entry` for a
    /// list's element), with the nearest name as a suggestion.
    static func generator(_ reader: inout TOMLReader, _ name: String, _ path: [String], entry: Int?) -> String? {
        if Generators.names.contains(name) { return name }
        let sounds = Generators.names.map { "\"\($0)\"" }.joined(separator: ", ")
        let guess = Suggestion.closest(to: name, among: Generators.names)
        reader.report(path, "\(Quoting.quoted(name)) is not a sound the box makes (\(sounds))", entry: entry, suggestion: guess)
        return nil
    }
}

extension TOMLKey where Target == ConfigDraft {
    /// A key holding `"none"` (nil) or a sound the box makes, stored at `field`.
    static func soundOrNone(_ name: String, into field: WritableKeyPath<ConfigDraft, String?> & Sendable) -> TOMLKey {
        TOMLKey(name) { reader, value, draft in
            guard let text = reader.string(value, expected: "\"none\" or a sound: \(Generators.names.joined(separator: ", "))") else {
                return
            }
            if text == "none" {
                draft[keyPath: field] = nil
            } else if let sound = SoundKeys.generator(&reader, text, value.path, entry: nil) {
                draft[keyPath: field] = sound
            }
        }
    }

    /// A key holding a level in percent (0 to 100), stored at `field` as a gain (0...1).
    static func level(_ name: String, into field: WritableKeyPath<ConfigDraft, Double> & Sendable) -> TOMLKey {
        TOMLKey(name) { reader, value, draft in
            if let x = reader.number(value, SoundKeys.percent) { draft[keyPath: field] = x / 100 }
        }
    }
}
