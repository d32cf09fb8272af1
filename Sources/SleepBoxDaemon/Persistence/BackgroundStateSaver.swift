import SleepBoxCore
import SleepBoxRunner
import SleepBoxStore

/// The daemon's state file: saved in order on a worker thread, because an fsync on an SD card can
/// take tens of milliseconds and the loop must not wait for it. `work.drain()` waits for the last save.
/// Each outcome goes to `health` on the loop thread.
struct BackgroundStateSaver: StateSaving {
    let store: StateStore
    let work: WorkQueue
    let health: StateSaveHealth

    func load(now wall: Double) -> Snapshot? { store.load(now: wall) }

    func persist(_ snapshot: Snapshot) {
        let store = self.store
        let health = self.health
        work.run({ () -> String? in
            do {
                try store.save(snapshot)
                return nil
            } catch {
                return "cannot save the state: \(error)"
            }
        }, then: { health.record($0) })
    }
}
