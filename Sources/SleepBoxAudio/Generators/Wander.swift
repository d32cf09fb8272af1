/// A slow random control signal in 0…1 for the ambiences (gusts, rain intensity): it glides
/// along a smoothstep from one random value to the next, each glide lasting a random number of
/// control ticks, so it never steps and has no corners.
struct Wander: Sendable {
    private var from: Double
    private var to: Double
    private var tick = 0
    private var length = 1
    private let ticks: ClosedRange<Int>

    /// A wander whose glides last `ticks` control ticks.
    init(start: Double, ticks: ClosedRange<Int>) {
        from = start
        to = start
        self.ticks = max(1, ticks.lowerBound)...max(1, ticks.upperBound, ticks.lowerBound)
    }

    /// The value for the next control tick.
    mutating func next(_ random: inout NoiseRandom) -> Double {
        if tick >= length {
            from = to
            to = random.unit()
            length = ticks.lowerBound + Int(random.unit() * Double(ticks.count))
            tick = 0
        }
        let x = Double(tick) / Double(length)
        tick += 1
        return from + (to - from) * x * x * (3 - 2 * x)
    }
}
