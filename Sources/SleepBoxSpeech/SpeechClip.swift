import SleepBoxAudio

/// Rendered speech: mono 32-bit float samples at one sample rate (the engine's, 48 kHz by default).
public struct SpeechClip: Sendable, Equatable {
    /// Mono samples, nominally within -1...1.
    public var samples: [Float]
    /// Samples per second.
    public var sampleRate: Int

    /// A clip of `samples` at `sampleRate`.
    public init(samples: [Float], sampleRate: Int) {
        self.samples = samples
        self.sampleRate = sampleRate
    }

    /// A clip of `samples` at the sample rate of `format` (the clip stays mono).
    public init(samples: [Float], format: AudioFormat) {
        self.init(samples: samples, sampleRate: format.sampleRate)
    }

    /// Length in frames (one sample per frame).
    public var frameCount: Int { samples.count }

    /// Length in seconds.
    public var duration: Double { sampleRate > 0 ? Double(samples.count) / Double(sampleRate) : 0 }

    /// True when there is nothing to play.
    public var isEmpty: Bool { samples.isEmpty }

    /// A fresh mono `ClipSource` over the samples, ready for the mixer (played on both channels).
    public func source() -> ClipSource {
        ClipSource(samples: samples, sampleRate: sampleRate, layout: .mono)
    }
}
