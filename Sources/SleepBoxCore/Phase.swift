/// What the box is doing.
public enum Phase: Sendable, Equatable {
    case idle
    case playing(Playback)
    case paused(Playback)
    /// Moving from one item to another; `since`/`until` in uptime seconds.
    case crossfading(from: Playback, to: Playback, since: Double, until: Double, reason: CrossfadeReason)
    /// Fading to silence, then stopping.
    case fadingOut(Playback, since: Double, until: Double, reason: FadeReason)
    /// The wake sound is ramping or ringing.
    case ringing(AlarmRing)
    /// The wake greeting is spoken over the ducked wake sound.
    case greeting(AlarmRing)
    /// Quiet until `until` (uptime), then rings again.
    case snoozed(until: Double)

    /// The phase's name as traces show it.
    public var name: String {
        switch self {
        case .idle: return "idle"
        case .playing: return "playing"
        case .paused: return "paused"
        case .crossfading: return "crossfading"
        case .fadingOut: return "fadingOut"
        case .ringing: return "ringing"
        case .greeting: return "greeting"
        case .snoozed: return "snoozed"
        }
    }

    /// The alarm has the box: ringing, greeting, or snoozed (the screen stays lit, the knob leaves
    /// the volume alone, a held leaf dismisses).
    public var isAlarmActive: Bool {
        switch self {
        case .ringing, .greeting, .snoozed: return true
        default: return false
        }
    }

    /// Content sounds: playing, crossfading or fading out (progress is saved periodically).
    public var isContentSounding: Bool {
        switch self {
        case .playing, .crossfading, .fadingOut: return true
        default: return false
        }
    }

    /// Moving between items or to silence: crossfading or fading out.
    public var isTransitioning: Bool {
        switch self {
        case .crossfading, .fadingOut: return true
        default: return false
        }
    }

    /// The item's position moves on with the clock: playing, or crossfading into it (a fade keeps
    /// the position where it began).
    public var isRunning: Bool {
        switch self {
        case .playing, .crossfading: return true
        default: return false
        }
    }

    /// An item is playing or paused: skip held seeks in it.
    public var isSeekable: Bool {
        switch self {
        case .playing, .paused: return true
        default: return false
        }
    }

    /// An item is paused.
    public var isPaused: Bool {
        if case .paused = self { return true }
        return false
    }
}
