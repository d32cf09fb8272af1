import CSoxr

/// A libsoxr stream resampler for interleaved stereo float that pulls its input from a
/// `StereoFrameReader` in fixed chunks and drains the filter at the end of the input, so the
/// output has `round(inputFrames * outputRate / inputRate)` frames and none are lost.
///
/// libsoxr compensates its own filter delay: output frame `k` after `create` or `reset()`
/// is the signal at time `k / outputRate` measured from the first input frame. Seeking relies on
/// that (see `FileSource.seek(toFrame:)`).
final class SoxrResampler {
    let inputRate: Int
    let outputRate: Int
    let quality: ResamplerQuality
    /// The filter's look-ahead in output frames, measured once at creation: how much input
    /// history a seek must replay before its output is identical to uninterrupted playback.
    private(set) var lookaheadFrames = 0
    private(set) var failure: String?

    private let handle: OpaquePointer
    private let source: any StereoFrameReader
    private let chunkFrames: Int
    private let input: UnsafeMutablePointer<Float>
    private var inputOffset = 0
    private var inputCount = 0
    private var inputEnded = false
    private var drained = false
    /// Where `discard(frames:)` renders what it throws away.
    private let scratch: UnsafeMutablePointer<Float>

    /// `measuresLookahead` false leaves `lookaheadFrames` at 0, for a stream that never seeks
    /// (measuring pushes a few chunks of silence through the filter: work wasted on a cue).
    init(
        source: any StereoFrameReader, outputRate: Int, quality: ResamplerQuality, chunkFrames: Int,
        measuresLookahead: Bool = true
    ) throws(AudioError) {
        self.source = source
        inputRate = source.sampleRate
        self.outputRate = outputRate
        self.quality = quality
        self.chunkFrames = max(64, chunkFrames)

        var error: soxr_error_t?
        var qualitySpec = soxr_quality_spec(quality.soxrRecipe, 0)
        // One thread: the Pi's other cores belong to the UI and the rest of the mixer.
        var runtimeSpec = soxr_runtime_spec(1)
        let created = soxr_create(
            Double(inputRate), Double(outputRate), 2, &error, nil, &qualitySpec, &runtimeSpec)
        guard let created, error == nil else {
            if let created { soxr_delete(created) }
            let reason = error.map { String(cString: $0) } ?? "unknown error"
            throw AudioError(reason: "cannot resample \(inputRate) Hz to \(outputRate) Hz: \(reason)")
        }
        handle = created
        input = .allocate(capacity: self.chunkFrames * 2)
        input.initialize(repeating: 0, count: self.chunkFrames * 2)
        scratch = .allocate(capacity: self.chunkFrames * 2)
        scratch.initialize(repeating: 0, count: self.chunkFrames * 2)
        if measuresLookahead { lookaheadFrames = measureLookahead() }
    }

    deinit {
        soxr_delete(handle)
        input.deallocate()
        scratch.deallocate()
    }

    /// Renders up to `frames` output frames; fewer only once the input has ended and the filter
    /// has been drained (or libsoxr reported an error).
    func render(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        var produced = 0
        var idleRounds = 0
        while produced < frames && !drained {
            if inputCount == 0 && !inputEnded {
                inputOffset = 0
                inputCount = source.readStereo(into: input, frames: chunkFrames)
                inputEnded = inputCount == 0
            }
            var consumed = 0
            var written = 0
            // A null input pointer is libsoxr's end-of-input signal: it then flushes the filter.
            let inputPointer: UnsafeRawPointer? = inputCount > 0 ? UnsafeRawPointer(input + 2 * inputOffset) : nil
            let error = soxr_process(
                handle, inputPointer, inputCount, &consumed,
                buffer + 2 * produced, frames - produced, &written)
            if let error {
                failure = String(cString: error)
                drained = true
                break
            }
            inputOffset += consumed
            inputCount -= consumed
            produced += written
            if inputPointer == nil && written == 0 {
                drained = true
            } else if consumed == 0 && written == 0 {
                // libsoxr neither took input nor gave output: never spin on it.
                idleRounds += 1
                if idleRounds > 8 {
                    failure = "resampler stalled"
                    drained = true
                }
            } else {
                idleRounds = 0
            }
        }
        return produced
    }

    /// Renders and throws away `frames` output frames; returns how many there were.
    @discardableResult
    func discard(frames: Int) -> Int {
        var remaining = frames
        while remaining > 0 {
            let wanted = min(remaining, chunkFrames)
            let got = render(into: scratch, frames: wanted)
            remaining -= got
            if got < wanted { break }
        }
        return frames - remaining
    }

    /// Forgets all filter state and buffered input, as for a fresh signal (after a seek).
    func reset() {
        soxr_clear(handle)
        inputOffset = 0
        inputCount = 0
        inputEnded = false
        drained = false
    }

    /// The resampler's delay (`SoxrLookahead`), measured on stereo silence.
    private func measureLookahead() -> Int {
        let silence = UnsafeMutablePointer<Float>.allocate(capacity: 2 * chunkFrames)
        silence.initialize(repeating: 0, count: 2 * chunkFrames)
        defer { silence.deallocate() }
        return SoxrLookahead.measure(handle, silence: silence, bytesPerFrame: 2 * MemoryLayout<Float>.size, frames: chunkFrames,
                                     scratch: scratch, scratchFrames: chunkFrames)
    }
}
