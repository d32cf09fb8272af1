/// A period or buffer length, in frames or as a time at whatever rate the device runs.
public enum ALSABufferSize: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// A number of frames, whatever the rate.
    case frames(Int)
    /// A duration, turned into frames at the device's rate.
    case milliseconds(Double)

    /// The length in frames at `sampleRate`, at least 1.
    public func frames(atRate sampleRate: Int) -> Int {
        switch self {
        case .frames(let n):
            return max(1, n)
        case .milliseconds(let ms):
            let n = (ms * Double(sampleRate) / 1000).rounded()
            return n.isFinite && n >= 1 ? Int(min(n, Double(Int32.max))) : 1
        }
    }

    /// "480 frames" or "10.0 ms".
    public var description: String {
        switch self {
        case .frames(let n): "\(n) frames"
        case .milliseconds(let ms): "\(ms) ms"
        }
    }
}
