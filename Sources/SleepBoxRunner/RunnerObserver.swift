import SleepBoxCore
import SleepBoxUI

/// Watches a `BoxRunner` without changing what it does: the simulator's trace, frame recorder
/// and summary. Every method has a default that does nothing.
public protocol RunnerObserver: AnyObject {
    /// The box came up (restored from the state file or fresh) and issued `commands`.
    func boxStarted(_ box: Box, restored: Bool, commands: [Command], at moment: Moment)
    /// The box handled `event` at `moment` and issued `commands`; `box` is the state after.
    func boxHandled(_ event: Event, commands: [Command], box: Box, at moment: Moment)
    /// A new frame went to the display.
    func frameShown(_ framebuffer: Framebuffer, dimmed: Bool, at moment: Moment)
    /// A new frame went to the display, at the panel's brightness (percent of its day or night
    /// range, as `dimmed` says). By default the same as `frameShown(_:dimmed:at:)`.
    func frameShown(_ framebuffer: Framebuffer, dimmed: Bool, brightness: Int, at moment: Moment)
    /// The light shows a new level (`LightDriver` updated it).
    func lightShown(_ shown: LightDriver.Output, at moment: Moment)
    /// When the observer wants to be woken (monotonic seconds), if it does.
    var nextWake: Double? { get }
    /// Its wake-up time has come (called after everything else due then).
    func wake(_ box: Box, at moment: Moment)
}

extension RunnerObserver {
    public func boxStarted(_ box: Box, restored: Bool, commands: [Command], at moment: Moment) {}
    public func boxHandled(_ event: Event, commands: [Command], box: Box, at moment: Moment) {}
    public func frameShown(_ framebuffer: Framebuffer, dimmed: Bool, at moment: Moment) {}
    public func frameShown(_ framebuffer: Framebuffer, dimmed: Bool, brightness: Int, at moment: Moment) {
        frameShown(framebuffer, dimmed: dimmed, at: moment)
    }
    public func lightShown(_ shown: LightDriver.Output, at moment: Moment) {}
    public var nextWake: Double? { nil }
    public func wake(_ box: Box, at moment: Moment) {}
}
