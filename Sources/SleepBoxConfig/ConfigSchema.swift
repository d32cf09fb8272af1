import SleepBoxSystem
import Foundation
import SleepBoxCore
import SleepBoxTOML

/// The configuration file's schema: the keys at the top and the tables, each declared once in its
/// own section file (`AlarmSection`, `AudioSection`, ...). Unknown keys and tables are errors that
/// suggest the closest name.
enum ConfigSchema {
    /// The whole file, tables in the order the sample file shows them.
    static let schema = TOMLSchema<ConfigDraft>(
        top: TOMLSection("", keys: [timeZone, language, AlarmsSection.key]),
        tables: [AlarmSection.section, TimerSection.section, MeditationSection.section, NapSection.section,
                 ReminderSection.section, HistorySection.section, LightSection.section, AudioSection.section, PlaybackSection.section,
                 VoiceSection.section, DisplaySection.section, PoolsSection.section, BoardSection.section,
                 PinsSection.section, PathsSection.section],
        unknownKeys: .rejected(spelling: true, tablesIntro: "Known tables:"))

    /// Keys allowed at the top level (besides the tables).
    static var topLevelKeys: [String] { schema.top.keyNames }
    /// The tables, in the order the sample file shows them.
    static var tableNames: [String] { schema.tables.map(\.name) }
    /// Keys allowed in each table, in the order the sample file shows them.
    static var tableKeys: [String: [String]] {
        Dictionary(uniqueKeysWithValues: schema.tables.map { ($0.name, $0.keyNames) })
    }

    /// Reads `document` over the factory settings; the issues are in `reader`.
    static func read(_ reader: inout TOMLReader, defaultTimeZone: TimeZone) -> ConfigFile {
        var draft = ConfigDraft(timeZone: defaultTimeZone)
        reader.read(schema, into: &draft)
        AlarmsSection.place(&reader, &draft)
        draft.config.voiceRate = draft.devices.voice.rate
        draft.config.display.screenTimeoutSeconds = draft.devices.screenTimeoutSeconds
        draft.devices.voice.languageVoice = VoiceSettings.languageVoice(for: draft.config.language)
        return ConfigFile(config: draft.config, devices: draft.devices)
    }

    private static let timeZone = TOMLKey<ConfigDraft>("time_zone") { reader, value, draft in
        guard let name = reader.string(value) else { return }
        if !name.isEmpty, let zone = TimeZone(identifier: name) {
            draft.config.timeZone = zone
            return
        }
        var text = "\(Quoting.quoted(name)) is not a known time zone"
        let guess = Suggestion.closest(to: name, among: TimeZone.knownTimeZoneIdentifiers)
        if let guess { text += "; did you mean \(Quoting.quoted(guess))?" }
        reader.report(value.path, text + " (use an IANA name such as \"Europe/Berlin\")", suggestion: guess)
    }

    private static let language = TOMLKey<ConfigDraft>("language") { reader, value, draft in
        guard let text = reader.string(value) else { return }
        if let found = Language(rawValue: text) {
            draft.config.language = found
        } else {
            let names = Language.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            reader.report(value.path, "\(Quoting.quoted(text)) is not a language the box speaks (one of \(names))")
        }
    }
}
