import SleepBoxAudio
import SleepBoxSystem

/// Plays an ambient generator item: the generator at the item's `level_db`, for exactly its
/// `length`. Seekable: the sound does not change over time in any way a listener could place, so
/// a seek moves the position (and the end) without touching the sound.
public final class GeneratorSource: SeekableSource {
    /// The item played.
    public let item: GeneratorItem
    /// The length in frames (the item's `length`).
    public let totalFrames: Int
    /// Frames rendered since the start (after a seek: the frame sought).
    public private(set) var positionFrames = 0
    private let generator: (any AudioSource)?
    private let gain: Float

    /// A source for `item`, its randomness from `seed`.
    public init(item: GeneratorItem, seed: UInt64, format: AudioFormat = .engine) {
        self.item = item
        let length = item.length.isFinite ? min(max(0, item.length), DurationText.maximumSeconds) : 0
        totalFrames = format.frames(length)
        gain = item.gain
        switch item.generator {
        case .rain: generator = RainGenerator(seed: seed, format: format)
        case .ocean: generator = OceanGenerator(seed: seed, format: format)
        case .forest: generator = ForestGenerator(seed: seed, format: format)
        case .white: generator = NoiseGenerator(color: .white, seed: seed, format: format)
        case .pink: generator = NoiseGenerator(color: .pink, seed: seed, format: format)
        case .brown: generator = NoiseGenerator(color: .brown, seed: seed, format: format)
        case .silence: generator = nil
        case .binaural, .isochronic:
            generator = BrainwaveTone(style: item.generator.toneStyle ?? .isochronic, beatHz: (item.state ?? .delta).beatHz,
                                      carrierHz: item.carrierHz, format: format)
        }
    }

    /// The length in frames.
    public var lengthFrames: Int? { totalFrames }

    /// Renders up to `frames` frames; fewer (then 0) at the end.
    public func render(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        let n = max(0, min(frames, totalFrames - positionFrames))
        guard n > 0 else { return 0 }
        var got = 0
        if let generator {
            got = max(0, min(n, generator.render(into: buffer, frames: n)))
            if gain != 1 {
                for i in 0..<(2 * got) { buffer[i] *= gain }
            }
        }
        if got < n { (buffer + 2 * got).update(repeating: 0, count: 2 * (n - got)) }
        positionFrames += n
        return n
    }

    /// Moves to `frame` (clamped to 0…length).
    public func seek(toFrame frame: Int) throws(AudioError) {
        positionFrames = min(max(0, frame), totalFrames)
    }
}
