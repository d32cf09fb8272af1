/// What the idle screen shows between the display's night hours (`[display] night_face`).
///
/// Watching the clock at night keeps people awake (Tang, Schmidt & Harvey 2007), so by default
/// the night's idle screen shows no digits: a press of skip shows for a few seconds only how
/// long is left until the alarm, rounded ("About 2 hours until your alarm"). The morning face
/// (the usual clock) comes back when the alarm's dawn begins, or an hour before an alarm
/// without one, and after an alarm has rung.
public enum NightFace: String, Sendable, Equatable, CaseIterable {
    /// No digits at night: a moon, and the time left on a press of skip.
    case noClock = "no_clock"
    /// The usual idle clock, day and night.
    case clock
    /// The time alone in large digits, at night.
    case largeClock = "large_clock"
}
