import SleepBoxCore
import SleepBoxSystem

/// What a request does to the meditation timer (`sleepbox ctl meditation`): one of its settings,
/// as on Timers > Meditation timer, or its start.
public enum MeditationChange: Sendable, Equatable {
    /// Its length, in minutes (`OwnerRequest.meditationMinutes`).
    case minutes(Double)
    /// Its bed (a name of `[meditation] sounds`), or nil for silence.
    case sound(String?)
    /// The breathing guide on or off.
    case guide(Bool)
    /// A bell every this many minutes, or 0 for none (`MeditationSettings.isBellSetting`).
    case bellEveryMinutes(Double)
    /// It starts as it is set up.
    case start

    /// The fields of a meditation request, of which it makes exactly one change.
    public static let fields = ["minutes", "sound", "guide", "bellEveryMinutes", "start"]

    /// The one change `fields` make; the bed's name is checked against the box's sounds when the
    /// request is carried out (`sounds`, from the configuration).
    public static func parse(_ fields: [String: JSONValue]) -> Result<MeditationChange, RequestError> {
        let changes = Self.fields.filter { fields[$0] != nil }
        guard changes.count == 1, let key = changes.first, let value = fields[key] else {
            return .failure(RequestError("a meditation request makes one change: \"minutes\", \"sound\", \"guide\", \"bellEveryMinutes\" or \"start\""))
        }
        switch key {
        case "minutes":
            let range = OwnerRequest.meditationMinutes
            guard let m = value.wholeNumber(in: Int(range.lowerBound)...Int(range.upperBound)) else {
                return .failure(RequestError("\"minutes\" must be a whole number from \(Int(range.lowerBound)) to \(Int(range.upperBound))"))
            }
            return .success(.minutes(Double(m)))
        case "sound":
            if value.isNull { return .success(.sound(nil)) }
            guard let name = value.string, !name.isEmpty, name.utf8.count <= 64 else {
                return .failure(RequestError("\"sound\" must be the name of one of the timer's sounds, or null for silence"))
            }
            return .success(.sound(name == "none" ? nil : name))
        case "guide":
            guard let on = value.bool else { return .failure(RequestError("\"guide\" must be true or false")) }
            return .success(.guide(on))
        case "bellEveryMinutes":
            let range = MeditationSettings.bellMinutesRange
            guard let m = value.wholeNumber(in: 0...Int(range.upperBound)), MeditationSettings.isBellSetting(minutes: Double(m)) else {
                return .failure(RequestError("\"bellEveryMinutes\" must be 0 (no bell) or a whole number from \(Int(range.lowerBound)) to \(Int(range.upperBound))"))
            }
            return .success(.bellEveryMinutes(Double(m)))
        default:
            guard value.bool == true else { return .failure(RequestError("\"start\" must be true")) }
            return .success(.start)
        }
    }

    /// `choice` with this change made; nil for the start, which changes nothing. Throws when the
    /// bed is not one of `sounds`.
    func applied(to choice: MeditationChoice, sounds: [String]) -> Result<MeditationChoice?, RequestError> {
        var c = choice
        switch self {
        case .minutes(let m): c.minutes = m
        case .sound(let name):
            if let name, !sounds.contains(name) {
                return .failure(RequestError("\"\(name)\" is not one of the meditation timer's sounds (none, \(sounds.joined(separator: ", ")))"))
            }
            c.sound = name
        case .guide(let on): c.guide = on
        case .bellEveryMinutes(let m): c.bellEveryMinutes = m
        case .start: return .success(nil)
        }
        return .success(c)
    }
}
