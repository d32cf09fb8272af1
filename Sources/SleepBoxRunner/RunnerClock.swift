import SleepBoxCore

/// The time a `BoxRunner` runs on: the system's clocks on the box (`RealClock`), or a virtual
/// clock that moves only when the simulator moves it (`VirtualClock`).
public protocol RunnerClock: AnyObject {
    /// The current moment on both clocks: monotonic uptime and wall time.
    var now: Moment { get }
    /// Sets the wall clock to `wall` (seconds since 1970), and the RTC with it when there is one.
    /// Throws when it could not be set (nothing changed then).
    func setWall(_ wall: Double) throws(ClockSetError) -> ClockSetOutcome
    /// Where the wall clock's time came from; nil when there is nothing to check (a virtual
    /// clock reads what the script says).
    var source: ClockSource? { get }
    /// Looks at the clock's devices again after the wall clock changed (the RTC).
    func refresh()
}
