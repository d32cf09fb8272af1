/// Plays one audio file (WAV, FLAC, Ogg Vorbis, Opus, MP3: whatever libsndfile decodes), streamed
/// a chunk at a time, never the whole file in memory. Any channel count becomes stereo (mono is
/// copied to both sides, wider files are down-mixed), any rate becomes the engine's through
/// libsoxr.
///
/// Positions and lengths are in engine frames. Seeking is sample-exact: after
/// `seek(toFrame: n)` the next rendered frame is the one uninterrupted playback would have
/// rendered at `n`, with or without resampling, in all five formats (libsndfile 1.2.0's own
/// seeks are not exact for MP3 and Ogg Vorbis; `SoundFileReader` works around that).
///
/// Damage discovered while playing (a truncated or corrupt file) ends the source early; the
/// reason is kept in `failure`. Render never blocks on, retries, or crashes over a bad file.
public final class FileSource: SeekableSource {
    /// The file being played.
    public var path: String { stream.path }
    /// The format this source renders: always stereo, at the engine's rate.
    public var format: AudioFormat { stream.format }
    /// The file's own sample rate.
    public let fileSampleRate: Int
    /// The file's own channel count.
    public let fileChannels: Int
    /// The resampler quality in use, or nil when the file is already at the engine's rate.
    public var resamplerQuality: ResamplerQuality? { stream.resampler?.quality }

    /// Frames rendered since the start, at the engine rate.
    public private(set) var positionFrames = 0
    /// The file's length at the engine rate; nil when the container does not declare it (an Ogg
    /// stream cut short). For an MP3 without a LAME/Xing header it is libmpg123's estimate from
    /// the file size, and playback may end a little before it.
    public let lengthFrames: Int?

    /// Why playback ended early, if it did: a decoder error, or the file holding less audio than
    /// it declared. Nil while all is well, and after a clean end.
    public var failure: AudioError? {
        if let failure = reader.failure { return failure }
        return stream.resamplingFailure
    }

    private let reader: SoundFileReader
    private let stream: EngineRateStream
    private let rateRatio: RateRatio

    /// Opens a file for playback.
    ///
    /// - Parameters:
    ///   - path: the file to play.
    ///   - format: the engine format; it must be stereo.
    ///   - quality: resampler quality, used only when the file's rate differs from the engine's;
    ///     by default the one for the file's rate (`ResamplerQuality.forSource(rate:)`).
    ///   - chunkFrames: frames decoded per libsndfile call; memory use is a few times this.
    /// - Throws: `AudioError` with the path when the file is missing, unreadable (with errno),
    ///   empty, or not an audio file libsndfile can decode (with its reason).
    public convenience init(
        path: String,
        format: AudioFormat = .engine,
        quality: ResamplerQuality? = nil,
        chunkFrames: Int = 4096
    ) throws(AudioError) {
        let reader = try EngineRateStream.openFile(path: path, format: format, chunkFrames: chunkFrames)
        try self.init(reader: reader, path: path, format: format, quality: quality, chunkFrames: chunkFrames)
    }

    /// Opens a file at its own rate (stereo): nothing resampled, for reading its length and rate
    /// or measuring it.
    public convenience init(atItsOwnRate path: String, chunkFrames: Int = 4096) throws(AudioError) {
        let reader = try SoundFileReader(path: path, chunkFrames: chunkFrames)
        try self.init(reader: reader, path: path, format: AudioFormat(sampleRate: reader.sampleRate), quality: nil,
                      chunkFrames: chunkFrames)
    }

    private init(reader: SoundFileReader, path: String, format: AudioFormat, quality: ResamplerQuality?,
                 chunkFrames: Int) throws(AudioError) {
        self.reader = reader
        fileSampleRate = reader.sampleRate
        fileChannels = reader.channels
        rateRatio = RateRatio(from: reader.sampleRate, to: format.sampleRate)
        stream = try EngineRateStream(
            path: path, source: reader, format: format,
            quality: quality ?? .forSource(rate: reader.sampleRate), chunkFrames: chunkFrames)
        lengthFrames = reader.declaredFrames.map(rateRatio.outputFrames(forInput:))
    }

    /// Renders up to `frames` stereo frames; fewer means the file has ended (or failed).
    public func render(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        let wanted = max(0, lengthFrames.map { min(frames, $0 - positionFrames) } ?? frames)
        guard wanted > 0 else { return 0 }
        let got = stream.render(into: buffer, frames: wanted)
        positionFrames += got
        return got
    }

    /// Moves to an engine frame, clamped to the length; the next render starts exactly there.
    ///
    /// With resampling the file is re-entered a little before the target, at a frame where the
    /// file and engine clocks coincide exactly (a multiple of `fileRate / gcd(fileRate,
    /// engineRate)` file frames), far enough back to fill the filter with real history; the
    /// resampler's output up to the target is rendered and discarded. The first frame after the
    /// seek is then the same sample uninterrupted playback produces there.
    public func seek(toFrame frame: Int) throws(AudioError) {
        let target = max(0, lengthFrames.map { min(frame, $0) } ?? frame)
        guard let resampler = stream.resampler else {
            try reader.seek(toFrame: target)
            positionFrames = reader.position
            return
        }
        let prerollBlocks = rateRatio.outputBlocks(covering: 2 * resampler.lookaheadFrames + 16)
        let startBlock = max(0, target / rateRatio.outputBlock - prerollBlocks)
        try reader.seek(toFrame: startBlock * rateRatio.inputBlock)
        resampler.reset()
        let skip = target - startBlock * rateRatio.outputBlock
        let skipped = resampler.discard(frames: skip)
        positionFrames = startBlock * rateRatio.outputBlock + skipped
    }
}
