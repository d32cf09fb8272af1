import Foundation

/// A setting the owner can change on the box. The configuration file gives its default; a value
/// set on the box is kept in the state (`BoxState.settings`, saved in the snapshot) and wins until
/// it is changed on the box again, and a reload of the file never undoes it.
///
/// Values are written as the configuration writes them (`"21"`, `"on"`, `"de"`,
/// `"Europe/Berlin"`): the state file, `sleepbox ctl` and the screens use the same words. Adding a
/// setting is one entry in `OwnerSetting.all`.
public struct OwnerSetting: Sendable {
    /// The configuration's name: `section.key`, or `key` for a top-level key.
    public let key: String
    /// The row's label.
    public let label: StringTable.Key
    public let group: SettingsGroup
    /// Every value, in knob order.
    public let values: [String]
    let read: @Sendable (BoxConfig) -> String
    let write: @Sendable (inout BoxConfig, String) -> Void
    let show: @Sendable (String, Words) -> String

    /// The value `config` holds.
    public func value(in config: BoxConfig) -> String { read(config) }

    /// `config` with this setting at `value` (which must be one of `values`).
    public func apply(_ value: String, to config: inout BoxConfig) {
        guard values.contains(value) else { return }
        write(&config, value)
    }

    /// The value as the screen shows it.
    public func display(_ value: String, _ words: Words) -> String { show(value, words) }

    /// `text` as one of the values (any case), or nil.
    public func parse(_ text: String) -> String? {
        values.first { $0.lowercased() == text.lowercased() }
    }

    /// What the values are, for an error message.
    public var hint: String {
        values.count <= 12 ? values.joined(separator: ", ") : "\(values[0]) ... \(values[values.count - 1])"
    }

    // MARK: - The settings

    /// Every setting, in the order the lists show them.
    public static let all: [OwnerSetting] = [
        .timeZone,
        .percent("display.day_brightness", .dayBrightness, .display, get: { $0.display.dayBrightness }, set: { $0.display.dayBrightness = $1 }),
        .percent("display.night_brightness", .nightBrightness, .display, get: { $0.display.nightBrightness }, set: { $0.display.nightBrightness = $1 }),
        .hour("display.dim_from", .nightStarts, .display, get: { $0.display.dimFromHour }, set: { $0.display.dimFromHour = $1 }),
        .hour("display.dim_until", .nightEnds, .display, get: { $0.display.dimUntilHour }, set: { $0.display.dimUntilHour = $1 }),
        .seconds("display.screen_timeout_seconds", .screenOff, .display, [0, 15, 30, 60, 120, 300, 600],
                 get: { $0.display.screenTimeoutSeconds }, set: { $0.display.screenTimeoutSeconds = $1 }),
        .toggle("display.clock_24h", .clock24h, .display, get: { $0.display.twentyFourHour }, set: { $0.display.twentyFourHour = $1 }),
        .toggle("display.captions", .captionsSetting, .display, get: { $0.display.captions }, set: { $0.display.captions = $1 }),
        .percent("audio.night_volume_limit", .nightVolumeLimit, .sound, get: { $0.audio.nightVolumeLimit }, set: { $0.audio.nightVolumeLimit = $1 }),
        .startVolume,
        .breathingCues,
        .voiceRate,
        .language,
        .toggle("voice.speak_menus", .speakMenusSetting, .general, get: { $0.menu.speakMenus }, set: { $0.menu.speakMenus = $1 }),
    ]

    /// The setting named `key`, or nil.
    public static func named(_ key: String) -> OwnerSetting? { all.first { $0.key == key } }

    /// The settings of a group, in order.
    public static func inGroup(_ group: SettingsGroup) -> [OwnerSetting] { all.filter { $0.group == group } }

    // MARK: - Kinds

    /// 0 ... 100 % in steps of 10.
    static func percent(_ key: String, _ label: StringTable.Key, _ group: SettingsGroup,
                        get: @escaping @Sendable (BoxConfig) -> Int, set: @escaping @Sendable (inout BoxConfig, Int) -> Void) -> OwnerSetting {
        OwnerSetting(key: key, label: label, group: group, values: stride(from: 0, through: 100, by: 10).map(String.init),
                     read: { String(get($0)) }, write: { c, v in if let n = Int(v) { set(&c, n) } },
                     show: { v, _ in v + "%" })
    }

    /// An hour of the day, 0 ... 23, shown "21:00".
    static func hour(_ key: String, _ label: StringTable.Key, _ group: SettingsGroup,
                     get: @escaping @Sendable (BoxConfig) -> Int, set: @escaping @Sendable (inout BoxConfig, Int) -> Void) -> OwnerSetting {
        OwnerSetting(key: key, label: label, group: group, values: (0...23).map(String.init),
                     read: { String(get($0)) }, write: { c, v in if let n = Int(v) { set(&c, n) } },
                     show: { v, _ in twoDigits(Int(v) ?? 0) + ":00" })
    }

