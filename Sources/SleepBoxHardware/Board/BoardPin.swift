import SleepBoxCore

/// One GPIO line of the box's wiring, named as board profiles and the `[pins]` table of the
/// configuration name it (`raw value`).
public enum BoardPin: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// The leaf button.
    case leaf
    /// The skip button.
    case skip
    /// The timer button.
    case timer
    /// The encoder's A contact.
    case knobA = "knob_a"
    /// The encoder's B contact.
    case knobB = "knob_b"
    /// The encoder's push switch.
    case knobSwitch = "knob_switch"
    /// The optional breathing LED (an output).
    case led

    /// The input line this pin carries, or nil for the LED.
    public var rawLine: RawLine? {
        switch self {
        case .leaf: return .leaf
        case .skip: return .skip
        case .timer: return .timer
        case .knobA: return .knobA
        case .knobB: return .knobB
        case .knobSwitch: return .knobSwitch
        case .led: return nil
        }
    }

    /// The pin an input line is wired to.
    public init(_ line: RawLine) {
        switch line {
        case .leaf: self = .leaf
        case .skip: self = .skip
        case .timer: self = .timer
        case .knobA: self = .knobA
        case .knobB: self = .knobB
        case .knobSwitch: self = .knobSwitch
        }
    }

    /// The key in a profile's or the configuration's `[pins]` table: `leaf`, `knob_a`, ...
    public var key: String { rawValue }
}
