import SleepBoxUI

/// The panel, or what stands in for it.
public protocol DisplayOutput: AnyObject {
    /// Shows a frame (sending only what changed); never throws: a panel that stops answering is
    /// retried later while the box goes on.
    func show(_ framebuffer: Framebuffer, dimmed: Bool, at uptime: Double)
    /// Panel on or off (screen timeout).
    func setPower(_ on: Bool, at uptime: Double)
    /// Dark and empty (on exit).
    func blank(at uptime: Double)
    /// When the driver wants to retry a lost panel (monotonic seconds), if it does.
    var nextRetry: Double? { get }
    func retry(at uptime: Double)
    /// A line for `status` and `doctor`: "ok", "unavailable: ...".
    var statusText: String { get }
    /// The owner's brightness for the frames from now on, in percent of the panel's usable range
    /// by day or at night (`dimmed`).
    func setBrightness(_ percent: Int, dimmed: Bool, at uptime: Double)
}

extension DisplayOutput {
    /// A display without a brightness of its own ignores it.
    public func setBrightness(_ percent: Int, dimmed: Bool, at uptime: Double) {}
}
