/// Where a guided session is: its opening words, the teaching, the silence with its occasional
/// reminders, the closing. The playing screen shows it.
public enum GuidedPhase: String, Sendable, Equatable, CaseIterable {
    case opening, teaching, silence, closing

    /// When each phase of an item begins, in seconds from its start, in order.
    public struct Mark: Sendable, Equatable {
        public var phase: GuidedPhase
        public var startsAt: Double

        public init(_ phase: GuidedPhase, startsAt: Double) {
            self.phase = phase
            self.startsAt = startsAt
        }
    }

    /// The phase at `position` seconds into an item with `marks`: the last that began; nil before
    /// the first, or without marks.
    public static func at(_ position: Double, in marks: [Mark]) -> GuidedPhase? {
        marks.last { $0.startsAt <= position }?.phase
    }
}
