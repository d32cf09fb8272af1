import Foundation
import Logging
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

/// Records that could not be written yet, oldest first; at most `limit` (the oldest beyond go,
/// with a log line).
public final class PendingHistory: @unchecked Sendable {
    public static let limit = 10_000
    private let lock = NSLock()
    private var records: [HistoryRecord] = []

    public init() {}

    public var count: Int { lock.withLock { records.count } }

    /// Writes what is held back and `new` to `store` in one transaction: nil when written, or the
    /// message for the log (the records are kept).
    public func write(_ new: [HistoryRecord], to store: HistoryStore) -> String? {
        let all: [HistoryRecord] = lock.withLock {
            let all = records + new
            records = []
            return all
        }
        guard !all.isEmpty else { return nil }
        do {
            try store.write(all)
            if all.count > new.count { store.logger.notice("\(store.path): \(all.count - new.count) history records held back are written") }
            return nil
        } catch {
            let dropped = max(0, all.count - PendingHistory.limit)
            lock.withLock { records = Array(all.suffix(PendingHistory.limit)) + records }
            return "cannot write the history (\(all.count - dropped) records kept, written at the next try"
                + (dropped > 0 ? "; the \(dropped) oldest dropped" : "") + "): \(error)"
        }
    }
}

extension HistoryStore: HistoryKeeping {
    public func loadHistory() -> [HistoryRecord] {
        do {
            return try summary().records
        } catch {
            logger.error("cannot read the history: \(error)")
            return []
        }
    }

    public func write(batch records: [HistoryRecord]) {
        if let problem = pending.write(records, to: self) { logger.error("\(problem)") }
    }

    public func retryPending() {
        guard pending.count > 0 else { return }
        write(batch: [])
    }
}

/// The daemon's history: written on the same worker as the state file, so a session's record is
/// on disk before the save that no longer holds it open. After the start's read, the history is
/// brought within its retention there too, a transaction a job.
struct BackgroundHistoryWriter: HistoryKeeping {
    let store: HistoryStore
    let work: WorkQueue
    let logger: Logger
    var retention = HistoryStore.Retention.standard

    func loadHistory() -> [HistoryRecord] {
        let records = store.loadHistory()
        prune(now: Date().timeIntervalSince1970)
        return records
    }

    func write(batch records: [HistoryRecord]) {
        let store = self.store
        work.run({ () -> String? in store.pending.write(records, to: store) },
                 then: { [logger] problem in if let problem { logger.error("\(problem)") } })
    }

    func retryPending() {
        guard store.pending.count > 0 else { return }
        write(batch: [])
    }

    /// Removes what is beyond the retention, one transaction a job on the worker.
    func prune(now: Double) {
        let store = self.store, retention = self.retention, logger = self.logger
        let box = UncheckedPruning()
        func step() {
            work.run({ () -> String? in
                do {
                    if box.pruning == nil { box.pruning = try HistoryStore.Pruning(store: store, now: now, retention: retention) }
                    if try box.pruning?.step() == true { return "" }
                    store.logPruned(box.pruning?.removed ?? 0, retention)
                    return nil
                } catch {
                    return "cannot keep the history within its retention: \(error)"
                }
            }, then: { message in
                if message == "" { step() } else if let message { logger.error("\(message)") }
            })
        }
        step()
    }
}

/// The pruning in progress, touched only on the worker.
private final class UncheckedPruning: @unchecked Sendable {
    var pruning: HistoryStore.Pruning?
}
