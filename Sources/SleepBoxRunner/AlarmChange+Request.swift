import Foundation
import SleepBoxCore
import SleepBoxSystem

/// Why the fields of a request were refused, in words a person can act on; the control socket
/// answers with it, a simulator script adds the file and line.
public struct RequestError: Error, Equatable, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// How a request writes an alarm's days.
public enum AlarmDaysForm: Sendable {
    /// A JSON list of words, as on the control socket: `["mon","wed"]`, `["weekdays"]`.
    case list
    /// One string of comma-separated words, as in a simulator script: `"mon,wed"`.
    case commaSeparated
}

/// The alarm requests' grammar, one for the control socket and the simulator's scripts: which
/// alarm, and the one change made to it.
extension AlarmChange {
    /// The slot (0 is alarm 1) that `value` names: a whole number from 1 to `BoxConfig.alarmSlots`.
    public static func slot(_ value: JSONValue) -> Result<Int, RequestError> {
        guard let n = value.wholeNumber(in: 1...BoxConfig.alarmSlots) else {
            return .failure(RequestError("\"alarm\" must be a whole number from 1 to \(BoxConfig.alarmSlots)"))
        }
        return .success(n - 1)
    }

    /// The fields of the alarm's own wake sound, ramp, snooze, volume and dawn.
    public static let soundFields = ["sound", "rampSeconds", "snoozeMinutes", "volume", "dawnMinutes"]

    /// The one change `fields` make: a time under `timeKey` (`"time"` on the socket, `"set"` in a
    /// script) with optional `days`, or `enabled`, `skipNext` (true or false), `clear` (true), or
    /// one of `soundFields`. Without any of them the time is what is missing.
    public static func parse(_ fields: [String: JSONValue], timeKey: String, days form: AlarmDaysForm) -> Result<AlarmChange, RequestError> {
        let changes = ([timeKey, "enabled", "skipNext", "clear"] + soundFields).filter { fields[$0] != nil }
        if changes.count > 1 {
            let named = changes.map { "\"\($0)\"" }.joined(separator: " and ")
            return .failure(RequestError("\(named) cannot go in one request: one change at a time "
                                         + "(\"\(timeKey)\" with \"days\", \"enabled\", \"skipNext\", \"clear\", \"sound\", "
                                         + "\"rampSeconds\", \"snoozeMinutes\", \"volume\" or \"dawnMinutes\")"))
        }
        if let key = changes.first, soundFields.contains(key), let value = fields[key] { return soundChange(key, value) }
        if fields["days"] != nil && fields[timeKey] == nil {
            return .failure(RequestError("\"days\" goes with a \"\(timeKey)\""))
        }
        for key in ["clear", "enabled", "skipNext"] where fields[key] != nil && fields[key]?.bool == nil {
            return .failure(RequestError("\"\(key)\" must be true or false"))
        }
        if let clear = fields["clear"]?.bool {
            return clear ? .success(.clear) : .failure(RequestError("\"clear\" must be true"))
        }
        if let enabled = fields["enabled"]?.bool { return .success(.enable(enabled)) }
        if let skip = fields["skipNext"]?.bool { return .success(.skipNext(skip)) }
        guard let text = fields[timeKey]?.string, let (hour, minute) = LocalDateTime.parseTimeOfDay(text) else {
            return .failure(RequestError("\"\(timeKey)\" must be HH:MM (00:00-23:59)"))
        }
        guard let days = fields["days"] else { return .success(.set(hour: hour, minute: minute, weekdays: nil)) }
        return weekdays(days, form: form).map { .set(hour: hour, minute: minute, weekdays: $0) }
    }

    /// The change of the alarm's own wake sound (a name of `AlarmSettings.sounds`), ramp, snooze,
    /// volume or dawn (a number in its range, or null: the configuration's `[alarm]` or `[light]`
    /// again; a dawn of 0 minutes is none).
    static func soundChange(_ key: String, _ value: JSONValue) -> Result<AlarmChange, RequestError> {
        func number(_ range: ClosedRange<Double>, _ unit: String) -> Result<Double?, RequestError> {
            if value.isNull { return .success(nil) }
            guard let n = value.number, range.contains(n) else {
                return .failure(RequestError("\"\(key)\" must be a number from \(Quoting.number(range.lowerBound)) to "
                                             + "\(Quoting.number(range.upperBound)) \(unit), or null for the configuration's"))
            }
            return .success(n)
        }
        switch key {
        case "sound":
            guard let name = value.string, AlarmSettings.sounds.contains(name) else {
                return .failure(RequestError("\"sound\" must be one of \(AlarmSettings.sounds.joined(separator: ", "))"))
            }
            return .success(.sound(name == "chime" ? nil : name))
        case "rampSeconds": return number(AlarmSettings.rampSecondsRange, "seconds").map { .rampSeconds($0) }
        case "snoozeMinutes": return number(AlarmSettings.snoozeMinutesRange, "minutes").map { .snoozeMinutes($0) }
        case "dawnMinutes":
            if value.isNull { return .success(.dawnMinutes(nil)) }
            let range = LightSettings.dawnMinuteRange
            guard let m = value.wholeNumber(in: 0...range.upperBound), m == 0 || range.contains(m) else {
                return .failure(RequestError("\"dawnMinutes\" must be 0 (no dawn) or a whole number from \(range.lowerBound) to "
                                             + "\(range.upperBound) (minutes), or null for the configuration's"))
            }
            return .success(.dawnMinutes(m))
        default:
            if value.isNull { return .success(.volume(nil)) }
            let range = AlarmSettings.volumePercent
            guard let p = value.wholeNumber(in: range) else {
                return .failure(RequestError("\"volume\" must be a whole number from \(range.lowerBound) to \(range.upperBound) (percent), or null for the configuration's"))
            }
            return .success(.volume(p))
        }
    }

    /// The weekdays (1 = Sunday) the words of `value` name.
    private static func weekdays(_ value: JSONValue, form: AlarmDaysForm) -> Result<Set<Int>, RequestError> {
        let words: [JSONValue]
        switch form {
        case .list:
            guard let items = value.array, !items.isEmpty else {
                return .failure(RequestError("\"days\" must be a list of at least one day (\(AlarmDays.hint))"))
            }
            words = items
        case .commaSeparated:
            guard let text = value.string else {
                return .failure(RequestError("\"days\" must be words such as \"weekdays\" or \"mon,wed\""))
            }
            words = text.split(separator: ",").map { .string(String($0).trimmingCharacters(in: .whitespaces)) }
        }
        var set = Set<Int>()
        for word in words {
            guard let text = word.string, let days = AlarmDays.days(for: text) else {
                return .failure(RequestError("unknown day \(word.string.map(Quoting.quoted) ?? word.serialized) (\(AlarmDays.hint))"))
            }
            set.formUnion(days)
        }
        return .success(set)
    }
}
