#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The level of what was played, window by window (RMS of both channels, in dBFS; digital
/// silence is -inf): the data behind a night's level plot and the fade tests.
public struct EnvelopeMeter: Sendable {
    public let windowFrames: Int
    /// One value per finished window, dBFS.
    public private(set) var levels: [Float] = []
    /// The highest sample magnitude seen in each window.
    public private(set) var peaks: [Float] = []
    private var sum: Double = 0
    private var peak: Float = 0
    private var count = 0

    public init(windowFrames: Int) { self.windowFrames = max(1, windowFrames) }

    /// Takes interleaved stereo frames.
    public mutating func add(_ buffer: UnsafePointer<Float>, frames: Int) {
        var i = 0
        while i < frames {
            let n = min(frames - i, windowFrames - count)
            var s = sum
            var p = peak
            for k in (2 * i)..<(2 * (i + n)) {
                let x = buffer[k]
                s += Double(x * x)
                p = max(p, abs(x))
            }
            sum = s
            peak = p
            count += n
            i += n
            if count == windowFrames { close() }
        }
    }

    /// Takes `frames` frames of digital silence without touching memory.
    public mutating func addSilence(frames: Int) {
        var left = frames
        while left > 0 {
            let n = min(left, windowFrames - count)
            count += n
            left -= n
            if count == windowFrames { close() }
        }
    }

    private mutating func close() {
        let rms = (sum / Double(2 * windowFrames)).squareRoot()
        levels.append(rms > 0 ? Float(20 * log10(rms)) : -Float.infinity)
        peaks.append(peak)
        sum = 0
        peak = 0
        count = 0
    }
}
