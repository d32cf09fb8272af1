import SleepBoxCore
import SleepBoxRunner

/// The wake light in the simulator: the channels `[light]` describes, with nothing behind them.
/// It keeps what it was last set to (the frames' light indicator and the status read it); the
/// trace gets each level from the runner (`TraceRecorder.lightShown`).
public final class SimulatedLight: LightOutput {
    public let channels: [LightChannel]
    /// Each channel's duty cycle as last set.
    public private(set) var duties: [Double]
    /// How many times it was set.
    public private(set) var updates = 0

    public init(channels: [LightChannel]) {
        self.channels = channels
        self.duties = channels.map { _ in 0 }
    }

    public func set(_ duties: [Double], at now: Moment) {
        self.duties = duties
        updates += 1
    }

    /// The light's luminance as a share of its full output (0...1), all channels together.
    public var luminance: Double {
        let full = channels.reduce(0) { $0 + $1.output * $1.maximum }
        guard full > 0 else { return 0 }
        return zip(channels, duties).reduce(0) { $0 + $1.0.output * $1.1 } / full
    }

    public var statusText: String {
        "simulated, \(channels.count) channel\(channels.count == 1 ? "" : "s"), duty " + duties.map { String(($0 * 1e4).rounded() / 1e4) }.joined(separator: ", ")
    }
}
