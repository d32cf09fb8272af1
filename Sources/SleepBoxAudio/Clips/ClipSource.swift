/// A short sound held in memory (a bell, a tick, a decoded greeting), at the engine rate.
/// Mono clips play on both channels. Seekable to the frame.
public final class ClipSource: SeekableSource {
    /// How the samples are laid out.
    public enum Layout: Sendable, Equatable {
        /// One sample per frame, played on both channels.
        case mono
        /// Interleaved L R L R …; a trailing half frame is ignored.
        case stereo
    }

    /// The clip's sample rate (it is played as is: the caller resamples to the engine rate).
    public let sampleRate: Int
    /// The sample layout.
    public let layout: Layout
    /// Frames rendered since the start.
    public private(set) var positionFrames: Int = 0
    private let samples: ContiguousArray<Float>
    private let frameCount: Int

    /// A clip of `samples` (mono by default) at `sampleRate`.
    public init(samples: [Float], sampleRate: Int, layout: Layout = .mono) {
        self.samples = ContiguousArray(samples)
        self.sampleRate = sampleRate
        self.layout = layout
        frameCount = layout == .mono ? samples.count : samples.count / 2
    }

    /// The clip's length in frames.
    public var lengthFrames: Int? { frameCount }

    /// Length in seconds at the clip's rate.
    public var duration: Double { sampleRate > 0 ? Double(frameCount) / Double(sampleRate) : 0 }

    /// Copies up to `frames` frames from the current position; fewer (then 0) at the end.
    public func render(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        let n = max(0, min(frames, frameCount - positionFrames))
        guard n > 0 else { return 0 }
        let start = positionFrames
        samples.withUnsafeBufferPointer { clip in
            guard let base = clip.baseAddress else { return }
            switch layout {
            case .mono:
                let src = base + start
                for i in 0..<n {
                    let s = src[i]
                    buffer[2 * i] = s
                    buffer[2 * i + 1] = s
                }
            case .stereo:
                buffer.update(from: base + 2 * start, count: 2 * n)
            }
        }
        positionFrames += n
        return n
    }

    /// Moves to `frame` (clamped to 0…length); never throws.
    public func seek(toFrame frame: Int) throws(AudioError) {
        positionFrames = min(max(0, frame), frameCount)
    }
}
