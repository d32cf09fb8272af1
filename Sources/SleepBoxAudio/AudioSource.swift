/// A stream of sound in the engine's format: interleaved stereo 32-bit float frames at the
/// engine's sample rate. Sources are pulled by the mixer one block at a time; they never block
/// for long and never hold a whole file in memory.
public protocol AudioSource: AnyObject {
    /// Renders up to `frames` frames into `buffer` (room for `frames * 2` floats, interleaved
    /// L R L R ...) and returns how many frames it wrote. Fewer than asked means the source has
    /// ended; it then keeps returning 0.
    func render(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int
}

/// A source with a position that can jump (files, clips, silence).
public protocol SeekableSource: AudioSource {
    /// Frames rendered since the start, at the engine rate.
    var positionFrames: Int { get }
    /// Length at the engine rate, when known.
    var lengthFrames: Int? { get }
    /// Moves to a frame (clamped to the length); the next render starts exactly there.
    func seek(toFrame frame: Int) throws(AudioError)
}

/// Why a sound could not be opened or read, with the file it concerns.
public struct AudioError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String?
    public var reason: String

    public init(path: String? = nil, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { path.map { "\($0): \(reason)" } ?? reason }
}
