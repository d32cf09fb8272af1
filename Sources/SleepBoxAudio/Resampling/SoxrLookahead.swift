import CSoxr

/// How far a libsoxr resampler's output lags its input, in input frames: what a seek must decode
/// ahead (`SoxrResampler`, `ClipResampler`).
enum SoxrLookahead {
    /// libsoxr reports its delay only while streaming: push `frames` of `silence` through four
    /// times, draining all output into `scratch` (room for `scratchFrames`), keep the largest
    /// delay seen (an over-estimate only costs a little extra decoding per seek), then clear.
    /// `bytesPerFrame` is the size of one input frame.
    static func measure(_ handle: soxr_t, silence: UnsafeRawPointer, bytesPerFrame: Int, frames: Int,
                        scratch: UnsafeMutableRawPointer, scratchFrames: Int) -> Int {
        var largest = 0.0
        for _ in 0..<4 {
            var offset = 0
            var rounds = 0
            while offset < frames && rounds < 1024 {
                var consumed = 0
                var written = 0
                let error = soxr_process(handle, silence + bytesPerFrame * offset, frames - offset, &consumed,
                                         scratch, scratchFrames, &written)
                if error != nil { break }
                offset += consumed
                rounds += 1
            }
            let delay = soxr_delay(handle)
            if delay.isFinite { largest = max(largest, delay) }
        }
        soxr_clear(handle)
        return Int(largest.rounded(.up))
    }
}
