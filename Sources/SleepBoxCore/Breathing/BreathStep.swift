/// One step of a breathing pattern: `"inhale 4"` is `BreathStep(.inhale, seconds: 4)`.
public struct BreathStep: Sendable, Equatable, Hashable {
    /// What the breath does during the step.
    public enum Kind: String, Sendable, Equatable, Hashable, CaseIterable {
        case inhale, hold, exhale, rest

        /// What the voice says at the start of the step when counting aloud (nothing at a rest).
        public var spokenWord: String? {
            switch self {
            case .inhale: return "in"
            case .hold: return "hold"
            case .exhale: return "out"
            case .rest: return nil
            }
        }
    }

    /// What the breath does.
    public var kind: Kind
    /// How long the step lasts, in seconds (within `secondsRange`).
    public var seconds: Double

    /// How long a step may last, wherever a pattern comes from (the configuration's
    /// `[meditation] breathing`, a timeline's `[breathing]`): at least half a second, so a cycle
    /// never wakes the box more than a few times a second, and at most 30 s.
    public static let secondsRange: ClosedRange<Double> = 0.5...30

    /// Creates a step.
    public init(_ kind: Kind, seconds: Double) {
        self.kind = kind
        self.seconds = seconds
    }
}
