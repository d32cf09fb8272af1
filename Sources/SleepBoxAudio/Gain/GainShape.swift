import SleepBoxCore

/// The shape of a gain ramp on the audio side: Core's `GainCurve` plus the shapes the mixer needs
/// for itself (short de-click fades).
public enum GainShape: Sendable, Equatable, Hashable {
    /// Straight in decibels. Down to 0: straight from the current gain to −60 dB over the ramp,
    /// then exactly 0.0 on its last frame. Up from 0 (or from below −60 dB): straight from
    /// −60 dB. Between two non-zero gains: straight in dB.
    case decibelLinear
    /// Power moves along sin²/cos²: g(t) = √(g₀²·cos²(πt/2) + g₁²·sin²(πt/2)). A fade-out and
    /// a fade-in of the same length keep the summed power of uncorrelated signals constant
    /// (1 → 0 is the quarter-cosine, 0 → 1 the quarter-sine).
    case equalPower
    /// Straight in amplitude: de-click fades of a few milliseconds.
    case linear

    /// The audio shape of a core curve.
    public init(_ curve: GainCurve) {
        switch curve {
        case .decibelLinear: self = .decibelLinear
        case .equalPower: self = .equalPower
        }
    }
}
