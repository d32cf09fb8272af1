/// Something that hands out interleaved stereo float frames at its own sample rate: the decoder,
/// or the loop sequencer in front of it. The resampler pulls from one of these.
protocol StereoFrameReader: AnyObject {
    /// The rate of the frames this reader produces.
    var sampleRate: Int { get }

    /// Reads up to `frames` stereo frames into `buffer`; fewer only at the end of the stream.
    func readStereo(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int
}
