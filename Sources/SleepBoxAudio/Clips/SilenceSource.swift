/// Digital silence of an exact length: gaps between items, padding, tests.
public final class SilenceSource: SeekableSource {
    /// Length in frames.
    public let frames: Int
    /// Frames rendered since the start.
    public private(set) var positionFrames: Int = 0

    /// Silence lasting exactly `frames` frames (negative counts as 0).
    public init(frames: Int) {
        self.frames = max(0, frames)
    }

    /// The length in frames.
    public var lengthFrames: Int? { frames }

    /// Writes up to `frames` frames of zeros; fewer (then 0) at the end.
    public func render(into buffer: UnsafeMutablePointer<Float>, frames requested: Int) -> Int {
        let n = max(0, min(requested, frames - positionFrames))
        if n > 0 { buffer.update(repeating: 0, count: n * 2) }
        positionFrames += n
        return n
    }

    /// Moves to `frame` (clamped to 0…length); never throws.
    public func seek(toFrame frame: Int) throws(AudioError) {
        positionFrames = min(max(0, frame), frames)
    }
}
