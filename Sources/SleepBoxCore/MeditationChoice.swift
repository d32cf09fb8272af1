/// How the owner set the meditation timer up on the box (kept in the state, persisted): its length,
/// the bed, the breathing guide and its pattern, and the interval bell.
public struct MeditationChoice: Sendable, Equatable, Codable {
    /// Minutes.
    public var minutes: Double
    /// The ambient bed (a generator's name), or nil for silence.
    public var sound: String?
    /// The breathing guide is on.
    public var guide: Bool
    /// The guide's pattern chosen on the box ("4-4-4-4", see `BreathStep.pattern`); nil: the
    /// configuration's (`[meditation] breathing`).
    public var pattern: String?
    /// A bell every this many minutes (0: none).
    public var bellEveryMinutes: Double
    /// How the interval bells sound, chosen on the box; nil: the configuration's
    /// (`[meditation] interval_bell`).
    public var intervalBell: MeditationSettings.Bell? = nil

    public init(minutes: Double, sound: String?, guide: Bool, bellEveryMinutes: Double, pattern: String? = nil) {
        self.minutes = minutes
        self.sound = sound
        self.guide = guide
        self.pattern = pattern
        self.bellEveryMinutes = bellEveryMinutes
    }
}
