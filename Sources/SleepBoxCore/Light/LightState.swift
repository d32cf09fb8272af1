/// What the core keeps about the light (`BoxState.light`). Only the night light is the owner's
/// choice; the dawn and the ring follow from the alarms and the wall clock, so nothing of them
/// needs saving: after a power cut the plan worked out anew gives the level the clock says.
public struct LightState: Sendable, Equatable {
    /// The plan last commanded (`Command.light`).
    public var plan: LightPlan = .off
    /// The night light (or the light `sleepbox ctl light` asked for) while it is on.
    public var lamp: LightLevel?
    /// The wall time the alarm was dismissed: the light holds, then fades.
    public var dismissedAt: Double?
    /// The lightness the alarm's light had at the dismissal (the hold's level).
    public var dismissedLevel: LightLevel?
    /// The ring in progress has no sound (the device lost or failing): the light goes to full and
    /// the display blinks.
    public var ringWithoutSound = false
    /// While the night light's note shows (uptime), the knob sets its level.
    public var noteUntil: Double?
    /// The night light's level as last set with the knob (it comes back at it).
    public var lastLampLightness: Double?
    /// A dawn asked for now (`sleepbox ctl light dawn`), from its start to its end (wall times):
    /// it rises as an alarm's dawn does and stays full until the light is switched or an alarm
    /// ends. Not saved: a power cut ends it.
    public var sunriseStart: Double?
    public var sunriseEnd: Double?

    public init() {}
}

/// What `sleepbox ctl light` asks for.
public enum LightRequest: Sendable, Equatable {
    /// The light on at `[light]`'s "on" level, or off (the night light and the alarm's hold end;
    /// a ringing alarm keeps its light).
    case on, off
    /// The light at this lightness (CIE L*, 0...100), and colour temperature (nil: `[light]
    /// on_kelvin`; the light's channels give what they can of it).
    case level(Double, kelvin: Double? = nil)
    /// A dawn now, over these minutes (`sunriseMinutes`; nil: `[light] dawn_minutes`), as
    /// before an alarm: from dark and warm to the alarm's level and colour.
    case dawn(minutes: Int?)

    /// The colour temperatures a request may ask for, in kelvin (as the configuration's).
    public static let kelvinRange = 1000.0...10_000.0

    /// The length a dawn asked for may have, in minutes.
    public static let sunriseMinutes = 1...90

    public var name: String {
        switch self {
        case .on: return "on"
        case .off: return "off"
        case .level(let l, let k): return "\((l * 10).rounded() / 10)" + (k.map { " \(Int($0.rounded())) K" } ?? "")
        case .dawn(let m): return "dawn" + (m.map { " \($0) min" } ?? "")
        }
    }
}
