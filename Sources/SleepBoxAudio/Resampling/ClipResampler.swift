import CSoxr

/// Plays mono 16-bit clips held at their own rate (speech at the voice's 22,050 Hz) at the
/// engine's rate, resampled with libsoxr as they play, so a clip loaded from the speech cache is
/// never resampled whole before it can play.
///
/// One resampler serves clip after clip of one rate (`start` clears the filter and keeps it: no
/// filter is designed while playing). A clip of `n` frames gives exactly
/// `RateRatio.outputFrames(forInput: n)` frames, `round(n * outputRate / inputRate)`, as
/// `soxr_oneshot` did when clips were resampled whole: the program's timing stays the same.
///
/// Starting in the middle of a clip is sample-exact in the way `FileSource.seek(toFrame:)` is:
/// the clip is entered at a frame where the two clocks coincide (a multiple of
/// `inputRate / gcd` input frames), far enough back to fill the filter with real history, and
/// the output up to the wanted frame is rendered and thrown away.
public final class ClipResampler {
    /// The clips' rate.
    public let inputRate: Int
    /// The rate rendered.
    public let outputRate: Int
    /// The libsoxr recipe.
    public let quality: ResamplerQuality
    /// Why resampling stopped, if it did (the rest of the clip is then silent).
    public private(set) var failure: String?

    private let handle: OpaquePointer
    private let ratio: RateRatio
    /// The filter's look-ahead in output frames, measured at the first start in the middle of a
    /// clip (a clip started from its beginning, the usual case, never needs it): the history
    /// such a start replays.
    private(set) lazy var lookaheadFrames = measureLookahead()
    private var clip: [Int16] = []
    private var inputPosition = 0
    private var produced = 0
    private var total = 0
    private var drained = true
    private let scratch: UnsafeMutablePointer<Float>
    private static let scratchFrames = 1024

    /// A resampler from `inputRate` to `outputRate` at `quality`; samples are read as
    /// `Int16 / 32767` (the scale `SpeechClips` keeps them at) unless `scale` says otherwise.
    /// - Throws: `AudioError` when libsoxr cannot convert between the two rates.
    public init(inputRate: Int, outputRate: Int, quality: ResamplerQuality, scale: Double = 1.0 / 32_767) throws(AudioError) {
        guard inputRate > 0, outputRate > 0 else {
            throw AudioError(reason: "cannot resample \(inputRate) Hz to \(outputRate) Hz")
        }
        self.inputRate = inputRate
        self.outputRate = outputRate
        self.quality = quality
        ratio = RateRatio(from: inputRate, to: outputRate)
        var error: soxr_error_t?
        // soxr scales 16-bit input by 1/32768; `scale` is applied on top of that.
        var io = soxr_io_spec(SOXR_INT16_I, SOXR_FLOAT32_I)
        io.scale = scale * 32_768
        var qualitySpec = soxr_quality_spec(quality.soxrRecipe, 0)
        var runtime = soxr_runtime_spec(1)
        let created = soxr_create(Double(inputRate), Double(outputRate), 1, &error, &io, &qualitySpec, &runtime)
        guard let created, error == nil else {
            if let created { soxr_delete(created) }
            throw AudioError(reason: "cannot resample \(inputRate) Hz to \(outputRate) Hz: \(error.map { String(cString: $0) } ?? "unknown error")")
        }
        handle = created
        scratch = .allocate(capacity: Self.scratchFrames)
        scratch.initialize(repeating: 0, count: Self.scratchFrames)
    }

    deinit {
        soxr_delete(handle)
        scratch.deallocate()
    }

    /// The frames a clip of `inputFrames` frames gives at the output rate.
    public func outputFrames(forInput inputFrames: Int) -> Int { ratio.outputFrames(forInput: inputFrames) }

    /// The frames a clip of `inputFrames` frames at `inputRate` gives at `outputRate`:
    /// `round(inputFrames * outputRate / inputRate)`.
    public static func outputFrames(forInput inputFrames: Int, from inputRate: Int, to outputRate: Int) -> Int {
        RateRatio(from: inputRate, to: outputRate).outputFrames(forInput: inputFrames)
    }

    /// Starts `samples` (mono, at `inputRate`) so that the next frame rendered is its output
    /// frame `offset`.
    public func start(_ samples: [Int16], atOutputFrame offset: Int) {
        let total = ratio.outputFrames(forInput: samples.count)
        let target = min(max(0, offset), total)
        // Measured (and the filter cleared again) before the clip is set up.
        let prerollBlocks = target > 0 ? ratio.outputBlocks(covering: 2 * lookaheadFrames + 16) : 0
        soxr_clear(handle)
        clip = samples
        self.total = total
        failure = nil
        drained = false
        let startBlock = max(0, target / ratio.outputBlock - prerollBlocks)
        inputPosition = min(samples.count, startBlock * ratio.inputBlock)
        produced = startBlock * ratio.outputBlock
        var skip = target - produced
        while skip > 0 {
            let got = render(into: scratch, frames: min(skip, Self.scratchFrames))
            if got == 0 { break }
            skip -= got
        }
    }

    /// Adds up to `frames` frames of the clip to both channels of the interleaved stereo `out`;
    /// returns how many (fewer only at the clip's end).
    public func mix(into out: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        var done = 0
        while done < frames {
            let got = render(into: scratch, frames: min(frames - done, Self.scratchFrames))
            guard got > 0 else { break }
            let target = out + 2 * done
            for i in 0..<got {
                let s = scratch[i]
                target[2 * i] += s
                target[2 * i + 1] += s
            }
            done += got
        }
        return done
    }

    /// Renders up to `frames` mono output frames of the clip into `buffer`.
    private func render(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        let wanted = min(frames, total - produced)
        guard wanted > 0 else { return 0 }
        var done = 0
        var idle = 0
        while done < wanted, !drained {
            let left = clip.count - inputPosition
            var consumed = 0, written = 0
            let error: soxr_error_t? = clip.withUnsafeBufferPointer { samples in
                // A null input is libsoxr's end of input: it then flushes the filter.
                let input: UnsafeRawPointer? = left > 0 ? UnsafeRawPointer(samples.baseAddress! + inputPosition) : nil
                return soxr_process(handle, input, left, &consumed, buffer + done, wanted - done, &written)
            }
            if let error {
                failure = String(cString: error)
                drained = true
                break
            }
            inputPosition += consumed
            done += written
            if left == 0, written == 0 {
                drained = true
            } else if consumed == 0, written == 0 {
                idle += 1
                if idle > 8 {
                    failure = "resampler stalled"
                    drained = true
                }
            } else {
                idle = 0
            }
        }
        produced += done
        return done
    }

    /// The resampler's delay (`SoxrLookahead`), measured on 16-bit silence.
    private func measureLookahead() -> Int {
        let silence = [Int16](repeating: 0, count: Self.scratchFrames)
        return silence.withUnsafeBytes { input in
            SoxrLookahead.measure(handle, silence: input.baseAddress!, bytesPerFrame: MemoryLayout<Int16>.size,
                                  frames: Self.scratchFrames, scratch: scratch, scratchFrames: Self.scratchFrames)
        }
    }
}
