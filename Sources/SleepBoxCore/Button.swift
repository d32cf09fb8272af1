/// The box's four push buttons: the three on top and the knob's own switch.
public enum Button: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// The leaf: cycles Off -> Meditation -> Poetry -> Off.
    case leaf
    /// Skip: next item; held, seeks forward.
    case skip
    /// Timer: opens the sleep-timer choice; cancels a running timer.
    case timer
    /// The rotary knob's push switch: pause/resume, commit a choice.
    case knob
}
