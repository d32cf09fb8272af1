import SleepBoxAudio

/// A source that is silent until the real one is ready: an item whose speech is still being
/// rendered in the background starts at once (quietly) and the voice comes in as soon as it is
/// there, so neither buttons nor sound ever wait for the voice. The loop thread attaches the
/// source; the engine renders on the same thread.
public final class DeferredSource: AudioSource {
    /// Where the item is to start, in seconds.
    public let position: Double
    private var real: (any AudioSource)?
    private var failed = false

    public init(position: Double) { self.position = position }

    public var isWaiting: Bool { real == nil && !failed }

    /// The real source arrived.
    public func attach(_ source: any AudioSource) { real = source }

    /// The real source could not be made: the item ends.
    public func fail() { failed = true }

    public func render(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        if let real { return real.render(into: buffer, frames: frames) }
        if failed { return 0 }
        buffer.initialize(repeating: 0, count: 2 * frames)
        return frames
    }
}
