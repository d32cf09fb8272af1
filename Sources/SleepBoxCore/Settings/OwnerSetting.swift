import Foundation

/// A setting the owner can change on the box. The configuration file gives its default; a value
/// set on the box is kept in the state (`BoxState.settings`, an `OwnerSettings` saved in the
/// snapshot) and wins until it is changed on the box again, and a reload of the file never undoes it.
///
/// Values are written as the configuration writes them (`"21"`, `"on"`, `"de"`,
/// `"Europe/Berlin"`): the state file, `sleepbox ctl` and the screens use the same words. Adding a
/// setting is its field in `OwnerSettings` and one entry in `OwnerSetting.all`.
public struct OwnerSetting: Sendable {
    /// The configuration's name: `section.key`, or `key` for a top-level key.
    public let key: String
    /// The row's label.
    public let label: StringTable.Key
    public let group: SettingsGroup
    /// Every value the knob offers, in knob order.
    public let values: [String]
    /// What a value given in words (`sleepbox ctl setting`, the state file) may be besides one of
    /// `values`: whatever the configuration file takes for the key (any whole number in its range,
    /// any IANA zone), in the configuration's words, or nil when it is none. nil: `values` only.
    let accepts: (@Sendable (String) -> String?)?
    /// What the values are, for an error message (nil: from `values`).
    let accepted: String?
    let read: @Sendable (BoxConfig) -> String
    let write: @Sendable (inout BoxConfig, String) -> Void
    let show: @Sendable (String, Words) -> String
    /// Its field in `OwnerSettings`, in the configuration's words (nil: not set on the box).
    let stored: @Sendable (OwnerSettings) -> String?
    /// Sets its field in `OwnerSettings` to a value (one of `values`), or clears it (nil).
    let store: @Sendable (inout OwnerSettings, String?) -> Void

    /// The value `config` holds.
    public func value(in config: BoxConfig) -> String { read(config) }

    /// The value set on the box in `settings`, nil when the file's holds.
    public func value(in settings: OwnerSettings) -> String? { stored(settings) }

    init(key: String, label: StringTable.Key, group: SettingsGroup, values: [String],
         accepts: (@Sendable (String) -> String?)? = nil, accepted: String? = nil,
         read: @escaping @Sendable (BoxConfig) -> String, write: @escaping @Sendable (inout BoxConfig, String) -> Void,
         show: @escaping @Sendable (String, Words) -> String, stored: @escaping @Sendable (OwnerSettings) -> String?,
         store: @escaping @Sendable (inout OwnerSettings, String?) -> Void) {
        self.key = key
        self.label = label
        self.group = group
        self.values = values
        self.accepts = accepts
        self.accepted = accepted
        self.read = read
        self.write = write
        self.show = show
        self.stored = stored
        self.store = store
    }

    /// `config` with this setting at `value` (which must be a value `parse` takes).
    public func apply(_ value: String, to config: inout BoxConfig) {
        guard let value = parse(value) else { return }
        write(&config, value)
    }

    /// The value as the screen shows it.
    public func display(_ value: String, _ words: Words) -> String { show(value, words) }

    /// `text` as a value in the configuration's words (one of the values in any case, or what the
    /// configuration file takes for the key), or nil. `sleepbox ctl setting`, the state file and
    /// the configuration file follow this one rule.
    public func parse(_ text: String) -> String? {
        if let listed = values.first(where: { $0.lowercased() == text.lowercased() }) { return listed }
        return accepts?(text)
    }

    /// What the values are, for an error message.
    public var hint: String {
        if let accepted { return accepted }
        return values.count <= 12 ? values.joined(separator: ", ") : "\(values[0]) ... \(values[values.count - 1])"
    }

    /// A whole number within `range`, as it is written.
    static func whole(_ text: String, in range: ClosedRange<Int>) -> String? {
        Int(text.trimmingCharacters(in: .whitespaces)).flatMap { range.contains($0) ? String($0) : nil }
    }

    // MARK: - The settings

    /// Every setting, in the order the lists show them.
    public static let all: [OwnerSetting] = [
        .timeZone,
        .percent("display.day_brightness", .dayBrightness, .display, \.display.dayBrightness, \.dayBrightness),
        .percent("display.night_brightness", .nightBrightness, .display, \.display.nightBrightness, \.nightBrightness),
        .hour("display.dim_from", .nightStarts, .display, \.display.dimFromHour, \.dimFromHour),
        .hour("display.dim_until", .nightEnds, .display, \.display.dimUntilHour, \.dimUntilHour),
        .seconds("display.screen_timeout_seconds", .screenOff, .display, [0, 15, 30, 60, 120, 300, 600],
                 \.display.screenTimeoutSeconds, \.screenTimeoutSeconds),
        .toggle("display.clock_24h", .clock24h, .display, \.display.twentyFourHour, \.twentyFourHour),
        .nightFace,
        .toggle("display.captions", .captionsSetting, .display, \.display.captions, \.captions),
        .percent("audio.night_volume_limit", .nightVolumeLimit, .sound, \.audio.nightVolumeLimit, \.nightVolumeLimit),
        .startVolume,
        .breathingCues,
        .voiceRate,
        .language,
        .toggle("voice.speak_menus", .speakMenusSetting, .general, \.menu.speakMenus, \.speakMenus),
    ]

