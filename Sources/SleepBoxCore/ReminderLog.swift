/// What the bedtime reminder has done, so it chimes once per evening and "skip tonight" holds.
public struct ReminderLog: Sendable, Equatable, Codable {
    /// Wall time up to which reminder instants have been looked at.
    public var checkedUntil: Double?
    /// The instant to skip ("skip tonight" before it came); cleared when it passes.
    public var skipping: Double?
    /// Uptime the note comes back ("later"); not saved: a restart drops it.
    public var againAt: Double?
    /// How many more times it may come back tonight.
    public var repeatsLeft = 0

    public init() {}

    enum CodingKeys: String, CodingKey { case checkedUntil, skipping }

    /// What the state file keeps of it (`CodingKeys`): the snapshot holds only that, so a change
    /// of what a restart drops never forces a save.
    public var saved: ReminderLog {
        var log = ReminderLog()
        log.checkedUntil = checkedUntil
        log.skipping = skipping
        return log
    }
}
