/// Plays an ambient file over and over, forever, without a gap: the loop is made at the file's own
/// rate (sample-exact) and only then resampled, so a file that loops cleanly at 44.1 kHz loops
/// just as cleanly on a 48 kHz engine.
///
/// With a crossfade the end of each pass fades into the beginning of the next under equal-power
/// curves, so a file whose last and first samples do not match still loops without a click. Equal
/// power keeps the loudness steady for uncorrelated material (rain, noise, ambience); material that
/// is in phase across the seam gets up to +3 dB for the length of the fade.
///
/// The source only ends if the file turns out to be damaged: `failure` then says why.
public final class LoopingSource: AudioSource {
    /// The file being looped.
    public var path: String { stream.path }
    /// The format this source renders: always stereo, at the engine's rate.
    public var format: AudioFormat { stream.format }
    /// The file's own sample rate.
    public let fileSampleRate: Int
    /// The crossfade at each seam, in the file's frames (0: plain sample-exact loop).
    public var crossfadeFileFrames: Int { sequencer.fade }
    /// Frames rendered since the start, at the engine rate.
    public private(set) var positionFrames = 0

    /// Why the loop stopped, if it did (a truncated or corrupt file); nil while it plays.
    public var failure: AudioError? {
        if let failure = sequencer.failure { return failure }
        return stream.resamplingFailure
    }

    private let sequencer: LoopSequencer
    private let stream: EngineRateStream

    /// Opens a file for endless playback.
    ///
    /// - Parameters:
    ///   - path: the file to loop.
    ///   - crossfade: seconds of equal-power crossfade at each seam (50-200 ms suits most ambient
    ///     files; 0 for a sample-exact gapless loop). Limited to half the file's length.
    ///   - format: the engine format; it must be stereo.
    ///   - quality: resampler quality, used only when the file's rate differs from the engine's;
    ///     by default the one for the file's rate (`ResamplerQuality.forSource(rate:)`).
    ///   - chunkFrames: frames decoded per libsndfile call.
    /// - Throws: `AudioError` with the path, as `FileSource` does.
    public init(
        path: String,
        crossfade: Double = 0.1,
        format: AudioFormat = .engine,
        quality: ResamplerQuality? = nil,
        chunkFrames: Int = 4096
    ) throws(AudioError) {
        let reader = try EngineRateStream.openFile(path: path, format: format, chunkFrames: chunkFrames)
        fileSampleRate = reader.sampleRate
        let seconds = crossfade.isFinite ? max(0, crossfade) : 0
        let fadeFrames = Int((seconds * Double(reader.sampleRate)).rounded())
        sequencer = try LoopSequencer(reader: reader, fadeFrames: fadeFrames)
        stream = try EngineRateStream(
            path: path, source: sequencer, format: format,
            quality: quality ?? .forSource(rate: reader.sampleRate), chunkFrames: chunkFrames)
    }

    /// Renders `frames` stereo frames; fewer only if the file turned out to be damaged.
    public func render(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        guard frames > 0 else { return 0 }
        let got = stream.render(into: buffer, frames: frames)
        positionFrames += got
        return got
    }
}
