import SleepBoxCore
import SleepBoxRunner

/// The history store is where a runner keeps the history (the simulator writes at once).
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
