/// A stereo frame reader at a file's own rate, brought to the engine's rate: through libsoxr when
/// the two differ, straight through when they match. `FileSource` and `LoopingSource` render
/// through one.
final class EngineRateStream {
    /// The file behind the reader.
    let path: String
    /// The format rendered: stereo at the engine's rate.
    let format: AudioFormat
    /// The resampler in use, or nil when the file is already at the engine's rate.
    let resampler: SoxrResampler?
    private let source: any StereoFrameReader

    /// Opens `path` for a source that renders `format`, after checking that the format is one the
    /// engine renders (stereo at a positive rate).
    /// - Throws: `AudioError` with the path for another format, and as `SoundFileReader` does.
    static func openFile(path: String, format: AudioFormat, chunkFrames: Int) throws(AudioError) -> SoundFileReader {
        guard format.channels == 2, format.sampleRate > 0 else {
            throw AudioError(
                path: path,
                reason: "engine format must be stereo at a positive rate, not \(format.channels) "
                    + "channels at \(format.sampleRate) Hz")
        }
        return try SoundFileReader(path: path, chunkFrames: chunkFrames)
    }

    /// Reads `source` at `format`'s rate, resampling at `quality` in chunks of `chunkFrames`
    /// when the rates differ.
    /// - Throws: `AudioError` with `path` when libsoxr cannot resample between the two rates.
    init(
        path: String, source: any StereoFrameReader, format: AudioFormat, quality: ResamplerQuality,
        chunkFrames: Int
    ) throws(AudioError) {
        self.path = path
        self.format = format
        self.source = source
        if source.sampleRate == format.sampleRate {
            resampler = nil
        } else {
            do {
                resampler = try SoxrResampler(
                    source: source, outputRate: format.sampleRate, quality: quality,
                    chunkFrames: chunkFrames)
            } catch {
                throw AudioError(path: path, reason: error.reason)
            }
        }
    }

    /// Renders up to `frames` stereo frames at the engine's rate; fewer at the end of the source.
    func render(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        resampler.map { $0.render(into: buffer, frames: frames) }
            ?? source.readStereo(into: buffer, frames: frames)
    }

    /// Why resampling stopped, if it did.
    var resamplingFailure: AudioError? {
        resampler?.failure.map { AudioError(path: path, reason: "resampling failed: \($0)") }
    }
}
