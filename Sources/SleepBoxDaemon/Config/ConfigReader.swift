import Foundation
import SleepBoxCore
import SleepBoxAudio
import SleepBoxHardware
import TOMLKit
import SleepBoxTOML

/// Turns a parsed TOML document into `BoxConfig` and `Language`, key by key, collecting every
/// problem with the line it is on. Keys it does not meet keep `BoxConfig`'s defaults.
struct ConfigReader {
    /// The file name put in front of every issue.
    let path: String
    /// Where each key was written.
    let locator: TOMLKeyLocator
    /// What was wrong so far.
    private(set) var issues: [ConfigIssue] = []

    init(path: String, locator: TOMLKeyLocator) {
        self.path = path
        self.locator = locator
    }

    // MARK: The schema

    /// Keys allowed at the top level (besides the tables).
    static let topLevelKeys = ["time_zone", "language"]
    /// The tables, in the order the sample file shows them.
    static let tableNames = ["alarm", "timer", "audio", "playback", "voice", "display", "pools", "board", "pins", "paths"]
    /// Keys allowed in each table, in the order the sample file shows them.
    static let tableKeys: [String: [String]] = [
        "alarm": ["time", "days", "enabled", "ramp_seconds", "snooze_minutes", "catch_up_minutes",
                  "auto_stop_minutes", "start_volume", "alarm_volume", "greeting_delay_seconds"],
        "timer": ["fade_out_seconds", "choices", "speech_grace_seconds"],
        "audio": ["volume", "volume_step", "cues", "loudness_lufs", "device", "sample_rate", "period_ms", "buffer_ms"],
        "playback": ["crossfade_seconds", "stop_fade_seconds", "continue_with_next", "seek_step_seconds",
                     "ambient_bed", "ambient_bed_level"],
        "voice": ["engine", "name", "rate", "pitch", "piper_model", "piper_binary", "cache_mb"],
        "display": ["dim_from", "dim_until", "screen_timeout_seconds", "menu_close_seconds", "controller", "address", "rotate"],
        "pools": ["meditation", "poetry"],
        "board": ["profile", "debounce_ms"],
        "pins": BoardPin.allCases.map(\.rawValue),
        "paths": ["content", "user_content"],
    ]

    /// Weekday names as `AlarmSettings.weekdays` counts them (1 = Sunday ... 7 = Saturday).
    static let weekdayNames = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
    static let weekdayGroups: [String: Set<Int>] = ["weekdays": [2, 3, 4, 5, 6], "weekends": [1, 7]]
    static let maxTimerChoices = 8

    /// A closed (or left-open) interval with the unit it is counted in, for range messages.
    struct Bounds {
        var lower: Double
        var upper: Double
        var lowerIsExclusive = false
        var unit = ""

        func contains(_ value: Double) -> Bool {
            (lowerIsExclusive ? value > lower : value >= lower) && value <= upper
        }

        /// "0 to 100 percent", "more than 0, at most 60 minutes".
        var text: String {
            let unitText = unit.isEmpty ? "" : " " + unit
            if lowerIsExclusive {
                return "more than \(MessageText.number(lower)), at most \(MessageText.number(upper))\(unitText)"
            }
            return "\(MessageText.number(lower)) to \(MessageText.number(upper))\(unitText)"
        }

        static func positive(upTo upper: Double, _ unit: String) -> Bounds {
            Bounds(lower: 0, upper: upper, lowerIsExclusive: true, unit: unit)
        }
    }

