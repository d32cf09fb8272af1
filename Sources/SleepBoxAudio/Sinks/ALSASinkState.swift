/// Where an `ALSASink` stands.
public enum ALSASinkState: Sendable, Equatable, Hashable {
    /// Not opened yet, or closed by `close()`: writing throws.
    case closed
    /// The device is open and takes audio when `framesWanted` says so.
    case running
    /// The device is suspended (system sleep) and the sink is waiting for it to resume;
    /// `retry(now:)` tries again at `nextRetry`.
    case recovering(String)
    /// The device could not be opened or stopped working; `retry(now:)` reopens it at `nextRetry`.
    case unavailable(String)
}
