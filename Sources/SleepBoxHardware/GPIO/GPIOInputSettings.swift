import SleepBoxCore

/// What `GPIOInput` requests: which chip, which lines, and how.
public struct GPIOInputSettings: Sendable, Equatable {
    /// The labels of the chip to use, in order of preference (see `GPIOChipScan.chip(labelled:)`).
    public var chipLabels: [String]
    /// The input lines to request and their offsets. Usually all six; fewer is fine (a test chip
    /// with few lines).
    public var inputs: [RawLine: UInt32]
    /// The LED's line, requested as an output, or nil.
    public var led: UInt32?
    /// Whether the inputs are active-low (contacts switching to ground). The kernel then inverts
    /// them, so every level and edge the driver reports is logical: true = pressed / closed.
    public var activeLow: Bool
    /// The inputs' bias.
    public var bias: BoardProfile.Bias
    /// The consumer name the lines are requested under; `gpioinfo` shows it. The kernel keeps
    /// at most 31 bytes of it.
    public var consumer: String
    /// Where the chip devices are: `/dev`.
    public var deviceDirectory: String

    /// Settings from their parts.
    public init(chipLabels: [String], inputs: [RawLine: UInt32], led: UInt32? = nil, activeLow: Bool = true,
                bias: BoardProfile.Bias = .pullUp, consumer: String = "sleepbox", deviceDirectory: String = "/dev") {
        self.chipLabels = chipLabels
        self.inputs = inputs
        self.led = led
        self.activeLow = activeLow
        self.bias = bias
        self.consumer = consumer
        self.deviceDirectory = deviceDirectory
    }

    /// The settings for a board profile (after any overrides): its chip labels, all six inputs,
    /// its LED if it has one, its polarity and bias.
    public init(profile: BoardProfile, consumer: String = "sleepbox", deviceDirectory: String = "/dev") {
        var inputs: [RawLine: UInt32] = [:]
        for (line, offset) in profile.pins.inputs {
            inputs[line] = offset
        }
        self.init(chipLabels: profile.chipLabels, inputs: inputs, led: profile.pins.led,
                  activeLow: profile.activeLow, bias: profile.bias, consumer: consumer,
                  deviceDirectory: deviceDirectory)
    }

    /// The lines to request, inputs in `RawLine.allCases` order, then the LED.
    var requests: [(pin: BoardPin, offset: UInt32)] {
        var result = RawLine.allCases.compactMap { line in inputs[line].map { (BoardPin(line), $0) } }
        if let led { result.append((.led, led)) }
        return result
    }

    /// Throws `GPIOError.sameLine` when two pins share a line.
    func checkDistinctLines() throws(GPIOError) {
        var owners: [UInt32: [BoardPin]] = [:]
        for (pin, offset) in requests {
            owners[offset, default: []].append(pin)
        }
        if let (offset, pins) = owners.filter({ $0.value.count > 1 }).min(by: { $0.key < $1.key }) {
            throw GPIOError.sameLine(pins: pins, offset: offset)
        }
    }

    /// These settings for a box whose light is `light`: a PWM light takes the LED's pin (on the
    /// Pi, GPIO12 is PWM channel 0 under `dtoverlay=pwm-2chan`), so the LED's line is not
    /// requested (a GPIO request would take the pin back from the PWM and leave the light dark).
    public func leavingThePinTo(_ light: PWMLightSettings) -> GPIOInputSettings {
        var settings = self
        if light.chip != nil { settings.led = nil }
        return settings
    }
}
