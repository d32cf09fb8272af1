/// Where an `OLEDPanel` is in its life.
public enum OLEDPanelState: Sendable, Hashable {
    /// Nothing sent yet: the first `show` runs the init sequence.
    case notStarted
    /// Initialised and holding the last frame sent.
    case ready
    /// The last transfer failed at `since` (the caller's clock); `retry(now:)` tries again from
    /// `OLEDPanel.nextRetry` on.
    case unavailable(I2CError, since: Double)
}
