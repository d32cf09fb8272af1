/// Where the engine's sound goes: an ALSA device, a WAV file, or nowhere. A sink takes
/// interleaved 32-bit float frames in its `format` and converts them as its destination needs.
public protocol AudioSink: AnyObject {
    /// The format `write` expects: interleaved float frames, `format.channels` per frame.
    var format: AudioFormat { get }

    /// Writes `frames` interleaved frames from `buffer`; returns how many were taken. May block
    /// while a device's buffer is full.
    func write(_ buffer: UnsafePointer<Float>, frames: Int) throws(AudioSinkError) -> Int

    /// Finishes and releases the destination; later writes fail. Safe to call more than once.
    func close()

    /// Waits until everything written has reached its destination (played, or on disk).
    func drain()
}

extension AudioSink {
    /// Sinks with nothing queued have nothing to wait for.
    public func drain() {}
}
