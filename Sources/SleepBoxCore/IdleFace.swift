/// How the idle screen shows the time (`IdleScreen.face`).
public enum IdleFace: Sendable, Equatable {
    /// The greeting, the clock, the next alarm: by day, in the morning, and at night with the
    /// night face set to the clock.
    case clock
    /// The night face: no digits (a moon); the time left until the alarm, in words, for a few
    /// seconds after a press of skip.
    case night
    /// The time alone, in digits twice as tall (the night face set to a large clock).
    case largeClock
}

/// An alarm that could not ring: the box was off (or the clock jumped) past its time by more
/// than `[alarm] catch_up_minutes`, or the clock was not known to be right. Kept in the state
/// file until a button is pressed: the idle screen tells it.
public struct MissedAlarm: Sendable, Equatable, Codable {
    /// The wall time it should have rung.
    public var instant: Double
    /// Its slot (0 is the first alarm).
    public var slot: Int
    /// True when the clock was not known to be right when the miss was noticed (it was then
    /// set, or synchronised, past the alarm's time); false: the box was off.
    public var clockWasUntrusted: Bool

    public init(instant: Double, slot: Int, clockWasUntrusted: Bool) {
        self.instant = instant
        self.slot = slot
        self.clockWasUntrusted = clockWasUntrusted
    }
}

/// The idle screen's notice of a missed alarm: "Missed: alarm 06:45" in the greeting's place,
/// and why ("The box was off") in the next alarm's.
public struct MissedAlarmNotice: Sendable, Equatable {
    public var title: String
    public var reason: String

    public init(title: String, reason: String) {
        self.title = title
        self.reason = reason
    }
}
