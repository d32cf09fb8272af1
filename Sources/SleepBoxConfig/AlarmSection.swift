import SleepBoxSystem
import SleepBoxCore
import SleepBoxTOML

/// `[alarm]`: when the alarm rings and how it wakes the sleeper.
enum AlarmSection {
    // Each length has a floor a person could mean: 1e-308 minutes is "more than 0" but would
    // stop, snooze or ramp at once.
    static let rampSeconds = TOMLRange(AlarmSettings.rampSecondsRange.lowerBound, AlarmSettings.rampSecondsRange.upperBound, unit: "seconds")
    static let snoozeMinutes = TOMLRange(AlarmSettings.snoozeMinutesRange.lowerBound, AlarmSettings.snoozeMinutesRange.upperBound, unit: "minutes")
    static let catchUpMinutes = TOMLRange(1, 720, unit: "minutes")
    static let autoStopMinutes = TOMLRange(1, 240, unit: "minutes")
    static let greetingDelaySeconds = TOMLRange(0, 300, unit: "seconds")


    static let section = TOMLSection<ConfigDraft>("alarm", keys: [
        TOMLKey("time") { reader, value, draft in draft.alarmTime = reader.timeOfDay(value) },
        TOMLKey("days") { reader, value, draft in draft.alarmDays = days(&reader, value) },
        TOMLKey("enabled") { reader, value, draft in draft.alarmEnabled = reader.bool(value) },
        .number("ramp_seconds", rampSeconds, into: \.config.alarmBehaviour.rampSeconds),
        .number("snooze_minutes", snoozeMinutes, into: \.config.alarmBehaviour.snoozeMinutes),
        .number("catch_up_minutes", catchUpMinutes, into: \.config.alarmBehaviour.catchUpMinutes),
        .number("auto_stop_minutes", autoStopMinutes, into: \.config.alarmBehaviour.autoStopMinutes),
        TOMLKey("start_volume") { reader, value, draft in
            guard let x = reader.number(value, .percent) else { return }
            draft.config.alarmBehaviour.startVolume = x / 100
            draft.startPercent = x
        },
        TOMLKey("alarm_volume") { reader, value, draft in
            guard let x = reader.number(value, .percent) else { return }
            draft.config.alarmBehaviour.alarmVolume = x / 100
            draft.alarmPercent = x
        },
        .number("greeting_delay_seconds", greetingDelaySeconds, into: \.config.alarmBehaviour.greetingDelaySeconds),
    ], finish: finish)

    /// The ramp must climb; the alarm is set when a time was given.
    private static func finish(_ reader: inout TOMLReader, _ draft: inout ConfigDraft) {
        if let start = draft.startPercent {
            let loudest = draft.alarmPercent ?? (draft.config.alarmBehaviour.alarmVolume * 100 * 1e9).rounded() / 1e9
            if start > loudest {
                reader.report(["alarm", "start_volume"],
                              "\(Quoting.number(start)) is louder than alarm_volume (\(Quoting.number(loudest))); "
                              + "the alarm ramps up from start_volume to alarm_volume")
            }
        }
        if let time = draft.alarmTime {
            draft.config.alarm = AlarmSettings(hour: time.hour, minute: time.minute,
                                               weekdays: draft.alarmDays ?? Set(1...7), isEnabled: draft.alarmEnabled ?? true)
        }
    }

    static func days(_ reader: inout TOMLReader, _ value: TOMLValue) -> Set<Int>? {
        if let text = value.string { return dayNumbers(&reader, text, value.path, entry: nil) }
        guard let entries = reader.list(value, expected: "a list of days such as [\"mon\", \"fri\"]") else { return nil }
        guard !entries.isEmpty else {
            reader.report(value.path, "no days listed; list at least one, or set enabled = false to silence the alarm")
            return nil
        }
        var result = Set<Int>()
        var isValid = true
        for (index, entry) in entries.enumerated() {
            if let text = reader.string(entry, entry: index + 1),
               let numbers = dayNumbers(&reader, text, value.path, entry: index + 1) {
                result.formUnion(numbers)
            } else {
                isValid = false
            }
        }
        return isValid ? result : nil
    }

    /// `"mon"` -> [2], `"weekends"` -> [1, 7] (any case; `AlarmDays`), or an issue.
    private static func dayNumbers(_ reader: inout TOMLReader, _ text: String, _ path: [String], entry: Int?) -> Set<Int>? {
        if let days = AlarmDays.days(for: text) { return days }
        var message = "\(Quoting.quoted(text)) is not a day"
        let guess = Suggestion.closest(to: text, among: AlarmDays.words)
        if let guess { message += "; did you mean \(Quoting.quoted(guess))?" }
        reader.report(path, message + " (\(AlarmDays.hint))", entry: entry, suggestion: guess)
        return nil
    }
}
