import SleepBoxCore

/// Where a `BoxRunner` keeps the history: read once at start, written in batches (what one event
/// of the box produced, before the state file's save that follows it). A `HistoryStore` writes
/// at once (the simulator); a `BackgroundHistoryWriter` writes off the loop, in order with the
/// state file's saves (the daemon).
public protocol HistoryKeeping {
    /// Everything recorded so far (empty when the store cannot be read; the failure is logged).
    func loadHistory() -> [HistoryRecord]
    /// Writes `records` in one transaction; a failure is logged and the box goes on.
    func write(batch records: [HistoryRecord])
}
