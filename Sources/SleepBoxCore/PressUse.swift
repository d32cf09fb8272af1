/// What the press of a button still down has done so far. The input decoder times the hold and
/// reports it (`Event.buttonHeld`); the box keeps only this, to know whether a held event or the
/// release still acts.
public enum PressUse: Sendable, Equatable {
    /// Nothing yet: a held event or the release may still act.
    case pending
    /// Held past its threshold and acting at each repeat (skip seeking); the release does nothing.
    case holding
    /// The press acted at once, and a hold may still act (the timer bringing the sound back in
    /// the sleep-timer fade, then seeking back); the release does nothing.
    case armed
    /// Used up (the press acted at once, or the hold did its one thing): nothing more happens
    /// until the button is released.
    case used
}
