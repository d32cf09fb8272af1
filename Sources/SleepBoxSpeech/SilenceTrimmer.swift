/// Cuts the near-silence an engine puts before and after speech down to a fixed margin, so that a
/// clip starts and ends the same way whatever the engine did and the caller decides the pauses.
///
/// espeak-ng 1.51 (140 wpm, without `espeakENDPAUSE`) starts 14-15 ms before the first sample above
/// -50 dBFS and ends 10-35 ms after the last (measured over English and German sentences; it varies
/// because espeak-ng carries state between renders); with `espeakENDPAUSE` the end grows to about
/// 430 ms. Piper adds its own, varying with the model.
public struct SilenceTrimmer: Sendable, Equatable {
    /// Samples whose magnitude is at or below this count as silence (0.00316 is -50 dBFS).
    public var threshold: Float
    /// Silence kept before the first and after the last loud sample, in seconds.
    public var margin: Double

    /// -50 dBFS and a 10 ms margin.
    public init(threshold: Float = 0.003_162, margin: Double = 0.010) {
        self.threshold = threshold
        self.margin = margin
    }

    /// The default: -50 dBFS, 10 ms.
    public static let standard = SilenceTrimmer()

    /// Where the sound is: the index of the first and the last sample above the threshold, or nil when
    /// everything is silence.
    public func loudRange(_ samples: [Float]) -> ClosedRange<Int>? {
        guard let first = samples.firstIndex(where: { abs($0) > threshold }),
              let last = samples.lastIndex(where: { abs($0) > threshold }) else { return nil }
        return first...last
    }

    /// `samples` from `margin` before the first loud sample to `margin` after the last (clamped to the
    /// clip); empty when everything is silence.
    public func trim(_ samples: [Float], sampleRate: Int) -> [Float] {
        guard let loud = loudRange(samples) else { return [] }
        let keep = max(0, Int((margin * Double(sampleRate)).rounded()))
        let start = max(0, loud.lowerBound - keep)
        let end = min(samples.count, loud.upperBound + 1 + keep)
        return Array(samples[start..<end])
    }
}
