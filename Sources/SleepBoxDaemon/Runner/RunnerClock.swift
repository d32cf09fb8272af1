import SleepBoxCore

/// The time a `BoxRunner` runs on: the system's clocks on the box (`RealClock`), or a virtual
/// clock that moves only when the simulator moves it (`VirtualClock`).
public protocol RunnerClock: AnyObject {
    /// The current moment on both clocks: monotonic uptime and wall time.
    var now: Moment { get }
    /// Sets the wall clock to `wall` (seconds since 1970); false when this clock cannot be set
    /// (the system's clock is set by time synchronisation, not by the box).
    func setWall(_ wall: Double) -> Bool
    /// Whether the wall clock is synchronised to a time source; nil when there is nothing to
    /// check (a virtual clock reads what the script says).
    var isSynchronised: Bool? { get }
}
