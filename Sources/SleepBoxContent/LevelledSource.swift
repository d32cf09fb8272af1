import SleepBoxAudio

/// A source at a fixed gain (an item brought to the target loudness); seeks pass through when the
/// source can seek.
public final class LevelledSource: SeekableSource {
    /// The source played.
    public let source: any AudioSource
    /// The factor every sample is multiplied by.
    public let gain: Float

    /// `source` times `gain`.
    public init(_ source: any AudioSource, gain: Float) {
        self.source = source
        self.gain = gain
    }

    public var positionFrames: Int { (source as? any SeekableSource)?.positionFrames ?? 0 }
    public var lengthFrames: Int? { (source as? any SeekableSource)?.lengthFrames }

    public func render(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        let n = source.render(into: buffer, frames: frames)
        for i in 0..<(2 * max(0, n)) { buffer[i] *= gain }
        return n
    }

    public func seek(toFrame frame: Int) throws(AudioError) {
        guard let seekable = source as? any SeekableSource else {
            throw AudioError(reason: "this sound cannot jump")
        }
        try seekable.seek(toFrame: frame)
    }
}
