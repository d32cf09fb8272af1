/// One channel of a light as the configuration describes it: its LEDs' colour temperature, how
/// much light it gives at full duty next to the others, and the highest duty it may run at.
public struct LightChannel: Sendable, Equatable {
    /// The colour temperature of the channel's LEDs (kelvin).
    public var kelvin: Double
    /// Its light at full duty, relative to the other channels' (lumens, or any unit they share).
    public var output: Double
    /// The highest duty cycle it may run at (0...1): the light's full output is every channel at
    /// its maximum.
    public var maximum: Double

    public init(kelvin: Double, output: Double = 1, maximum: Double = 1) {
        self.kelvin = kelvin
        self.output = output
        self.maximum = maximum
    }

    /// Duty cycles (0...1) for the channels of a light to show `level`: the luminance for the
    /// level's L*, shared between a warm and a cool channel along the blackbody line (one channel
    /// takes it all; with more than two, the warmest and the coolest mix and the rest stay dark).
    /// The light's full output is the luminance every channel gives at its maximum; a colour one
    /// channel cannot give at that luminance alone is reached as near as it can.
    public static func duties(for level: LightLevel, channels: [LightChannel]) -> [Double] {
        guard !channels.isEmpty, !level.isOff else { return channels.map { _ in 0 } }
        let y = Lightness.luminance(lightness: level.lightness)
        guard channels.count > 1 else { return [min(1, y) * channels[0].maximum] }
        var duties = channels.map { _ in 0.0 }
        let sorted = channels.indices.sorted { channels[$0].kelvin < channels[$1].kelvin }
        guard let warm = sorted.first, let cool = sorted.last else { return duties }
        let w = channels[warm], c = channels[cool]
        let full = w.output * w.maximum + c.output * c.maximum
        guard full > 0 else { return duties }
        let share = Blackbody.coolShare(for: level.kelvin, warm: w.kelvin, cool: c.kelvin)
        // Luminance wanted of each channel, in the channels' output units.
        var coolLight = y * full * share
        var warmLight = y * full * (1 - share)
        // A channel past its maximum hands the rest to the other (the colour then gives way).
        let coolMax = c.output * c.maximum, warmMax = w.output * w.maximum
        if coolLight > coolMax { warmLight += coolLight - coolMax; coolLight = coolMax }
        if warmLight > warmMax { coolLight = min(coolMax, coolLight + warmLight - warmMax); warmLight = warmMax }
        duties[warm] = w.output > 0 ? min(w.maximum, warmLight / w.output) : 0
        duties[cool] = c.output > 0 ? min(c.maximum, coolLight / c.output) : 0
        return duties
    }
}
