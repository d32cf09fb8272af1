import SleepBoxCore

/// `[light]`'s device part: which PWM chip and channels drive the light, at what period, and what
/// each channel's LEDs are (their colour temperature, relative output and highest duty).
public struct PWMLightSettings: Sendable, Equatable {
    /// The chip's number N (`/sys/class/pwm/pwmchipN`); nil: no PWM light (the board's LED, if
    /// it has one, is the light).
    public var chip: Int?
    /// The channels on the chip: warm white first, then cool white; or one channel.
    public var channels: [Int] = [0, 1]
    /// The PWM period in nanoseconds (1,000,000: 1 kHz, far above any flicker one can see, with
    /// duty steps of 1 ns: a million levels).
    public var periodNanoseconds = 1_000_000
    /// Each channel's LEDs, in the order of `channels`.
    public var calibration: [LightChannel] = PWMLightSettings.twoChannels

    /// A warm white at 1800 K and a cool white at 5000 K, of equal output, each up to full duty.
    public static let twoChannels = [LightChannel(kelvin: 1800), LightChannel(kelvin: 5000)]

    public init() {}

    /// `pwmchip0 channels 0 (1800 K), 1 (5000 K), period 1000000 ns`.
    public var summary: String {
        guard let chip else { return "none" }
        let list = zip(channels, calibration).map { "\($0) (\(Int($1.kelvin)) K)" }.joined(separator: ", ")
        return "pwmchip\(chip) channel\(channels.count == 1 ? "" : "s") \(list), period \(periodNanoseconds) ns"
    }
}
