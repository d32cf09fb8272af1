import SleepBoxAudio

/// A source that is silent until the real one is ready: an item whose speech is still being
/// rendered in the background, or a recording being opened and sought on the opening thread,
/// starts at once (quietly) and the sound comes in as soon as it is there, so neither buttons
/// nor sound ever wait for a file or the voice. The loop thread attaches the source; the engine
/// renders on the same thread.
///
/// A source attached after silence has been rendered comes in over `rampFrames` (about 5 ms), so
/// a recording opened in the middle (a crossfade, a seek, a resume) never starts with a step.
public final class DeferredSource: FailingSource {
    /// Where the item is to start, in seconds.
    public let position: Double
    /// The rate the real source is to render at; nil: the provider's.
    public let rate: Int?
    private var real: (any AudioSource)?
    public private(set) var failure: AudioError?
    private var failed: Bool { failure != nil }
    /// Frames of silence rendered while waiting.
    public private(set) var waitedFrames = 0
    /// Frames of the ramp still to go after a late attach.
    private var rampLeft = 0
    static let rampFrames = 256

    public init(position: Double, rate: Int? = nil) {
        self.position = position
        self.rate = rate
    }

    public var isWaiting: Bool { real == nil && !failed }

    /// The real source, once it is attached.
    public var attached: (any AudioSource)? { real }

    /// The real source arrived.
    public func attach(_ source: any AudioSource) {
        real = source
        rampLeft = waitedFrames > 0 ? Self.rampFrames : 0
    }

    /// The real source could not be made: the item ends, reported as failed for `reason`.
    public func fail(_ reason: AudioError) { failure = reason }

    public func render(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        if let real {
            let n = real.render(into: buffer, frames: frames)
            if rampLeft > 0 { rampIn(buffer, frames: n) }
            return n
        }
        if failed { return 0 }
        buffer.initialize(repeating: 0, count: 2 * frames)
        waitedFrames += frames
        return frames
    }

    /// Frame k of the ramp is at (k + 1) / rampFrames.
    private func rampIn(_ buffer: UnsafeMutablePointer<Float>, frames: Int) {
        let n = min(frames, rampLeft)
        let done = Self.rampFrames - rampLeft
        for i in 0..<n {
            let g = Float(done + i + 1) / Float(Self.rampFrames)
            buffer[2 * i] *= g
            buffer[2 * i + 1] *= g
        }
        rampLeft -= n
    }
}
