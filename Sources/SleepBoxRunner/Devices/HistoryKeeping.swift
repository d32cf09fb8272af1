import SleepBoxCore

/// Where a `BoxRunner` keeps the history: read at start (the nights summed up and the last ones
/// whole, `HistoryStore.summary`), written in batches (what one event of the box produced, before
/// the state file's save that follows it). A `HistoryStore` writes at once (the simulator); a
/// `BackgroundHistoryWriter` writes off the loop, in order with the state file's saves (the
/// daemon). A batch that cannot be written (the database locked by `history delete`, a full
/// disk) is kept and written with the next batch or at the next save.
public protocol HistoryKeeping {
    /// What the box needs of the history so far (empty when the store cannot be read; the
    /// failure is logged).
    func loadHistory() -> [HistoryRecord]
    /// Writes `records` (and any held back) in one transaction; a failure is logged, the records
    /// are kept for the next try and the box goes on.
    func write(batch records: [HistoryRecord])
    /// Tries again to write the records held back (the runner calls it at each state save).
    func retryPending()
}
