import Logging
import SleepBoxCore
import SleepBoxHardware
import SleepBoxRunner

/// The board's breathing LED (`[pins] led`, GPIO12) as a one-channel light: a GPIO line is on or
/// off, so it is on while the light would be at least `threshold` L*: the breathing guide's light
/// rises from 0 to 30 L* over the in-breath and falls back over the out-breath, so the LED is on
/// from the middle of one to the middle of the other, as long as it is off (3 s and 3 s for a
/// 3-3 breath, as the LED always was); the dawn lights it from its first minutes, the alarm too.
public final class GPIOLEDLight: LightOutput {
    let gpio: GPIOInput
    let logger: Logger
    /// The lightness (CIE L*) from which the LED is on.
    public static let threshold = 15.0
    public private(set) var isOn = false
    private var failed = false

    public init(gpio: GPIOInput, logger: Logger) {
        self.gpio = gpio
        self.logger = logger
    }

    public var channels: [LightChannel] { gpio.hasLED ? [LightChannel(kelvin: 2700)] : [] }

    public func set(_ duties: [Double], at now: Moment) {
        let on = (duties.first ?? 0) > 0 && Lightness.lightness(luminance: duties[0]) >= Self.threshold
        guard on != isOn, gpio.hasLED else { return }
        isOn = on
        do {
            try gpio.setLED(on)
            failed = false
        } catch {
            if !failed { logger.warning("LED: \(error)") }
            failed = true
        }
    }

    public var statusText: String { gpio.hasLED ? "LED on GPIO line: \(isOn ? "on" : "off")" : "none" }
}