    static let rampSeconds = Bounds.positive(upTo: 1800, "seconds")
    static let snoozeMinutes = Bounds.positive(upTo: 60, "minutes")
    static let catchUpMinutes = Bounds.positive(upTo: 720, "minutes")
    static let autoStopMinutes = Bounds.positive(upTo: 240, "minutes")
    static let percent = Bounds(lower: 0, upper: 100, unit: "percent")
    static let greetingDelaySeconds = Bounds(lower: 0, upper: 300, unit: "seconds")
    static let fadeOutSeconds = Bounds(lower: 1, upper: 600, unit: "seconds")
    static let speechGraceSeconds = Bounds(lower: 0, upper: 300, unit: "seconds")
    static let menuCloseSeconds = Bounds(lower: 5, upper: 600, unit: "seconds")
    static let timerChoiceMinutes = Bounds.positive(upTo: 24 * 60, "minutes")
    static let volumeStep = Bounds(lower: 1, upper: 25, unit: "percent")
    static let fadeSeconds = Bounds(lower: 0.1, upper: 10, unit: "seconds")
    static let seekStepSeconds = Bounds.positive(upTo: 300, "seconds")
    static let hour = Bounds(lower: 0, upper: 23)
    static let screenTimeout = Bounds(lower: 0, upper: 86_400, unit: "seconds")
    static let debounceMilliseconds = Bounds(lower: 1, upper: 50, unit: "ms")
    static let pinOffset = Bounds(lower: 0, upper: 511)
    static let sampleRate = Bounds(lower: 8_000, upper: 192_000, unit: "Hz")
    static let periodMilliseconds = Bounds(lower: 1, upper: 100, unit: "ms")
    static let bufferMilliseconds = Bounds(lower: 20, upper: 2_000, unit: "ms")
    static let speechRate = Bounds(lower: 80, upper: 450, unit: "words per minute")
    static let speechPitch = Bounds(lower: 0, upper: 100)
    static let speechCacheMegabytes = Bounds(lower: 16, upper: 65_536, unit: "MB")
    static let loudness = Bounds(lower: -40, upper: -14, unit: "LUFS")

    // MARK: Reading

    /// Reads the whole document over the defaults.
    mutating func read(_ root: TOMLTable, defaultTimeZone: TimeZone) -> (config: BoxConfig, language: Language, devices: DeviceSettings) {
        var config = BoxConfig(timeZone: defaultTimeZone)
        var language = Language.english
        var devices = DeviceSettings()
        for (key, value) in Self.entries(root) {
            let path = [key]
            switch key {
            case "time_zone":
                if let zone = timeZone(value, path) { config.timeZone = zone }
            case "language":
                if let text = string(value, path) {
                    if let found = Language(rawValue: text) {
                        language = found
                        config.language = found
                    } else {
                        let names = Language.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                        fail(.invalidValue, path, "\(quoted(text)) is not a language the box speaks (one of \(names))")
                    }
                }
            case "alarm":
                if let section = table(value, path) { readAlarm(section, into: &config) }
            case "timer":
                if let section = table(value, path) { readTimer(section, into: &config.timer) }
            case "audio":
                if let section = table(value, path) { readAudio(section, into: &config.audio, devices: &devices) }
            case "playback":
                if let section = table(value, path) { readPlayback(section, into: &config.playback) }
            case "voice":
                if let section = table(value, path) { readVoice(section, into: &devices.voice) }
            case "display":
                if let section = table(value, path) {
                    readDisplay(section, into: &config.display, menu: &config.menu, devices: &devices)
                }
            case "pools":
                if let section = table(value, path) { readPools(section, into: &config.pools) }
            case "board":
                if let section = table(value, path) { readBoard(section, into: &devices) }
            case "pins":
                if let section = table(value, path) { readPins(section, into: &devices) }
            case "paths":
                if let section = table(value, path) { readPaths(section, into: &devices) }
            default:
                unknownTopLevel(key, isTable: value.type == .table)
            }
        }
        devices.voice.languageVoice = VoiceSettings.languageVoice(for: language)
        return (config, language, devices)
    }

