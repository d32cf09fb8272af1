import SleepBoxTOML

/// `[reminder]`: the bedtime reminder's time, days and how often it comes back.
enum ReminderSection {
    static let againMinutes = TOMLRange(0, 120, unit: "minutes")
    static let repeats = TOMLRange(0...10)
    static let noteSeconds = TOMLRange(10, 1800, unit: "seconds")

    static let section = TOMLSection<ConfigDraft>("reminder", keys: [
        .bool("enabled", into: \.config.reminder.schedule.isEnabled),
        TOMLKey("time") { reader, value, draft in
            guard let time = reader.timeOfDay(value) else { return }
            draft.config.reminder.schedule.hour = time.hour
            draft.config.reminder.schedule.minute = time.minute
        },
        TOMLKey("days") { reader, value, draft in
            if let days = AlarmSection.days(&reader, value) { draft.config.reminder.schedule.weekdays = days }
        },
        .number("again_minutes", againMinutes, into: \.config.reminder.againMinutes),
        .wholeNumber("repeats", repeats, into: \.config.reminder.repeats),
        .number("note_seconds", noteSeconds, into: \.config.reminder.noteSeconds),
    ])
}