    /// The setting named `key`, or nil.
    public static func named(_ key: String) -> OwnerSetting? { all.first { $0.key == key } }

    /// The settings of a group, in order.
    public static func inGroup(_ group: SettingsGroup) -> [OwnerSetting] { all.filter { $0.group == group } }

    // MARK: - Kinds

    /// A whole number kept as it is written: its field in the configuration and in the owner's settings.
    private static func number(_ key: String, _ label: StringTable.Key, _ group: SettingsGroup, values: [String],
                               range: ClosedRange<Int>,
                               _ config: WritableKeyPath<BoxConfig, Int> & Sendable,
                               _ owner: WritableKeyPath<OwnerSettings, Int?> & Sendable,
                               show: @escaping @Sendable (String, Words) -> String) -> OwnerSetting {
        OwnerSetting(key: key, label: label, group: group, values: values,
                     accepts: { whole($0, in: range) }, accepted: "a whole number \(range.lowerBound) ... \(range.upperBound)",
                     read: { String($0[keyPath: config]) }, write: { c, v in if let n = Int(v) { c[keyPath: config] = n } },
                     show: show,
                     stored: { $0[keyPath: owner].map(String.init) }, store: { s, v in s[keyPath: owner] = v.flatMap { Int($0) } })
    }

    /// Percent: the knob offers 0 ... 100 in steps of 10; any whole percent is taken.
    static func percent(_ key: String, _ label: StringTable.Key, _ group: SettingsGroup,
                        _ config: WritableKeyPath<BoxConfig, Int> & Sendable,
                        _ owner: WritableKeyPath<OwnerSettings, Int?> & Sendable) -> OwnerSetting {
        number(key, label, group, values: stride(from: 0, through: 100, by: 10).map(String.init), range: 0...100, config, owner,
               show: { v, _ in v + "%" })
    }

    /// An hour of the day, 0 ... 23, shown "21:00".
    static func hour(_ key: String, _ label: StringTable.Key, _ group: SettingsGroup,
                     _ config: WritableKeyPath<BoxConfig, Int> & Sendable,
                     _ owner: WritableKeyPath<OwnerSettings, Int?> & Sendable) -> OwnerSetting {
        number(key, label, group, values: (0...23).map(String.init), range: 0...23, config, owner,
               show: { v, _ in twoDigits(Int(v) ?? 0) + ":00" })
    }

    /// A few lengths in seconds the knob offers, 0 shown as "Never"; any whole number of seconds
    /// up to a day is taken.
    static func seconds(_ key: String, _ label: StringTable.Key, _ group: SettingsGroup, _ choices: [Int],
                        _ config: WritableKeyPath<BoxConfig, Double> & Sendable,
                        _ owner: WritableKeyPath<OwnerSettings, Int?> & Sendable) -> OwnerSetting {
        OwnerSetting(key: key, label: label, group: group, values: choices.map(String.init),
                     accepts: { whole($0, in: 0...86_400) }, accepted: "a whole number of seconds 0 ... 86400 (0: never)",
                     read: { c in String(Int(c[keyPath: config].rounded())) },
                     write: { c, v in if let n = Double(v) { c[keyPath: config] = n } },
                     show: { v, words in
                         let n = Int(v) ?? 0
                         if n == 0 { return words(.never) }
                         return n < 60 ? "\(n) s" : words.table.timerLabel(.minutes(Double(n) / 60), in: words.language)
                     },
                     stored: { $0[keyPath: owner].map(String.init) }, store: { s, v in s[keyPath: owner] = v.flatMap { Int($0) } })
    }

    /// On or off.
    static func toggle(_ key: String, _ label: StringTable.Key, _ group: SettingsGroup,
                       _ config: WritableKeyPath<BoxConfig, Bool> & Sendable,
                       _ owner: WritableKeyPath<OwnerSettings, Bool?> & Sendable) -> OwnerSetting {
        toggle(key, label, group, get: { $0[keyPath: config] }, set: { $0[keyPath: config] = $1 }, owner)
    }

