import SleepBoxUI

/// No panel at all: the scripted simulator, whose frames go to observers (PNG files, the terminal).
public final class NoDisplay: DisplayOutput {
    public init() {}
    public func show(_ framebuffer: Framebuffer, dimmed: Bool, at uptime: Double) {}
    public func setPower(_ on: Bool, at uptime: Double) {}
    public func blank(at uptime: Double) {}
    public var nextRetry: Double? { nil }
    public func retry(at uptime: Double) {}
    public var statusText: String { "none" }
}
