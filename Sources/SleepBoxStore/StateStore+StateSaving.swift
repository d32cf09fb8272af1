import SleepBoxCore
import SleepBoxRunner

/// The state file is where a runner keeps its state (the simulator saves at once).
extension StateStore: StateSaving {
    public func persist(_ snapshot: Snapshot) {
        do {
            try save(snapshot)
        } catch {
            logger.error("cannot save the state: \(error)")
        }
    }
}
