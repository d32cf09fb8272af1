import SleepBoxCore
import SleepBoxRunner
import SleepBoxSystem

/// The control socket's requests for what plays, the alarm's wake sound, the bedtime reminder
/// and the meditation timer, and the words of `sleepbox ctl` for them.
extension ControlProtocol {
    /// Every command the socket takes, for the errors that list them.
    static let commands = "status, nights, watch, press, hold, turn, alarm, setting, volume, frame, clock, light, play, stop, reminder, meditation, snooze, dismiss, timer, companion, pair"

    /// The fields each of these requests may have.
    static let playbackFields: [String: [String]] = [
        "play": ["cmd", "item"], "stop": ["cmd"], "reminder": ["cmd", "time", "days", "enabled"],
        "meditation": ["cmd"] + MeditationChange.fields, "snooze": ["cmd"], "dismiss": ["cmd"], "timer": ["cmd", "set"],
    ]

    /// The longest item id a request may name (ids are far shorter; `ContentID`).
    static let longestItemID = 200

    /// Parses `play`, `stop`, `reminder`, `meditation`, `snooze`, `dismiss` and `timer`; an unknown
    /// field is named.
    static func parsePlayback(_ cmd: String, _ object: [String: JSONValue]) -> Result<BoxRequest, ControlError> {
        let allowed = playbackFields[cmd] ?? ["cmd"]
        if let unknown = object.keys.sorted().first(where: { !allowed.contains($0) }) {
            let fields = allowed.dropFirst()
            return .failure(ControlError("unknown field \"\(unknown)\" in a \(cmd) request"
                                         + (fields.isEmpty ? " (it has none)" : " (\(fields.joined(separator: ", ")))")))
        }
        switch cmd {
        case "play":
            guard let id = object["item"]?.string, !id.isEmpty, id.utf8.count <= longestItemID else {
                return .failure(ControlError("\"item\" must be an item's id (sleepbox content list lists them)"))
            }
            return .success(.play(id))
        case "stop":
            return .success(.stop)
        case "snooze":
            return .success(.snooze)
        case "dismiss":
            return .success(.dismiss)
        case "timer":
            return BoxRequest.sleepTimer(object["set"] ?? .null, field: "set").map { .sleepTimer($0) }.mapError { ControlError($0.message) }
        case "reminder":
            if object["time"] == nil && object["enabled"] == nil && object["days"] == nil {
                return .failure(ControlError("a reminder request needs \"time\" (HH:MM, with \"days\") or \"enabled\""))
            }
            return AlarmChange.parse(object, timeKey: "time", days: .list).map { .reminder($0) }.mapError { ControlError($0.message) }
        default:
            return MeditationChange.parse(object).map { .meditation($0) }.mapError { ControlError($0.message) }
        }
    }

    /// `alarm [N] sound|ramp|snooze|volume VALUE`: the word and the request's field.
    static let alarmSoundWords = ["sound": "sound", "ramp": "rampSeconds", "snooze": "snoozeMinutes", "volume": "volume",
                                  "dawn": "dawnMinutes"]

