/// A sink that accepts frames and throws them away, counting them: for running the engine
/// without a sound card (the simulator, tests, benchmarks).
public final class NullSink: AudioSink {
    /// The frames `write` expects.
    public let format: AudioFormat
    /// Frames accepted since creation.
    public private(set) var framesWritten = 0
    /// Whether `close()` has been called.
    public private(set) var isClosed = false

    /// - Parameter format: the format it claims to take (the engine's by default).
    public init(format: AudioFormat = .engine) {
        self.format = format
    }

    /// Counts and discards `frames` frames; returns `frames`. Throws once the sink is closed.
    public func write(_ buffer: UnsafePointer<Float>, frames: Int) throws(AudioSinkError) -> Int {
        guard !isClosed else {
            throw AudioSinkError(device: "null", reason: "sink is closed")
        }
        let accepted = max(0, frames)
        framesWritten += accepted
        return accepted
    }

    /// Marks the sink closed; later writes throw.
    public func close() {
        isClosed = true
    }
}
