/// `[nap]`: the nap's lengths and the gentle alarm that ends it.
public struct NapSettings: Sendable, Equatable {
    /// The lengths offered, in minutes, shortest first.
    public var lengths: [Double] = [10, 20, 30]
    /// Seconds the wake sound takes to grow to `volume` (gentler than the morning alarm's).
    public var rampSeconds: Double = 120
    /// The wake sound's gain (0...1) at the end of the ramp; it starts at the alarm's start volume.
    public var volume: Double = 0.5

    public init() {}
}
