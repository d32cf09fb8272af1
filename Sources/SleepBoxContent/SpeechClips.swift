import SleepBoxAudio

/// The rendered speech of a program, held as 16-bit samples (half the memory of floats; the
/// voices render 16-bit audio in the first place), mono at the voice's own rate (espeak-ng:
/// 22,050 Hz, under half the samples of the engine's 48 kHz): `ProgramSource` resamples a clip as
/// it plays. Each clip also knows its length at the engine's rate, which is what the program's
/// layout counts. Immutable once built, so a finished plan can be handed to the audio thread.
public struct SpeechClips: Sendable, Equatable {
    /// The clips, each mono 16-bit at its rate (`rates`).
    public private(set) var samples: [[Int16]] = []
    /// Each clip's sample rate.
    public private(set) var rates: [Int] = []
    /// Each clip's length in frames at the engine's rate.
    public private(set) var lengths: [Int] = []

    /// No clips.
    public init() {}

    /// Adds a clip of float samples at the engine's rate (clamped to ±1; NaN becomes 0) and
    /// returns its index.
    public mutating func append(_ clip: [Float], format: AudioFormat = .engine) -> Int {
        append(clip, sampleRate: format.sampleRate, format: format)
    }

    /// Adds a clip of float samples at `sampleRate` for a program at `format`'s rate (clamped to
    /// ±1; NaN becomes 0) and returns its index. Its length at the engine's rate is
    /// `round(frames * engineRate / sampleRate)`, what the resampler gives.
    public mutating func append(_ clip: [Float], sampleRate: Int, format: AudioFormat) -> Int {
        samples.append(clip.map(Self.int16))
        rates.append(sampleRate)
        lengths.append(sampleRate == format.sampleRate ? clip.count
            : ClipResampler.outputFrames(forInput: clip.count, from: sampleRate, to: format.sampleRate))
        return samples.count - 1
    }

    /// Adds a clip's length alone (rendering ahead only fills the voice's cache: the program is
    /// measured, its speech not kept) and returns its index; it plays as silence.
    mutating func appendLength(_ frames: Int) -> Int {
        samples.append([])
        rates.append(0)
        lengths.append(frames)
        return samples.count - 1
    }

    /// The number of clips.
    public var count: Int { samples.count }

    /// The frames of clip `index` at the engine's rate (0 when there is no such clip).
    public func frames(_ index: Int) -> Int { lengths.indices.contains(index) ? lengths[index] : 0 }

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
