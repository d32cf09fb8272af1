import CSoxr

/// Turns an engine's 16-bit PCM (espeak-ng and most Piper voices: 22,050 Hz mono) into float samples
/// at the mixer's rate with libsoxr.
enum SpeechResampler {
    /// Converts mono S16 `pcm` at `inputRate` to float at `outputRate`: `soxr_oneshot` with
    /// `soxr_io_spec(SOXR_INT16_I, SOXR_FLOAT32_I)` (soxr scales by 1/32768),
    /// `soxr_quality_spec(SOXR_HQ, 0)` (soxr_oneshot alone would use LQ) and one thread
    /// (`soxr_runtime_spec(1)`: the Pi's other cores play audio). Equal rates only convert.
    static func floats(fromS16 pcm: [Int16], inputRate: Int, outputRate: Int) throws(SpeechError.Reason) -> [Float] {
        if inputRate == outputRate, inputRate > 0 { return pcm.map { Float($0) / 32_768 } }
        return try resample(pcm, type: SOXR_INT16_I, inputRate: inputRate, outputRate: outputRate)
    }

    /// Resamples mono float `samples` from `inputRate` to `outputRate` the same way (soxr HQ, one
    /// thread); equal rates return them as they are.
    static func floats(from samples: [Float], inputRate: Int, outputRate: Int) throws(SpeechError.Reason) -> [Float] {
        if inputRate == outputRate, inputRate > 0 { return samples }
        return try resample(samples, type: SOXR_FLOAT32_I, inputRate: inputRate, outputRate: outputRate)
    }

    private static func resample<T>(_ pcm: [T], type: soxr_datatype_t, inputRate: Int, outputRate: Int) throws(SpeechError.Reason) -> [Float] {
        guard inputRate > 0, outputRate > 0 else {
            throw .resamplingFailed("invalid sample rates \(inputRate) -> \(outputRate)")
        }
        if pcm.isEmpty { return [] }

        let ratio = Double(outputRate) / Double(inputRate)
        // soxr_oneshot delivers round(ilen * ratio) samples; a little room keeps rounding safe.
        let capacity = Int((Double(pcm.count) * ratio).rounded(.up)) + 16
        var out = [Float](repeating: 0, count: capacity)
        var done = 0
        var io = soxr_io_spec(type, SOXR_FLOAT32_I)
        var quality = soxr_quality_spec(UInt(SOXR_HQ), 0)
        var runtime = soxr_runtime_spec(1)
        let error: soxr_error_t? = pcm.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                soxr_oneshot(Double(inputRate), Double(outputRate), 1,
                             input.baseAddress, input.count, nil,
                             output.baseAddress, output.count, &done,
                             &io, &quality, &runtime)
            }
        }
        if let error {
            throw .resamplingFailed(String(cString: error))
        }
        out.removeSubrange(min(done, out.count)...)
        return out
    }
}
