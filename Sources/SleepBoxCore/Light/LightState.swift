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

    public init() {}
}

/// What `sleepbox ctl light` asks for.
public enum LightRequest: Sendable, Equatable {
    /// The light on at `[light]`'s "on" level, or off (the night light and the alarm's hold end;
    /// a ringing alarm keeps its light).
    case on, off
    /// The light at this lightness (CIE L*, 0...100).
    case level(Double)

    public var name: String {
        switch self {
        case .on: return "on"
        case .off: return "off"
        case .level(let l): return "\((l * 10).rounded() / 10)"
        }
    }
}