    static func toggle(_ key: String, _ label: StringTable.Key, _ group: SettingsGroup,
                       get: @escaping @Sendable (BoxConfig) -> Bool, set: @escaping @Sendable (inout BoxConfig, Bool) -> Void,
                       _ owner: WritableKeyPath<OwnerSettings, Bool?> & Sendable) -> OwnerSetting {
        OwnerSetting(key: key, label: label, group: group, values: ["on", "off"],
                     read: { get($0) ? "on" : "off" }, write: { c, v in set(&c, v == "on") },
                     show: { v, words in words(v == "on" ? .on : .off) },
                     stored: { $0[keyPath: owner].map { $0 ? "on" : "off" } },
                     store: { s, v in s[keyPath: owner] = v.map { $0 == "on" } })
    }

    /// The time zone: any IANA zone (`TimeZoneList`), as the configuration file takes.
    static let timeZone = OwnerSetting(
        key: "time_zone", label: .timeZone, group: .clock, values: TimeZoneList.all,
        accepts: { text in
            let name = text.trimmingCharacters(in: .whitespaces)
            return name.isEmpty ? nil : TimeZone(identifier: name).map(TimeZoneList.name(of:))
        },
        accepted: "an IANA time zone such as Europe/Berlin, America/Phoenix or UTC",
        read: { zoneName($0.timeZone) },
        write: { c, v in if let z = TimeZone(identifier: v) { c.timeZone = z } },
        show: { v, _ in TimeZoneList.cityName(v) },
        stored: { $0.timeZone.map(zoneName) }, store: { s, v in s.timeZone = v.flatMap { TimeZone(identifier: $0) } })

    /// The name the knob offers for `zone` ("UTC" for the zone Foundation may call "GMT"), else its own.
    static func zoneName(_ zone: TimeZone) -> String { TimeZoneList.name(of: zone) }

    /// The volume each start comes up at: "last" keeps the knob's.
    static let startVolume = OwnerSetting(
        key: "audio.start_volume", label: .startVolume, group: .sound,
        values: ["last"] + stride(from: 10, through: 100, by: 10).map(String.init),
        accepts: { whole($0, in: 0...100) }, accepted: "last, or a whole percent 0 ... 100",
        read: { $0.audio.startVolume.map(String.init) ?? "last" },
        write: { c, v in c.audio.startVolume = Int(v) },
        show: { v, words in v == "last" ? words(.lastUsed) : v + "%" },
        stored: { s in
            switch s.startVolume {
            case .last?: return "last"
            case .percent(let n)?: return String(n)
            case nil: return nil
            }
        },
        store: { s, v in s.startVolume = v.flatMap { $0 == "last" ? .last : Int($0).map { .percent($0) } } })

    /// The soft tones that guide the breath: the breathing exercises' (`[playback]
    /// breathing_cues`) and the meditation timer's guide (`[meditation] breathing_cues`), both at
    /// once. On when either is on in the file.
    static let breathingCues = OwnerSetting.toggle(
        "playback.breathing_cues", .breathingCuesSetting, .sound,
        get: { $0.breathingCues || $0.meditation.breathingCues },
        set: { c, on in
            c.breathingCues = on
            c.meditation.breathingCues = on
        }, \.breathingCues)

    /// What the idle screen shows in the night hours: no digits, the clock, or large digits.
    static let nightFace = OwnerSetting(
        key: "display.night_face", label: .nightFaceSetting, group: .display,
        values: NightFace.allCases.map(\.rawValue),
        read: { $0.display.nightFace.rawValue },
        write: { c, v in if let face = NightFace(rawValue: v) { c.display.nightFace = face } },
        show: { v, words in
            switch NightFace(rawValue: v) {
            case .noClock?: return words(.nightFaceNoClock)
            case .clock?: return words(.nightFaceClock)
            case .largeClock?: return words(.nightFaceLarge)
            case nil: return v
            }
        },
        stored: { $0.nightFace?.rawValue }, store: { s, v in s.nightFace = v.flatMap { NightFace(rawValue: $0) } })

    /// The voice's speed in words per minute.
    static let voiceRate = OwnerSetting.number(
        "voice.rate", .voiceRate, .general, values: stride(from: 100, through: 220, by: 10).map(String.init), range: 80...450,
        \.voiceRate, \.voiceRate, show: { v, words in words(.wordsPerMinute, ["rate": v]) })

    /// The language of the screens and the voice.
    static let language = OwnerSetting(
        key: "language", label: .language, group: .general,
        values: Language.allCases.map(\.rawValue),
        read: { $0.language.rawValue },
        write: { c, v in if let l = Language(rawValue: v) { c.language = l } },
        show: { v, _ in Language(rawValue: v)?.nativeName ?? v },
        stored: { $0.language?.rawValue }, store: { s, v in s.language = v.flatMap { Language(rawValue: $0) } })
}
