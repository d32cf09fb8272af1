import Logging
import SleepBoxCore
import SleepBoxRunner
import SleepBoxStore

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
