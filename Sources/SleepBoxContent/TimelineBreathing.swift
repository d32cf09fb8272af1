import SleepBoxCore

/// The paced breathing phase of a breathing timeline (its `[breathing]` table).
public struct TimelineBreathing: Sendable, Equatable {
    /// One cycle, in order.
    public var pattern: [BreathStep]
    /// How many times the cycle repeats.
    public var cycles: Int
    /// When the phase starts, in seconds after `start_delay`.
    public var startsAt: Double
    /// Whether the voice says "in", "hold" and "out" during the first cycles.
    public var countAloud: Bool
    /// The line of the `[breathing]` table.
    public var line: Int?

    /// How many cycles are counted aloud when `countAloud` is on.
    public static let countedCycles = 3

    /// Creates a breathing phase.
    public init(pattern: [BreathStep], cycles: Int, startsAt: Double, countAloud: Bool = false, line: Int? = nil) {
        self.pattern = pattern
        self.cycles = cycles
        self.startsAt = startsAt
        self.countAloud = countAloud
        self.line = line
    }

    /// The seconds of one cycle.
    public var cycleSeconds: Double { pattern.reduce(0) { $0 + $1.seconds } }

    /// The seconds of the whole phase.
    public var totalSeconds: Double { cycleSeconds * Double(cycles) }

    /// When the phase ends, in seconds after `start_delay`.
    public var endsAt: Double { startsAt + totalSeconds }
}
