import SleepBoxCore

/// The daemon's state file: saved in order on a worker thread, because an fsync on an SD card can
/// take tens of milliseconds and the loop must not wait for it. `work.drain()` waits for the last save.
struct BackgroundStateSaver: StateSaving {
    let store: StateStore
    let work: WorkQueue

    func load(now wall: Double) -> Snapshot? { store.load(now: wall) }

    func persist(_ snapshot: Snapshot) {
        let store = self.store
        work.submit({
            do {
                try store.save(snapshot)
                return nil
            } catch {
                return "cannot save the state: \(error)"
            }
        }, log: { store.logger.error("\($0)") })
    }
}
