/// The engine's internal format: interleaved 32-bit float, stereo, at one sample rate.
public struct AudioFormat: Sendable, Equatable, Hashable {
    public var sampleRate: Int
    public var channels: Int

    public init(sampleRate: Int = 48_000, channels: Int = 2) {
        self.sampleRate = sampleRate
        self.channels = channels
    }

    /// 48 kHz stereo: the default engine format.
    public static let engine = AudioFormat()

    /// Frames in `seconds`, rounded to the nearest frame.
    public func frames(_ seconds: Double) -> Int { Int((seconds * Double(sampleRate)).rounded()) }

    /// Seconds in `frames`.
    public func seconds(_ frames: Int) -> Double { Double(frames) / Double(sampleRate) }
}
