import Foundation
import Logging
import SleepBoxCore
import SleepBoxRunner
import SleepBoxStore

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
