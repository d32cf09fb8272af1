/// The leaf's modes.
public enum Mode: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    case off, meditation, poetry

    /// The mode a leaf press moves to.
    public var next: Mode {
        switch self {
        case .off: return .meditation
        case .meditation: return .poetry
        case .poetry: return .off
        }
    }
}
