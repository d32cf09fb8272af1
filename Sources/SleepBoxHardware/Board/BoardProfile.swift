import SleepBoxCore

/// What the software needs to know about one kind of Raspberry Pi: which GPIO chip carries the
/// header pins, the lines of the box's buttons, knob and LED on it, how the contacts are wired,
/// and where the display sits on I2C.
///
/// Profiles are TOML files in `board/`, one per supported Pi (`pi-zero-2w.toml`, `pi-3.toml`,
/// `pi-4.toml`, `pi-5.toml`; see board/README.md). Read one with `load(path:)` or
/// `load(name:directory:)`, pick the name for the running Pi with `detect()`, and move single
/// pins with `applying(_:)` (the configuration's `[pins]` table).
public struct BoardProfile: Sendable, Equatable {
    /// The bias a requested input line gets from the GPIO controller.
    public enum Bias: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
        /// The internal pull-up: contacts switching to ground need nothing else.
        case pullUp = "pull-up"
        /// The internal pull-down, for contacts switching to 3.3 V.
        case pullDown = "pull-down"
        /// No internal resistor: the board has its own.
        case disabled = "disable"
        /// Whatever the line was set to before (device tree, firmware).
        case asIs = "as-is"
    }

    /// Where the display is and what drives it.
    public struct Display: Sendable, Equatable, Hashable {
        /// The I2C bus number: `/dev/i2c-N`.
        public var i2cBus: Int
        /// The display's 7-bit I2C address, usually 0x3c (or 0x3d).
        public var address: Int
        /// The display's controller (the display driver's `OLEDController`).
        public var controller: OLEDController

        /// A display on `/dev/i2c-<i2cBus>` at `address`.
        public init(i2cBus: Int = 1, address: Int = 0x3c, controller: OLEDController = .ssd1306) {
            self.i2cBus = i2cBus
            self.address = address
            self.controller = controller
        }
    }

    /// The profiles the box ships, by name (the file names in `board/` without `.toml`).
    public static let supportedNames = ["pi-zero-2w", "pi-3", "pi-4", "pi-5"]
    /// The line offsets a profile or an override may name.
    public static let offsetRange: ClosedRange<Int> = 0...511
    /// The I2C bus numbers a profile may name.
    public static let i2cBusRange: ClosedRange<Int> = 0...255
    /// The 7-bit I2C addresses a display may have (0x00-0x02 and 0x78-0x7f are reserved).
    public static let displayAddressRange: ClosedRange<Int> = 0x03...0x77
    /// The longest chip label the kernel reports (its 32-byte field holds a terminating NUL);
    /// a longer label in a profile could never match.
    public static let maxChipLabelBytes = 31

    /// The profile's name: its file name without `.toml` (`pi-4`).
    public var name: String
    /// The boards it is for, in words (`model` in the file), if given.
    public var model: String?
    /// The labels of the GPIO chip with the header's lines, most likely first. The driver opens
    /// the first chip whose label is one of these, never a fixed `/dev/gpiochipN`.
    public var chipLabels: [String]
    /// The lines of the box's pins on that chip.
    public var pins: BoardPins
    /// Whether a pressed button or closed encoder contact reads low (contacts switching to ground).
    public var activeLow: Bool
    /// The bias of the input lines.
    public var bias: Bias
    /// Where the encoder's contacts sit in a detent, after `activeLow` is applied.
    public var encoderRest: QuadratureDecoder.RestState
    /// The display.
    public var display: Display
    /// The file the profile was read from, or nil for one made in code.
    public var path: String?
    /// The line each pin was written on in `path`, for messages about overrides.
    var pinLines: [BoardPin: Int] = [:]

    /// A profile from its parts.
    public init(name: String, model: String? = nil, chipLabels: [String], pins: BoardPins = .standard,
                activeLow: Bool = true, bias: Bias = .pullUp,
                encoderRest: QuadratureDecoder.RestState = .bothInactive,
                display: Display = Display(), path: String? = nil) {
        self.name = name
        self.model = model
        self.chipLabels = chipLabels
        self.pins = pins
        self.activeLow = activeLow
        self.bias = bias
        self.encoderRest = encoderRest
        self.display = display
        self.path = path
    }
}