    private mutating func readVoice(_ table: TOMLTable, into voice: inout VoiceSettings) {
        var enginePath: [String]?
        for (key, value) in Self.entries(table) {
            let path = ["voice", key]
            switch key {
            case "engine":
                let names = VoiceSettings.Engine.allCases.map(\.rawValue)
                if let text = string(value, path, expected: "\"auto\", \"espeak\" or \"piper\"") {
                    if let engine = VoiceSettings.Engine(rawValue: text.lowercased()) {
                        voice.engine = engine
                        enginePath = path
                    } else {
                        var message = "\(quoted(text)) is not a voice engine"
                        let guess = text.lowercased().hasPrefix("espeak") ? "espeak" : Suggestion.closest(to: text, among: names)
                        if let guess { message += "; did you mean \(quoted(guess))?" }
                        fail(.invalidValue, path, message + " (\"auto\", \"espeak\" or \"piper\")")
                    }
                }
            case "name":
                if let text = string(value, path, expected: "an espeak-ng voice such as \"en-us\" or \"de\"") {
                    if text.isEmpty || text.contains(where: { $0.isWhitespace }) {
                        fail(.invalidValue, path, "\(quoted(text)) is not a voice name; write one such as \"en-us\", \"en-gb\" or \"de\" "
                             + "(`espeak-ng --voices` lists them), or remove the line for the language's voice")
                    } else {
                        voice.name = text
                    }
                }
            case "rate":
                if let x = wholeNumber(value, path, Self.speechRate) { voice.rate = x }
            case "pitch":
                if let x = wholeNumber(value, path, Self.speechPitch) { voice.pitch = x }
            case "piper_model":
                if let text = string(value, path, expected: "the path of a Piper voice model (MODEL.onnx)") {
                    if !text.hasPrefix("/") {
                        fail(.invalidValue, path, "\(quoted(text)) is not an absolute path; write the whole path of the model, starting with /")
                    } else if !text.hasSuffix(".onnx") {
                        fail(.invalidValue, path, "\(quoted(text)) is not a Piper voice model; give the path of its MODEL.onnx file "
                             + "(MODEL.onnx.json sits beside it)")
                    } else {
                        voice.piperModel = text
                    }
                }
            case "cache_mb":
                if let x = wholeNumber(value, path, Self.speechCacheMegabytes) { voice.cacheMegabytes = x }
            case "piper_binary":
                if let text = string(value, path, expected: "\"piper\" or the path of the piper program") {
                    if text.isEmpty {
                        fail(.invalidValue, path, "empty; write \"piper\" (found in PATH) or the whole path of the piper program")
                    } else if text.contains("/") && !text.hasPrefix("/") {
                        fail(.invalidValue, path, "\(quoted(text)) is not an absolute path; write \"piper\" (found in PATH) "
                             + "or the whole path, starting with /")
                    } else {
                        voice.piperBinary = text
                    }
                }
            default:
                unknownKey(path)
            }
        }
        // A piper_model that was written but rejected has its own issue already.
        if voice.engine == .piper, voice.piperModel == nil, table["piper_model"] == nil {
            add(.invalidValue, ["voice", "piper_model"], line: locator.line(of: enginePath ?? ["voice"]),
                "[voice] piper_model: missing; engine = \"piper\" needs the path of a Piper voice model, "
                + "e.g. piper_model = \"/opt/piper/voices/en_US-lessac-medium.onnx\" (or set engine = \"espeak\")")
        }
    }

    private mutating func readBoard(_ table: TOMLTable, into devices: inout DeviceSettings) {
        for (key, value) in Self.entries(table) {
            let path = ["board", key]
            switch key {
            case "debounce_ms":
                if let x = number(value, path, Self.debounceMilliseconds) { devices.debounceMilliseconds = x }
            case "profile":
                if let text = string(value, path, expected: "\"auto\", a profile name such as \"pi-4\", or a file path") {
                    if text.isEmpty {
                        fail(.invalidValue, path, "empty; write \"auto\", one of \(BoardProfile.supportedNames.joined(separator: ", ")), or a path")
                    } else {
                        devices.boardProfile = text
                    }
                }
            default:
                unknownKey(path)
            }
        }
    }

    private mutating func readPins(_ table: TOMLTable, into devices: inout DeviceSettings) {
        for (key, value) in Self.entries(table) {
            let path = ["pins", key]
            guard let pin = BoardPin(rawValue: key) else {
                unknownKey(path)
                continue
            }
            if let offset = wholeNumber(value, path, Self.pinOffset) {
                devices.pinOverrides.append(BoardPinOverride(pin: pin, offset: offset, path: self.path, line: locator.line(of: path)))
            }
        }
        devices.pinOverrides.sort { ($0.line ?? 0) < ($1.line ?? 0) }
    }

