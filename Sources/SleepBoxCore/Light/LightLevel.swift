/// What the light shows: a lightness (CIE L*, 0 is off, 100 the light's full output) and a
/// colour temperature on the blackbody line.
public struct LightLevel: Sendable, Equatable {
    /// CIE 1976 L*, 0...100 of the light's full output.
    public var lightness: Double
    /// The colour temperature in kelvin (a one-channel light ignores it).
    public var kelvin: Double

    public init(lightness: Double, kelvin: Double) {
        self.lightness = min(100, max(0, lightness))
        self.kelvin = kelvin
    }

    /// No light.
    public static let off = LightLevel(lightness: 0, kelvin: 1900)

    public var isOff: Bool { lightness <= 0 }

    /// The straight line from `self` to `other` at `fraction` (0...1), in L* and in kelvin.
    public func interpolated(to other: LightLevel, _ fraction: Double) -> LightLevel {
        let f = min(1, max(0, fraction))
        return LightLevel(lightness: lightness + (other.lightness - lightness) * f, kelvin: kelvin + (other.kelvin - kelvin) * f)
    }
}
