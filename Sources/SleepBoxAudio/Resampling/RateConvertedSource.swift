/// A source made at one rate, played by an engine running at another: the box's own sounds
/// (speech, beds, cues, the wake sound, all made at `[audio] sample_rate`) while the output runs
/// at a recording's own rate (`AudioEngine.changeRate(to:)`). Converted through libsoxr at the
/// quality for the source's rate (`ResamplerQuality.forSource(rate:)`), as it plays.
public final class RateConvertedSource: FailingSource {
    /// The source as it was made.
    public let inner: any AudioSource
    /// The rate `inner` renders at.
    public let inputRate: Int
    /// The rate this source renders at.
    public let outputRate: Int
    private let reader: Reader
    private let resampler: SoxrResampler

    /// `inner`, made at `inputRate`, rendered at `outputRate`.
    /// - Throws: `AudioError` when libsoxr cannot convert between the two rates.
    public init(_ inner: any AudioSource, from inputRate: Int, to outputRate: Int) throws(AudioError) {
        self.inner = inner
        self.inputRate = inputRate
        self.outputRate = outputRate
        reader = Reader(inner, sampleRate: inputRate)
        // Small chunks: a cue or a menu row is converted from its first frames. It never seeks:
        // no look-ahead to measure.
        resampler = try SoxrResampler(source: reader, outputRate: outputRate,
                                      quality: .forSource(rate: inputRate), chunkFrames: 1024, measuresLookahead: false)
    }

    public func render(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        resampler.render(into: buffer, frames: frames)
    }

    /// Why the inner source or the conversion stopped early, if either did.
    public var failure: AudioError? {
        (inner as? any FailingSource)?.failure ?? resampler.failure.map { AudioError(reason: "resampling failed: \($0)") }
    }

    /// Where the inner source is, in seconds, when it knows.
    public var positionSeconds: Double? {
        (inner as? any SeekableSource).map { Double($0.positionFrames) / Double(inputRate) }
    }

    /// Pulls `inner` for the resampler.
    private final class Reader: StereoFrameReader {
        let sampleRate: Int
        private let source: any AudioSource
        private var ended = false

        init(_ source: any AudioSource, sampleRate: Int) {
            self.source = source
            self.sampleRate = sampleRate
        }

        func readStereo(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int {
            guard !ended else { return 0 }
            let n = source.render(into: buffer, frames: frames)
            if n < frames { ended = true }
            return n
        }
    }
}
