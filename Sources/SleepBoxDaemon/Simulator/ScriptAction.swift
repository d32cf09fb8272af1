import SleepBoxCore

/// What happens at one step of a simulator script.
public enum ScriptAction: Sendable, Equatable {
    /// A short press: down and up again (`{"press":"leaf"}`).
    case press(Button)
    /// Down, held for `seconds`, then up (`{"hold":"skip","for":"1.2s"}`).
    case hold(Button, seconds: Double)
    /// The knob turned by whole detents, negative counter-clockwise; never 0 (`{"turn":3}`).
    case turn(Int)
    /// The wall clock set to this time: a clock jump (`{"clock":"2026-11-23T06:40:00"}`).
    case clock(LocalDateTime)
    /// The run ends here (`{"end":true}`).
    case end
}
