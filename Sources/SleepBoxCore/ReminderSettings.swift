/// `[reminder]`: the bedtime reminder. At its time on its days, while the box is quiet, a soft
/// chime and the note "Time to wind down"; the note comes back `againMinutes` later, at most
/// `repeats` times, unless the owner skips tonight or starts something.
public struct ReminderSettings: Sendable, Equatable {
    /// The time and days (and whether it is on) until the owner sets them on the box; `skipNext`
    /// is not used here (skipping is the state's).
    public var schedule = AlarmSettings(hour: 22, minute: 0, weekdays: Set(1...7), isEnabled: false)
    /// Minutes until the note comes back after "later" (0: never).
    public var againMinutes: Double = 10
    /// How many times it comes back at most.
    public var repeats = 2
    /// Seconds the note stays up unless answered (then it counts as "later").
    public var noteSeconds: Double = 120

    public init() {}
}
