import Foundation
import Logging
import SleepBoxCore
import SleepBoxRunner

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

/// The history store is where a runner keeps the history (the simulator writes at once).
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