    private mutating func readPaths(_ table: TOMLTable, into devices: inout DeviceSettings) {
        for (key, value) in Self.entries(table) {
            let path = ["paths", key]
            guard let text = string(value, path, expected: "a folder path") else { continue }
            guard text.hasPrefix("/") else {
                fail(.invalidValue, path, "\(quoted(text)) is not an absolute path; write the whole path, starting with /")
                continue
            }
            switch key {
            case "content": devices.contentDirectory = text
            case "user_content": devices.userContentDirectory = text
            default: unknownKey(path)
            }
        }
    }

    private mutating func readAlarm(_ table: TOMLTable, into config: inout BoxConfig) {
        var time: (hour: Int, minute: Int)?
        var weekdays: Set<Int>?
        var isEnabled: Bool?
        var startPercent: (value: Double, path: [String])?
        var alarmPercent: Double?
        for (key, value) in Self.entries(table) {
            let path = ["alarm", key]
            switch key {
            case "time": time = timeOfDay(value, path)
            case "days": weekdays = days(value, path)
            case "enabled": isEnabled = bool(value, path)
            case "ramp_seconds":
                if let x = number(value, path, Self.rampSeconds) { config.alarmBehaviour.rampSeconds = x }
            case "snooze_minutes":
                if let x = number(value, path, Self.snoozeMinutes) { config.alarmBehaviour.snoozeMinutes = x }
            case "catch_up_minutes":
                if let x = number(value, path, Self.catchUpMinutes) { config.alarmBehaviour.catchUpMinutes = x }
            case "auto_stop_minutes":
                if let x = number(value, path, Self.autoStopMinutes) { config.alarmBehaviour.autoStopMinutes = x }
            case "start_volume":
                if let x = number(value, path, Self.percent) {
                    config.alarmBehaviour.startVolume = x / 100
                    startPercent = (x, path)
                }
            case "alarm_volume":
                if let x = number(value, path, Self.percent) {
                    config.alarmBehaviour.alarmVolume = x / 100
                    alarmPercent = x
                }
            case "greeting_delay_seconds":
                if let x = number(value, path, Self.greetingDelaySeconds) {
                    config.alarmBehaviour.greetingDelaySeconds = x
                }
            default:
                unknownKey(path)
            }
        }
        if let startPercent {
            let loudest = alarmPercent ?? (config.alarmBehaviour.alarmVolume * 100 * 1e9).rounded() / 1e9
            if startPercent.value > loudest {
                fail(.invalidValue, startPercent.path,
                     "\(MessageText.number(startPercent.value)) is louder than alarm_volume (\(MessageText.number(loudest))); "
                     + "the alarm ramps up from start_volume to alarm_volume")
            }
        }
        if let time {
            config.alarm = AlarmSettings(hour: time.hour, minute: time.minute,
                                         weekdays: weekdays ?? Set(1...7), isEnabled: isEnabled ?? true)
        }
    }

    private mutating func readTimer(_ table: TOMLTable, into timer: inout TimerSettings) {
        for (key, value) in Self.entries(table) {
            let path = ["timer", key]
            switch key {
            case "fade_out_seconds":
                if let x = number(value, path, Self.fadeOutSeconds) { timer.fadeOutSeconds = x }
            case "choices":
                if let choices = timerChoices(value, path) { timer.choices = choices }
            case "speech_grace_seconds":
                if let x = number(value, path, Self.speechGraceSeconds) { timer.speechGraceSeconds = x }
            default:
                unknownKey(path)
            }
        }
    }

