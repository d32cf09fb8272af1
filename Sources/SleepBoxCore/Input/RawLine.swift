/// One GPIO input line of the box, as the driver names it.
///
/// Levels on these lines are logical: `active == true` means the button is pressed or the encoder
/// contact is closed. The driver undoes any active-low wiring before the level reaches the input
/// decoder.
public enum RawLine: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// The leaf button.
    case leaf
    /// The skip button.
    case skip
    /// The timer button.
    case timer
    /// The rotary knob's push switch.
    case knobSwitch
    /// The encoder's A contact (leads B when turning clockwise).
    case knobA
    /// The encoder's B contact.
    case knobB

    /// The line a button is read from.
    public init(_ button: Button) {
        switch button {
        case .leaf: self = .leaf
        case .skip: self = .skip
        case .timer: self = .timer
        case .knob: self = .knobSwitch
        }
    }

    /// The button this line belongs to, or nil for the encoder's A and B contacts.
    public var button: Button? {
        switch self {
        case .leaf: return .leaf
        case .skip: return .skip
        case .timer: return .timer
        case .knobSwitch: return .knob
        case .knobA, .knobB: return nil
        }
    }
}
