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
    /// How long the step lasts, in seconds (more than 0).
    public var seconds: Double

    /// Creates a step.
    public init(_ kind: Kind, seconds: Double) {
        self.kind = kind
        self.seconds = seconds
    }
}
