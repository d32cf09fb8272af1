/// The bells of a guided timeline: a soft `ChimeGenerator` strike.
public struct BellSound: Sendable, Equatable, Hashable {
    /// The nominal pitch in Hz.
    public var frequency: Double
    /// Seconds for the longest partial to fall 60 dB.
    public var decay: Double
    /// Peak level (linear, at most 1).
    public var level: Float

    /// The interval bell: soft, C5, about 7 s of ring.
    public static let interval = BellSound(frequency: 523.25, decay: 7, level: 0.2)
    /// The end bell: a little lower and longer (G4).
    public static let end = BellSound(frequency: 392, decay: 9, level: 0.22)
    /// The short chime: a higher strike (E5) gone in about 3 s, for bells that should only
    /// mark a moment (the meditation timer's interval bells).
    public static let chime = BellSound(frequency: 659.25, decay: 3, level: 0.2)

    /// A generator for the strike.
    public func makeGenerator(format: AudioFormat) -> ChimeGenerator {
        ChimeGenerator(frequency: frequency, decay: decay, level: level, format: format)
    }

    /// The strike's length, to its end.
    public func lengthFrames(format: AudioFormat) -> Int { makeGenerator(format: format).lengthFrames }
}
