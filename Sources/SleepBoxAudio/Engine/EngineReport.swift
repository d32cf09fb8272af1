import SleepBoxCore

/// What the engine has to tell the core, and at which frame of the block it happened.
public enum EngineReport: Sendable, Equatable {
    /// The item played to its natural end.
    case itemFinished(ItemID)
    /// The spoken text has been said.
    case speechFinished
    /// The item could not be opened or read; the reason names the file.
    case itemFailed(ItemID, reason: String)

    /// The core's event for this report.
    public var event: Event {
        switch self {
        case .itemFinished(let id): return .itemFinished(id)
        case .speechFinished: return .speechFinished
        case .itemFailed(let id, let reason): return .itemFailed(id, reason: reason)
        }
    }
}
