import SleepBoxCore
import SleepBoxSystem
import SleepBoxTOML

/// `[[alarms]]`: more alarms, each a table of its own, filling the slots after `[alarm]` (or
/// from the first, without it); the box keeps `BoxConfig.alarmSlots` of them. The keys read as
/// the screens and `sleepbox ctl alarm` say them.
enum AlarmsSection {
    /// One `[[alarms]]` table while it is read.
    struct Entry {
        var time: (hour: Int, minute: Int)?
        var alarm = AlarmSettings(hour: 0, minute: 0)
    }


    static let entryKeys = TOMLSection<Entry>("alarms", place: "in an [[alarms]] table",
                                             missing: "time", keys: [
        TOMLKey("time") { reader, value, entry in entry.time = reader.timeOfDay(value) },
        TOMLKey("days") { reader, value, entry in
            if let days = AlarmSection.days(&reader, value) { entry.alarm.weekdays = days }
        },
        TOMLKey("enabled") { reader, value, entry in entry.alarm.isEnabled = reader.bool(value) ?? true },
        TOMLKey("skip_next") { reader, value, entry in entry.alarm.skipNext = reader.bool(value) ?? false },
        TOMLKey("sound") { reader, value, entry in
            guard let text = reader.string(value) else { return }
            if AlarmSettings.sounds.contains(text.lowercased()) {
                entry.alarm.sound = text.lowercased() == "chime" ? nil : text.lowercased()
            } else {
                reader.report(value.path, "\(Quoting.quoted(text)) is not a wake sound (one of \(AlarmSettings.sounds.joined(separator: ", ")))",
                              suggestion: Suggestion.closest(to: text, among: AlarmSettings.sounds))
            }
        },
        TOMLKey("ramp_seconds") { reader, value, entry in entry.alarm.rampSeconds = reader.number(value, AlarmSection.rampSeconds) },
        TOMLKey("snooze_minutes") { reader, value, entry in entry.alarm.snoozeMinutes = reader.number(value, AlarmSection.snoozeMinutes) },
        TOMLKey("volume") { reader, value, entry in entry.alarm.volume = reader.number(value, .percent).map { Int($0.rounded()) } },
        TOMLKey("dawn") { reader, value, entry in entry.alarm.dawn = reader.bool(value) },
        TOMLKey("dawn_minutes") { reader, value, entry in entry.alarm.dawnMinutes = reader.wholeNumber(value, LightSection.dawnMinutes) },
    ])

    /// The top-level key `alarms`.
    static let key = TOMLKey<ConfigDraft>("alarms") { reader, value, draft in
        for table in reader.tables(value) {
            var entry = Entry()
            reader.read(table, entryKeys, into: &entry)
            guard let time = entry.time else { continue }
            var alarm = entry.alarm
            alarm.hour = time.hour
            alarm.minute = time.minute
            draft.moreAlarms.append((alarm, table.path))
        }
    }

    /// Puts the `[[alarms]]` into the slots after `[alarm]`; too many is an issue naming the first
    /// left out.
    static func place(_ reader: inout TOMLReader, _ draft: inout ConfigDraft) {
        var slot = draft.config.alarm == nil ? 0 : 1
        for (alarm, path) in draft.moreAlarms {
            guard slot < BoxConfig.alarmSlots else {
                reader.report(path, "the box keeps \(BoxConfig.alarmSlots) alarms ([alarm] and [[alarms]] together); remove this one")
                return
            }
            draft.config.alarms[slot] = alarm
            slot += 1
        }
    }
}
