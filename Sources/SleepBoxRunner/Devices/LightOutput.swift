import SleepBoxCore

/// The light: channels of LEDs dimmed by duty cycle (a warm and a cool white, or one). The
/// core's plans reach it through the runner's `LightDriver`, which hands it one duty cycle per
/// channel at each update.
public protocol LightOutput: AnyObject {
    /// Its channels, in the order `set` takes their duties (empty: no light).
    var channels: [LightChannel] { get }
    /// Sets each channel's duty cycle (0...1). Never throws: a light that stops answering is
    /// retried (`nextRetry`) while the box goes on.
    func set(_ duties: [Double], at now: Moment)
    /// When the adapter wants to try a lost light again (monotonic seconds), if it does.
    var nextRetry: Double? { get }
    func retry(at now: Moment)
    /// A line for `status` and `doctor`: "pwmchip0 channels 0, 1: ok", "none", "lost: ...".
    var statusText: String { get }
}

extension LightOutput {
    /// Never loses its light.
    public var nextRetry: Double? { nil }
    public func retry(at now: Moment) {}
}

/// No light: the box behaves as it did without one.
public final class NoLight: LightOutput {
    public init() {}
    public var channels: [LightChannel] { [] }
    public func set(_ duties: [Double], at now: Moment) {}
    public var statusText: String { "none" }
}
