import Foundation

/// The settings the owner made on the box: one optional field per `OwnerSetting`, nil where the
/// configuration file's value holds. A value set here wins over the file until it is changed on
/// the box again; a reload of the file never undoes it (`BoxConfig.applying(_:)`).
///
/// Saved in the state file as it always was: one string per setting's key, in the
/// configuration's words (`{"language": "de", "display.clock_24h": "off"}`), so files written
/// before these fields were typed read the same, and a box of that time reads these.
public struct OwnerSettings: Sendable, Equatable {
    public var timeZone: TimeZone?
    /// `display.day_brightness`, `display.night_brightness`: percent (the knob's steps are 10).
    public var dayBrightness: Int?
    public var nightBrightness: Int?
    /// `display.dim_from`, `display.dim_until`: hours of the day.
    public var dimFromHour: Int?
    public var dimUntilHour: Int?
    /// `display.screen_timeout_seconds`: seconds, up to a day (0: never).
    public var screenTimeoutSeconds: Int?
    /// `display.clock_24h`
    public var twentyFourHour: Bool?
    /// `display.captions`
    public var captions: Bool?
    /// `display.night_face`
    public var nightFace: NightFace?
    /// `audio.night_volume_limit`: percent (the knob's steps are 10).
    public var nightVolumeLimit: Int?
    /// `audio.start_volume`
    public var startVolume: StartVolume?
    /// `playback.breathing_cues` (the breathing exercises' and the meditation guide's tones).
    public var breathingCues: Bool?
    /// `voice.rate`: words per minute.
    public var voiceRate: Int?
    public var language: Language?
    /// `voice.speak_menus`
    public var speakMenus: Bool?
    /// What reading a state file left out (a key that is no setting, a value not among its
    /// values), for `Snapshot.validated()` to report; always empty on a running box.
    public internal(set) var unread: [Unread] = []

    /// The volume each start comes up at.
    public enum StartVolume: Sendable, Equatable {
        /// The knob's, as it was left.
        case last
        case percent(Int)
    }

    /// A saved key or value a box could not have written.
    public struct Unread: Sendable, Equatable {
        public var key: String
        public var reason: String
    }

    public init(timeZone: TimeZone? = nil, dayBrightness: Int? = nil, nightBrightness: Int? = nil,
                dimFromHour: Int? = nil, dimUntilHour: Int? = nil, screenTimeoutSeconds: Int? = nil,
                twentyFourHour: Bool? = nil, captions: Bool? = nil, nightVolumeLimit: Int? = nil,
                startVolume: StartVolume? = nil, breathingCues: Bool? = nil, voiceRate: Int? = nil,
                language: Language? = nil, speakMenus: Bool? = nil) {
        self.timeZone = timeZone
        self.dayBrightness = dayBrightness
        self.nightBrightness = nightBrightness
        self.dimFromHour = dimFromHour
        self.dimUntilHour = dimUntilHour
        self.screenTimeoutSeconds = screenTimeoutSeconds
        self.twentyFourHour = twentyFourHour
        self.captions = captions
        self.nightVolumeLimit = nightVolumeLimit
        self.startVolume = startVolume
        self.breathingCues = breathingCues
        self.voiceRate = voiceRate
        self.language = language
        self.speakMenus = speakMenus
    }

    /// True when nothing was set on the box.
    public var isEmpty: Bool { OwnerSetting.all.allSatisfy { $0.stored(self) == nil } }

    /// The value set on the box for the setting named `key`, in the configuration's words (nil:
    /// not set, the file's holds). Setting a value the setting does not take (`OwnerSetting.parse`),
    /// or an unknown key, changes nothing; nil goes back to the file's.
    public subscript(key: String) -> String? {
        get { OwnerSetting.named(key).flatMap { $0.stored(self) } }
        set {
            guard let setting = OwnerSetting.named(key) else { return }
            guard let newValue else {
                setting.store(&self, nil)
                return
            }
            guard let value = setting.parse(newValue) else { return }
            setting.store(&self, value)
        }
    }

    /// The settings made on the box, by key, in the configuration's words (the state file's and
    /// `ctl`'s form), in the order of `OwnerSetting.all`.
    public var values: [(key: String, value: String)] {
        OwnerSetting.all.compactMap { s in s.stored(self).map { (s.key, $0) } }
    }
}

extension OwnerSettings: Codable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for (key, value) in values { try container.encode(value, forKey: Key(stringValue: key)) }
    }

    /// Reads what a box saved; a key that is no setting, or a value that is not one of the
    /// setting's (or no string), is left out and noted in `unread`, never fails the whole file.
    public init(from decoder: Decoder) throws {
        self.init()
        let container = try decoder.container(keyedBy: Key.self)
        for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
            let name = key.stringValue
            guard let setting = OwnerSetting.named(name) else {
                unread.append(Unread(key: name, reason: "not a setting"))
                continue
            }
            guard let text = try? container.decode(String.self, forKey: key) else {
                unread.append(Unread(key: name, reason: "not a string (\(setting.hint))"))
                continue
            }
            guard let value = setting.parse(text) else {
                unread.append(Unread(key: name, reason: "\"\(Snapshot.shortened(text))\" is not a value it takes (\(setting.hint))"))
                continue
            }
            setting.store(&self, value)
        }
    }
}

extension BoxConfig {
    /// This configuration with the owner's settings over it.
    public func applying(_ settings: OwnerSettings) -> BoxConfig {
        var c = self
        for setting in OwnerSetting.all {
            if let v = setting.stored(settings) { setting.apply(v, to: &c) }
        }
        return c
    }
}
