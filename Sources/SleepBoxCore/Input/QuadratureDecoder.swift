/// Decodes a full-step rotary encoder (one whole quadrature cycle, four transitions, per detent)
/// from the levels of its A and B contacts.
///
/// The decoder tracks the encoder's phase and counts signed quadrature steps since it last left
/// the rest state. A detent is emitted only when the encoder returns to the rest state four steps
/// away from where it left it: +1 clockwise (A leads B), -1 counter-clockwise. Returning to rest
/// after going part way and back (contact bounce, a half turn then reverse) emits nothing.
///
/// A transition in which both contacts change at once means a state was missed; it cannot tell
/// the direction, so it is rejected: counted in `invalidTransitions`, never turned into a step,
/// and the detent in progress is discarded (the decoder follows the new levels and starts counting
/// again at the next rest state).
///
/// Time plays no part: contact bounce is handled by the state table, and edges any distance apart
/// decode the same way.
public struct QuadratureDecoder: Sendable, Equatable {
    /// Where the encoder's contacts sit when it rests in a detent.
    public enum RestState: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
        /// Both contacts open (A and B inactive): most EC11 parts.
        case bothInactive
        /// Both contacts closed (A and B active).
        case bothActive

        /// The rest state's phase (see `QuadratureDecoder.phase(a:b:)`).
        var phase: Int {
            switch self {
            case .bothInactive: return 0
            case .bothActive: return 2
            }
        }
    }

    /// The rest state this encoder detents in.
    public let rest: RestState
    /// The A contact's level as last seen.
    public private(set) var a: Bool
    /// The B contact's level as last seen.
    public private(set) var b: Bool
    /// How many transitions were rejected because both contacts changed at once.
    public private(set) var invalidTransitions: Int = 0
    /// Signed quadrature steps since the encoder last left the rest state; nil when unknown
    /// (after a rejected transition or a start away from rest) until the next rest state.
    private var progress: Int?

    /// A decoder for an encoder at rest in `rest`.
    public init(rest: RestState = .bothInactive) {
        self.rest = rest
        let levels = QuadratureDecoder.levels(phase: rest.phase)
        self.a = levels.a
        self.b = levels.b
        self.progress = 0
    }

    /// Whether the contacts are in the rest state.
    public var isAtRest: Bool {
        QuadratureDecoder.phase(a: a, b: b) == rest.phase
    }

    /// Takes the A and B levels after an edge and returns the detents completed: +1, -1 or 0.
    ///
    /// Levels equal to the last ones (a repeated edge) change nothing.
    public mutating func update(a newA: Bool, b newB: Bool) -> Int {
        let from = QuadratureDecoder.phase(a: a, b: b)
        let to = QuadratureDecoder.phase(a: newA, b: newB)
        a = newA
        b = newB
        let step = (to - from + 4) % 4
        switch step {
        case 0:
            return 0
        case 2:
            invalidTransitions += 1
            progress = to == rest.phase ? 0 : nil
            return 0
        default:
            let delta = step == 1 ? 1 : -1
            if let steps = progress {
                progress = steps + delta
            }
            guard to == rest.phase else { return 0 }
            let completed = progress
            progress = 0
            switch completed {
            case 4: return 1
            case -4: return -1
            default: return 0
            }
        }
    }

    /// Sets the contact levels without emitting anything: for the driver's first reading at
    /// start-up. Away from rest, the detent in progress is unknown and will not be emitted.
    public mutating func synchronize(a newA: Bool, b newB: Bool) {
        a = newA
        b = newB
        progress = isAtRest ? 0 : nil
    }

    /// The quadrature phase of a pair of levels, clockwise order: 0 = (A off, B off),
    /// 1 = (A on, B off), 2 = (A on, B on), 3 = (A off, B on).
    static func phase(a: Bool, b: Bool) -> Int {
        switch (a, b) {
        case (false, false): return 0
        case (true, false): return 1
        case (true, true): return 2
        case (false, true): return 3
        }
    }

    /// The levels of a quadrature phase (taken modulo 4).
    static func levels(phase: Int) -> (a: Bool, b: Bool) {
        switch ((phase % 4) + 4) % 4 {
        case 0: return (false, false)
        case 1: return (true, false)
        case 2: return (true, true)
        default: return (false, true)
        }
    }
}
