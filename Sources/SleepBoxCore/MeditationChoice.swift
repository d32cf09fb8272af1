/// How the owner set the meditation timer up on the box (kept in the state, persisted): its length,
/// the bed, the breathing guide and the interval bell.
public struct MeditationChoice: Sendable, Equatable, Codable {
    /// Minutes.
    public var minutes: Double
    /// The ambient bed (a generator's name), or nil for silence.
    public var sound: String?
    /// The breathing guide is on.
    public var guide: Bool
    /// A bell every this many minutes (0: none).
    public var bellEveryMinutes: Double

    public init(minutes: Double, sound: String?, guide: Bool, bellEveryMinutes: Double) {
        self.minutes = minutes
        self.sound = sound
        self.guide = guide
        self.bellEveryMinutes = bellEveryMinutes
    }
}
