import SleepBoxCore

/// The line offsets of the box's pins on the board's GPIO chip.
///
/// On every supported Raspberry Pi the offset of a header pin's line is its BCM GPIO number
/// (GPIO17 is offset 17), on the Pi 5's RP1 chip too.
public struct BoardPins: Sendable, Equatable, Hashable {
    /// The leaf button's line.
    public var leaf: UInt32
    /// The skip button's line.
    public var skip: UInt32
    /// The timer button's line.
    public var timer: UInt32
    /// The encoder's A contact.
    public var knobA: UInt32
    /// The encoder's B contact.
    public var knobB: UInt32
    /// The encoder's push switch.
    public var knobSwitch: UInt32
    /// The breathing LED's line, or nil when the box has none.
    public var led: UInt32?

    /// Pins from their offsets.
    public init(leaf: UInt32, skip: UInt32, timer: UInt32, knobA: UInt32, knobB: UInt32,
                knobSwitch: UInt32, led: UInt32? = nil) {
        self.leaf = leaf
        self.skip = skip
        self.timer = timer
        self.knobA = knobA
        self.knobB = knobB
        self.knobSwitch = knobSwitch
        self.led = led
    }

    /// The wiring of board/README.md: GPIO17, 27, 22 for the buttons, 5 and 6 for the encoder's
    /// contacts, 13 for its switch, 12 for the LED.
    public static let standard = BoardPins(leaf: 17, skip: 27, timer: 22, knobA: 5, knobB: 6,
                                           knobSwitch: 13, led: 12)

    /// The offset of `pin`; nil only for an absent LED.
    public subscript(pin: BoardPin) -> UInt32? {
        guard let line = pin.rawLine else { return led }
        return self[line]
    }

    /// Puts `pin` on the line at `offset`.
    public mutating func set(_ pin: BoardPin, to offset: UInt32) {
        switch pin {
        case .leaf: leaf = offset
        case .skip: skip = offset
        case .timer: timer = offset
        case .knobA: knobA = offset
        case .knobB: knobB = offset
        case .knobSwitch: knobSwitch = offset
        case .led: led = offset
        }
    }

    /// The offset of an input line.
    public subscript(line: RawLine) -> UInt32 {
        switch line {
        case .leaf: return leaf
        case .skip: return skip
        case .timer: return timer
        case .knobA: return knobA
        case .knobB: return knobB
        case .knobSwitch: return knobSwitch
        }
    }

    /// Every input line with its offset, in `RawLine.allCases` order.
    public var inputs: [(line: RawLine, offset: UInt32)] {
        RawLine.allCases.map { ($0, self[$0]) }
    }

    /// Every pin that has a line, with its offset, in `BoardPin.allCases` order.
    public var assigned: [(pin: BoardPin, offset: UInt32)] {
        BoardPin.allCases.compactMap { pin in self[pin].map { (pin, $0) } }
    }
}