    /// The alarm request line for `alarm sound rain`, `alarm ramp 120`, `alarm snooze default`.
    static func alarmSoundLine(_ word: String, _ value: String) throws(ControlError) -> String {
        guard let field = alarmSoundWords[word] else { throw ControlError("alarm [N] sound|ramp|snooze|volume|dawn VALUE") }
        if value == "default" { return #"{"cmd":"alarm","\#(field)":null}"# }
        if word == "dawn", value == "off" { return #"{"cmd":"alarm","dawnMinutes":0}"# }
        if word == "sound" { return #"{"cmd":"alarm","sound":\#(Quoting.quoted(value))}"# }
        guard let n = Double(value), n.isFinite else {
            let unit = ["ramp": "SECONDS", "snooze": "MINUTES", "volume": "PERCENT", "dawn": "MINUTES|off"][word] ?? "N"
            throw ControlError("alarm [N] \(word) \(unit)|default: \(value) is not a number")
        }
        return #"{"cmd":"alarm","\#(field)":\#(Quoting.number(n))}"#
    }

    /// `{"cmd":CMD,"time":"HH:MM","days":[...]}` for `alarm set` and `reminder set`: the days as
    /// the words of one comma-separated argument ("mon,wed", "weekdays").
    static func timeRequest(_ cmd: String, _ time: String, days: String?) -> String {
        var r = #"{"cmd":"\#(cmd)","time":\#(Quoting.quoted(time))"#
        if let days {
            r += #","days":["# + days.split(separator: ",").map { Quoting.quoted(String($0)) }.joined(separator: ",") + "]"
        }
        return r + "}"
    }

    /// The request line for the words of `play`, `stop`, `reminder` and `meditation`; nil for the
    /// other commands.
    static func playbackLine(_ verb: String, _ rest: [String]) throws(ControlError) -> String? {
        switch (verb, rest.count) {
        case ("play", 1): return #"{"cmd":"play","item":\#(Quoting.quoted(rest[0]))}"#
        case ("play", _): throw ControlError("play ID: one item's id (sleepbox content list lists them)")
        case ("stop", 0): return #"{"cmd":"stop"}"#
        case ("stop", _): throw ControlError("stop takes no words")
        case ("snooze", 0): return #"{"cmd":"snooze"}"#
        case ("dismiss", 0): return #"{"cmd":"dismiss"}"#
        case ("snooze", _), ("dismiss", _): throw ControlError("\(verb) takes no words")
        case ("timer", 1) where rest[0] == "off" || rest[0] == "end": return #"{"cmd":"timer","set":\#(Quoting.quoted(rest[0]))}"#
        case ("timer", 1):
            guard let m = Double(rest[0]), m.isFinite else { throw ControlError("timer MINUTES|end|off: \(rest[0]) is not a number") }
            return #"{"cmd":"timer","set":\#(Quoting.number(m))}"#
        case ("timer", _): throw ControlError("timer MINUTES|end|off")
        case ("reminder", 1) where rest[0] == "on" || rest[0] == "off":
            return #"{"cmd":"reminder","enabled":\#(rest[0] == "on")}"#
        case ("reminder", 2...3) where rest[0] == "set":
            return timeRequest("reminder", rest[1], days: rest.count == 3 ? rest[2] : nil)
        case ("reminder", _): throw ControlError("reminder on|off, or reminder set HH:MM [DAYS]")
        case ("meditation", 1) where rest[0] == "start": return #"{"cmd":"meditation","start":true}"#
        case ("meditation", 2):
            switch rest[0] {
            case "length":
                guard let m = Int(rest[1]) else { throw ControlError("meditation length MINUTES: \(rest[1]) is not a whole number") }
                return #"{"cmd":"meditation","minutes":\#(m)}"#
            case "sound":
                return rest[1] == "none" ? #"{"cmd":"meditation","sound":null}"# : #"{"cmd":"meditation","sound":\#(Quoting.quoted(rest[1]))}"#
            case "guide" where rest[1] == "on" || rest[1] == "off":
                return #"{"cmd":"meditation","guide":\#(rest[1] == "on")}"#
            case "bells":
                if rest[1] == "off" { return #"{"cmd":"meditation","bellEveryMinutes":0}"# }
                guard let m = Int(rest[1]) else { throw ControlError("meditation bells MINUTES|off: \(rest[1]) is not a whole number") }
                return #"{"cmd":"meditation","bellEveryMinutes":\#(m)}"#
            default: break
            }
            throw ControlError("meditation start|length MINUTES|sound NAME|none|guide on|off|bells MINUTES|off")
        case ("meditation", _): throw ControlError("meditation start|length MINUTES|sound NAME|none|guide on|off|bells MINUTES|off")
        default: return nil
        }
    }
}