    /// A few lengths in seconds, 0 shown as "Never".
    static func seconds(_ key: String, _ label: StringTable.Key, _ group: SettingsGroup, _ choices: [Int],
                        get: @escaping @Sendable (BoxConfig) -> Double,
                        set: @escaping @Sendable (inout BoxConfig, Double) -> Void) -> OwnerSetting {
        OwnerSetting(key: key, label: label, group: group, values: choices.map(String.init),
                     read: { c in
                         let now = get(c)
                         let nearest = choices.min { abs(Double($0) - now) < abs(Double($1) - now) } ?? 0
                         return String(nearest)
                     },
                     write: { c, v in if let n = Double(v) { set(&c, n) } },
                     show: { v, words in
                         let n = Int(v) ?? 0
                         if n == 0 { return words(.never) }
                         return n < 60 ? "\(n) s" : words.table.timerLabel(.minutes(Double(n) / 60), in: words.language)
                     })
    }

    /// On or off.
    static func toggle(_ key: String, _ label: StringTable.Key, _ group: SettingsGroup,
                       get: @escaping @Sendable (BoxConfig) -> Bool, set: @escaping @Sendable (inout BoxConfig, Bool) -> Void) -> OwnerSetting {
        OwnerSetting(key: key, label: label, group: group, values: ["on", "off"],
                     read: { get($0) ? "on" : "off" }, write: { c, v in set(&c, v == "on") },
                     show: { v, words in words(v == "on" ? .on : .off) })
    }

    /// The time zone, one of `commonTimeZones` (the configuration file may name any other).
    static let timeZone = OwnerSetting(
        key: "time_zone", label: .timeZone, group: .clock, values: commonTimeZones,
        read: { $0.timeZone.identifier },
        write: { c, v in if let z = TimeZone(identifier: v) { c.timeZone = z } },
        show: { v, _ in v.split(separator: "/").last.map { String($0).replacing("_", with: " ") } ?? v })

    /// The volume each start comes up at: "last" keeps the knob's.
    static let startVolume = OwnerSetting(
        key: "audio.start_volume", label: .startVolume, group: .sound,
        values: ["last"] + stride(from: 10, through: 100, by: 10).map(String.init),
        read: { $0.audio.startVolume.map(String.init) ?? "last" },
        write: { c, v in c.audio.startVolume = Int(v) },
        show: { v, words in v == "last" ? words(.lastUsed) : v + "%" })

    /// The soft tones that guide the breath: the breathing exercises' (`[playback]
    /// breathing_cues`) and the meditation timer's guide (`[meditation] breathing_cues`), both at
    /// once. On when either is on in the file.
    static let breathingCues = OwnerSetting.toggle(
        "playback.breathing_cues", .breathingCuesSetting, .sound,
        get: { $0.breathingCues || $0.meditation.breathingCues },
        set: { c, on in
            c.breathingCues = on
            c.meditation.breathingCues = on
        })

    /// The voice's speed in words per minute.
    static let voiceRate = OwnerSetting(
        key: "voice.rate", label: .voiceRate, group: .general,
        values: stride(from: 100, through: 220, by: 10).map(String.init),
        read: { String($0.voiceRate) },
        write: { c, v in if let n = Int(v) { c.voiceRate = n } },
        show: { v, words in words(.wordsPerMinute, ["rate": v]) })

    /// The language of the screens and the voice.
    static let language = OwnerSetting(
        key: "language", label: .language, group: .general,
        values: Language.allCases.map(\.rawValue),
        read: { $0.language.rawValue },
        write: { c, v in if let l = Language(rawValue: v) { c.language = l } },
        show: { v, _ in Language(rawValue: v)?.nativeName ?? v })

    /// The time zones the knob offers, west to east.
    public static let commonTimeZones = [
        "Pacific/Honolulu", "America/Anchorage", "America/Los_Angeles", "America/Denver", "America/Chicago",
        "America/New_York", "America/Halifax", "America/Sao_Paulo", "Atlantic/Azores", "UTC", "Europe/London",
        "Europe/Lisbon", "Europe/Berlin", "Europe/Paris", "Europe/Vienna", "Europe/Zurich", "Europe/Athens",
        "Europe/Helsinki", "Europe/Istanbul", "Europe/Moscow", "Asia/Dubai", "Asia/Kolkata", "Asia/Bangkok",
        "Asia/Shanghai", "Asia/Singapore", "Asia/Tokyo", "Australia/Perth", "Australia/Sydney", "Pacific/Auckland",
    ]
}

extension BoxConfig {
    /// This configuration with the owner's settings (`BoxState.settings`) over it; a key or value
    /// not known is left out.
    public func applying(_ settings: [String: String]) -> BoxConfig {
        var c = self
        for setting in OwnerSetting.all {
            if let v = settings[setting.key] { setting.apply(v, to: &c) }
        }
        return c
    }
}
