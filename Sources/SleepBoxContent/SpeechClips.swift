/// The rendered speech of a program, held as 16-bit samples (half the memory of floats; the
/// voices render 16-bit audio in the first place), mono at the engine rate. Immutable once built,
/// so a finished plan can be handed to the audio thread.
public struct SpeechClips: Sendable, Equatable {
    /// The clips, each mono 16-bit.
    public private(set) var samples: [[Int16]] = []

    /// No clips.
    public init() {}

    /// Adds a clip of float samples (clamped to ±1; NaN becomes 0) and returns its index.
    public mutating func append(_ clip: [Float]) -> Int {
        samples.append(clip.map(Self.int16))
        return samples.count - 1
    }

    /// The number of clips.
    public var count: Int { samples.count }

    /// The frames of clip `index` (0 when there is no such clip).
    public func frames(_ index: Int) -> Int { samples.indices.contains(index) ? samples[index].count : 0 }

    /// The bytes the samples take.
    public var byteCount: Int { samples.reduce(0) { $0 + $1.count * MemoryLayout<Int16>.size } }

    /// The float value of a stored sample.
    @inline(__always)
    static func float(_ sample: Int16) -> Float { Float(sample) * (1 / 32_767) }

    static func int16(_ x: Float) -> Int16 {
        guard x.isFinite else { return 0 }
        return Int16((max(-1, min(1, x)) * 32_767).rounded())
    }
}
