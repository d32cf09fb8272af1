import Logging
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

extension HistoryStore: HistoryKeeping {
    public func loadHistory() -> [HistoryRecord] {
        do {
            return try load()
        } catch {
            logger.error("cannot read the history: \(error)")
            return []
        }
    }

    public func write(batch records: [HistoryRecord]) {
        do {
            try write(records)
        } catch {
            logger.error("cannot write the history: \(error)")
        }
    }
}

/// The daemon's history: written on the same worker as the state file, so a session's record is
/// on disk before the save that no longer holds it open.
struct BackgroundHistoryWriter: HistoryKeeping {
    let store: HistoryStore
    let work: WorkQueue
    let logger: Logger

    func loadHistory() -> [HistoryRecord] { store.loadHistory() }

    func write(batch records: [HistoryRecord]) {
        let store = self.store
        let logger = self.logger
        work.run({ () -> String? in
            do {
                try store.write(records)
                return nil
            } catch {
                return "cannot write the history: \(error)"
            }
        }, then: { problem in if let problem { logger.error("\(problem)") } })
    }
}
