import SleepBoxSystem
import SleepBoxAudio
import SleepBoxCore
import SleepBoxTOML

/// `[timer]`: the sleep timer's lengths and fade.
enum TimerSection {
    static let fadeOutSeconds = TOMLRange(1, 600, unit: "seconds")
    static let speechGraceSeconds = TOMLRange(0, 300, unit: "seconds")
    /// Six seconds at the least (a timer that short is for trying the fade out), a day at most.
    static let choiceMinutes = TOMLRange(0.1, 24 * 60, unit: "minutes")
    static let maxChoices = 8

    static let section = TOMLSection<ConfigDraft>("timer", keys: [
        .number("fade_out_seconds", fadeOutSeconds, into: \.config.timer.fadeOutSeconds),
        TOMLKey("choices") { reader, value, draft in
            if let choices = choices(&reader, value) { draft.config.timer.choices = choices }
        },
        .number("speech_grace_seconds", speechGraceSeconds, into: \.config.timer.speechGraceSeconds),
        .soundOrNone("bed_after_item", into: \.config.timer.bedAfterItem),
        .level("bed_after_item_level", into: \.config.timer.bedAfterItemLevel),
    ])

    /// 1 to `maxChoices` lengths in minutes, shortest first, each once.
    private static func choices(_ reader: inout TOMLReader, _ value: TOMLValue) -> [Double]? {
        MinutesList.read(&reader, value, range: choiceMinutes, maximum: maxChoices, example: "[15, 30, 60]")
    }
}
