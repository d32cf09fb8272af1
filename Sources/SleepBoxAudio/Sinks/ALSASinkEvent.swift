/// A change the daemon turns into its own event (shown, logged, traced).
public enum ALSASinkEvent: Sendable, Equatable, Hashable {
    /// The device could not be opened, or stopped working, for this reason; the sink retries.
    case lost(String)
    /// The device is open again after being lost.
    case restored
}