    private mutating func readAudio(_ table: TOMLTable, into audio: inout AudioSettings, devices: inout DeviceSettings) {
        var period: (Double, [String])?
        var buffer: Double?
        for (key, value) in Self.entries(table) {
            let path = ["audio", key]
            switch key {
            case "volume":
                if let x = wholeNumber(value, path, Self.percent) { audio.volume = x }
            case "volume_step":
                if let x = wholeNumber(value, path, Self.volumeStep) { audio.volumeStep = x }
            case "cues":
                if let x = bool(value, path) { audio.confirmationCues = x }
            case "device":
                if let text = string(value, path, expected: "an ALSA device name such as \"default\" or \"hw:0\"") {
                    if text.isEmpty { fail(.invalidValue, path, "empty; write \"default\" or a device such as \"hw:0\"") } else { devices.audioDevice = text }
                }
            case "loudness_lufs":
                if let x = number(value, path, Self.loudness) { devices.loudness = x }
            case "sample_rate":
                if let x = wholeNumber(value, path, Self.sampleRate) { devices.sampleRate = x }
            case "period_ms":
                if let x = number(value, path, Self.periodMilliseconds) {
                    devices.periodMilliseconds = x
                    period = (x, path)
                }
            case "buffer_ms":
                if let x = number(value, path, Self.bufferMilliseconds) {
                    devices.bufferMilliseconds = x
                    buffer = x
                }
            default:
                unknownKey(path)
            }
        }
        if let (p, path) = period, p * 2 > (buffer ?? devices.bufferMilliseconds) {
            fail(.invalidValue, path, "\(MessageText.number(p)) ms is more than half the buffer (\(MessageText.number(buffer ?? devices.bufferMilliseconds)) ms); the buffer must hold at least two periods")
        }
    }

