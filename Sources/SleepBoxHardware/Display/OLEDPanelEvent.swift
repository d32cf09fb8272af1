import Logging

/// A change of the panel's availability, for the daemon's log.
public enum OLEDPanelEvent: Sendable, Hashable, CustomStringConvertible {
    /// The panel stopped answering (or never answered) at `at`; the box carries on without it.
    case lost(I2CError, at: Double)
    /// The panel answers again at `at`: re-initialised and showing the current frame after
    /// `downtime` seconds and `attempts` tries.
    case restored(at: Double, downtime: Double, attempts: Int)

    /// How loud to log it.
    public var logLevel: Logger.Level {
        switch self {
        case .lost: return .warning
        case .restored: return .notice
        }
    }

    public var description: String {
        switch self {
        case .lost(let error, _):
            return "display lost: \(error)"
        case .restored(_, let downtime, let attempts):
            let seconds = (downtime * 10).rounded() / 10
            return "display restored after \(seconds) s (\(attempts) \(attempts == 1 ? "try" : "tries"))"
        }
    }
}
