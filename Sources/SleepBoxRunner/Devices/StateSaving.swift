import SleepBoxCore

/// Where a `BoxRunner` keeps the state file: loaded when the box starts, saved on every
/// `persist` command. A `StateStore` saves at once (the simulator: a scripted run is over when its
/// last save is on disk); a `BackgroundStateSaver` saves off the loop (the daemon).
public protocol StateSaving {
    /// The saved snapshot, or nil (none, or unusable and moved aside). `wall` names a moved-aside file.
    func load(now wall: Double) -> Snapshot?
    /// Saves `snapshot`; a failure is logged and the box goes on.
    func persist(_ snapshot: Snapshot)
}