    private mutating func readPlayback(_ table: TOMLTable, into playback: inout PlaybackSettings) {
        for (key, value) in Self.entries(table) {
            let path = ["playback", key]
            switch key {
            case "crossfade_seconds":
                if let x = number(value, path, Self.fadeSeconds) { playback.crossfadeSeconds = x }
            case "stop_fade_seconds":
                if let x = number(value, path, Self.fadeSeconds) { playback.stopFadeSeconds = x }
            case "continue_with_next":
                if let x = bool(value, path) { playback.continueWithNext = x }
            case "seek_step_seconds":
                if let x = number(value, path, Self.seekStepSeconds) { playback.seekStepSeconds = x }
            case "ambient_bed":
                if let text = string(value, path, expected: "\"none\" or a generator: \(Generators.names.joined(separator: ", "))") {
                    if text == "none" {
                        playback.ambientBed = nil
                    } else if Generators.names.contains(text) {
                        playback.ambientBed = text
                    } else {
                        fail(.invalidValue, path, "\(quoted(text)) is not a sound the box makes (\"none\", \(Generators.names.map { "\"\($0)\"" }.joined(separator: ", ")))")
                    }
                }
            case "ambient_bed_level":
                if let x = number(value, path, Self.percent) { playback.ambientBedLevel = x / 100 }
            default:
                unknownKey(path)
            }
        }
    }

    private mutating func readDisplay(_ table: TOMLTable, into display: inout DisplaySettings, menu: inout MenuSettings,
                                      devices: inout DeviceSettings) {
        for (key, value) in Self.entries(table) {
            let path = ["display", key]
            switch key {
            case "screen_timeout_seconds":
                if let x = number(value, path, Self.screenTimeout) { devices.screenTimeoutSeconds = x }
            case "menu_close_seconds":
                if let x = number(value, path, Self.menuCloseSeconds) { menu.closeAfterSeconds = x }
            case "controller":
                if let text = string(value, path, expected: "\"ssd1306\" or \"sh1106\"") {
                    if let c = OLEDController(rawValue: text.lowercased()) { devices.displayController = c } else {
                        fail(.invalidValue, path, "\(quoted(text)) is not a display controller (\"ssd1306\" or \"sh1106\")")
                    }
                }
            case "address":
                if let x = value.int {
                    if x == 0x3c || x == 0x3d { devices.displayAddress = x } else {
                        fail(.outOfRange, path, "\(x) is not an address these displays use (0x3c or 0x3d)")
                    }
                } else {
                    wrongType(value, path, expected: "a number such as 0x3c")
                }
            case "rotate":
                if let x = bool(value, path) { devices.displayRotated = x }
            case "dim_from":
                if let x = wholeNumber(value, path, Self.hour) { display.dimFromHour = x }
            case "dim_until":
                if let x = wholeNumber(value, path, Self.hour) { display.dimUntilHour = x }
            default:
                unknownKey(path)
            }
        }
    }

    private mutating func readPools(_ table: TOMLTable, into pools: inout [Mode: [ContentKind]]) {
        for (key, value) in Self.entries(table) {
            let path = ["pools", key]
            switch key {
            case "meditation":
                if let kinds = contentKinds(value, path) { pools[.meditation] = kinds }
            case "poetry":
                if let kinds = contentKinds(value, path) { pools[.poetry] = kinds }
            default:
                unknownKey(path)
            }
        }
    }

    // MARK: Values with meaning

    private mutating func timeZone(_ value: TOMLValueConvertible, _ path: [String]) -> TimeZone? {
        guard let name = string(value, path) else { return nil }
        if !name.isEmpty, let zone = TimeZone(identifier: name) { return zone }
        var text = "\(quoted(name)) is not a known time zone"
        if let guess = Suggestion.closest(to: name, among: TimeZone.knownTimeZoneIdentifiers) {
            text += "; did you mean \(quoted(guess))?"
        }
        fail(.invalidValue, path, text + " (use an IANA name such as \"Europe/Berlin\")")
        return nil
    }

    private mutating func timeOfDay(_ value: TOMLValueConvertible, _ path: [String]) -> (hour: Int, minute: Int)? {
        if let time = value.time {
            guard time.second == 0, time.nanoSecond == 0 else {
                fail(.invalidValue, path, "a time with seconds; write hours and minutes only, e.g. \"06:45\"")
                return nil
            }
            return (time.hour, time.minute)
        }
        guard let text = string(value, path, expected: "a time of day such as \"06:45\"") else { return nil }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        let isDigits: (Substring) -> Bool = { $0.allSatisfy { $0.isASCII && $0.isNumber } }
        if parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
           isDigits(parts[0]), isDigits(parts[1]),
           let hour = Int(parts[0]), let minute = Int(parts[1]), hour <= 23, minute <= 59 {
            return (hour, minute)
        }
        fail(.invalidValue, path, "\(quoted(text)) is not a time of day (HH:MM, 00:00-23:59)")
        return nil
    }

    private mutating func days(_ value: TOMLValueConvertible, _ path: [String]) -> Set<Int>? {
        if let text = value.string { return dayNumbers(text, path, entry: nil) }
        guard let array = array(value, path, expected: "a list of days such as [\"mon\", \"fri\"]") else {
            return nil
        }
        guard array.count > 0 else {
            fail(.invalidValue, path, "no days listed; list at least one, or set enabled = false to silence the alarm")
            return nil
        }
        var result = Set<Int>()
        var isValid = true
        for index in 0..<array.count {
            if let text = string(array[index], path, entry: index + 1),
               let numbers = dayNumbers(text, path, entry: index + 1) {
                result.formUnion(numbers)
            } else {
                isValid = false
            }
        }
        return isValid ? result : nil
    }

    /// `"mon"` -> [2], `"weekends"` -> [1, 7] (any case), or an issue.
    private mutating func dayNumbers(_ text: String, _ path: [String], entry: Int?) -> Set<Int>? {
        if let group = Self.weekdayGroups[text.lowercased()] { return group }
        if let day = Self.weekdayNames.firstIndex(of: text.lowercased()) { return [day + 1] }
        var message = "\(quoted(text)) is not a day"
        let known = Self.weekdayNames + ["weekdays", "weekends"]
        if let guess = Suggestion.closest(to: text, among: known) { message += "; did you mean \(quoted(guess))?" }
        fail(.invalidValue, path, message + " (mon, tue, wed, thu, fri, sat, sun, or \"weekdays\" or \"weekends\")",
             entry: entry)
        return nil
    }

    private mutating func timerChoices(_ value: TOMLValueConvertible, _ path: [String]) -> [Double]? {
        guard let array = array(value, path, expected: "a list of minutes such as [15, 30, 60]") else { return nil }
        guard array.count > 0 else {
            fail(.invalidValue, path, "empty; give 1 to \(Self.maxTimerChoices) lengths in minutes")
            return nil
        }
        guard array.count <= Self.maxTimerChoices else {
            fail(.invalidValue, path, "\(array.count) lengths; give at most \(Self.maxTimerChoices)")
            return nil
        }
        var result: [Double] = []
        var isValid = true
        for index in 0..<array.count {
            guard let minutes = number(array[index], path, Self.timerChoiceMinutes, entry: index + 1) else {
                isValid = false
                continue
            }
            if isValid, let last = result.last, minutes <= last {
                fail(.invalidValue, path,
                     "\(MessageText.number(minutes)) after \(MessageText.number(last)) is out of order; "
                     + "list the lengths from shortest to longest, each once", entry: index + 1)
                isValid = false
            }
            result.append(minutes)
        }
        return isValid ? result : nil
    }

    private mutating func contentKinds(_ value: TOMLValueConvertible, _ path: [String]) -> [ContentKind]? {
        let names = ContentKind.allCases.map(\.rawValue)
        let example = "a list of content kinds such as [\"meditation\", \"breathing\"]"
        guard let array = array(value, path, expected: example) else { return nil }
        guard array.count > 0 else {
            fail(.invalidValue, path, "empty; list at least one content kind (\(names.joined(separator: ", ")))")
            return nil
        }
        var result: [ContentKind] = []
        var isValid = true
        for index in 0..<array.count {
            guard let text = string(array[index], path, entry: index + 1) else {
                isValid = false
                continue
            }
            guard let kind = ContentKind(rawValue: text) else {
                var message = "\(quoted(text)) is not a content kind"
                if let guess = Suggestion.closest(to: text, among: names) { message += "; did you mean \(quoted(guess))?" }
                fail(.invalidValue, path, message + " (one of \(names.joined(separator: ", ")))", entry: index + 1)
                isValid = false
                continue
            }
            if result.contains(kind) {
                fail(.invalidValue, path, "\(quoted(text)) is listed twice", entry: index + 1)
                isValid = false
                continue
            }
            result.append(kind)
        }
        return isValid ? result : nil
    }

    // MARK: Values by type

    private mutating func number(_ value: TOMLValueConvertible, _ path: [String], _ bounds: Bounds,
                                 entry: Int? = nil) -> Double? {
        let x: Double
        if let int = value.int {
            x = Double(int)
        } else if let double = value.double {
            x = double
        } else {
            wrongType(value, path, expected: "a number", entry: entry)
            return nil
        }
        guard bounds.contains(x) else {
            fail(.outOfRange, path, "\(Self.written(value)) is out of range (\(bounds.text))", entry: entry)
            return nil
        }
        return x
    }

    private mutating func wholeNumber(_ value: TOMLValueConvertible, _ path: [String], _ bounds: Bounds) -> Int? {
        if let double = value.double, double.isFinite, double != double.rounded() {
            fail(.invalidValue, path, "\(Self.written(value)) is not a whole number (\(bounds.text))")
            return nil
        }
        guard let x = number(value, path, bounds) else { return nil }
        return Int(exactly: x)
    }

    private mutating func bool(_ value: TOMLValueConvertible, _ path: [String]) -> Bool? {
        if let x = value.bool { return x }
        wrongType(value, path, expected: "true or false")
        return nil
    }

    private mutating func string(_ value: TOMLValueConvertible, _ path: [String],
                                 expected: String = "a string", entry: Int? = nil) -> String? {
        if let x = value.string { return x }
        wrongType(value, path, expected: expected, entry: entry)
        return nil
    }

    private mutating func array(_ value: TOMLValueConvertible, _ path: [String], expected: String) -> TOMLArray? {
        if let x = value.array { return x }
        wrongType(value, path, expected: expected)
        return nil
    }

    private mutating func table(_ value: TOMLValueConvertible, _ path: [String]) -> TOMLTable? {
        if let x = value.table { return x }
        wrongType(value, path, expected: "a table ([\(path.joined(separator: "."))] with its keys below it)")
        return nil
    }

    // MARK: Issues

    private mutating func wrongType(_ value: TOMLValueConvertible, _ path: [String], expected: String, entry: Int? = nil) {
        var message = "expected \(expected), found \(Self.typeName(value))"
        if expected == "a number", let text = value.string, Double(text) != nil {
            message += " (write \(text) without quotes)"
        }
        fail(.wrongType, path, message, entry: entry)
    }

    private mutating func unknownTopLevel(_ key: String, isTable: Bool) {
        let tables = Self.tableNames.map { "[\($0)]" }.joined(separator: ", ")
        if isTable {
            var message = "[\(key)]: unknown table"
            if let guess = Suggestion.closest(to: key, among: Self.tableNames) { message += "; did you mean [\(guess)]?" }
            add(.unknownTable, [key], Self.sentence(message) + "Known tables: \(tables)")
            return
        }
        var message = "\(key): unknown key"
        if let table = Self.tableNames.first(where: { (Self.tableKeys[$0] ?? []).contains(key) }) {
            message += "; \(key) belongs in the [\(table)] table"
        } else if let guess = Suggestion.closest(to: key, among: Self.topLevelKeys + Self.tableNames) {
            message += "; did you mean \(guess)?"
        }
        add(.unknownKey, [key], Self.sentence(message) + "Allowed at the top: \(Self.topLevelKeys.joined(separator: ", ")), and the tables \(tables)")
    }

    private mutating func unknownKey(_ path: [String]) {
        guard let table = path.first, let key = path.last else { return }
        let allowed = Self.tableKeys[table] ?? []
        var message = "\(label(path)): unknown key"
        if Self.topLevelKeys.contains(key) {
            message += "; \(key) belongs at the top of the file, above the first [table]"
        } else if let other = Self.tableNames.first(where: { $0 != table && (Self.tableKeys[$0] ?? []).contains(key) }) {
            message += "; \(key) belongs in the [\(other)] table"
        } else if let guess = Suggestion.closest(to: key, among: allowed) {
            message += "; did you mean \(guess)?"
        }
        add(.unknownKey, path, Self.sentence(message) + "Allowed in [\(table)]: \(allowed.joined(separator: ", "))")
    }

    /// Records `text` about the key at `path`, prefixed with the key's name (and the entry of an array).
    private mutating func fail(_ kind: ConfigIssue.Kind, _ path: [String], _ text: String, entry: Int? = nil) {
        let entryText = entry.map { "entry \($0): " } ?? ""
        add(kind, path, "\(label(path)): \(entryText)\(text)")
    }

    private mutating func add(_ kind: ConfigIssue.Kind, _ path: [String], _ message: String) {
        add(kind, path, line: locator.line(of: path), message)
    }

    /// Records `message` about the key at `path`, placed on `line` (for a key that is missing).
    private mutating func add(_ kind: ConfigIssue.Kind, _ path: [String], line: Int?, _ message: String) {
        issues.append(ConfigIssue(kind: kind, path: self.path, line: line,
                                  key: path.joined(separator: "."), message: message))
    }

    /// `time_zone` at the top, `[alarm] time` in a table.
    private func label(_ path: [String]) -> String {
        guard path.count > 1, let key = path.last else { return path.joined(separator: ".") }
        return "[\(path.dropLast().joined(separator: "."))] \(key)"
    }

    private func quoted(_ text: String) -> String { MessageText.quoted(text) }

    /// `text` closed as a sentence, ready for the next one.
    private static func sentence(_ text: String) -> String {
        text.hasSuffix("?") || text.hasSuffix(".") ? text + " " : text + ". "
    }

    /// The value as the owner wrote it, for messages: `150`, `2.5`, `"loud"`.
    private static func written(_ value: TOMLValueConvertible) -> String {
        if let int = value.int { return String(int) }
        if let double = value.double { return MessageText.number(double) }
        if let text = value.string { return MessageText.quoted(text) }
        return value.debugDescription
    }

    /// "a string", "a number", ... for wrong-type messages.
    private static func typeName(_ value: TOMLValueConvertible) -> String {
        switch value.type {
        case .string: return "a string"
        case .int, .double: return "a number"
        case .bool: return "a boolean"
        case .array: return "a list"
        case .table: return "a table"
        case .date: return "a date"
        case .time: return "a time"
        case .dateTime: return "a date and time"
        }
    }

    /// A table's keys and values (TOMLKit's own iterator force-unwraps; this does not).
    private static func entries(_ table: TOMLTable) -> [(String, TOMLValueConvertible)] {
        table.keys.compactMap { key in table[key].map { (key, $0) } }
    }
}
