/// The end of a practice (the meditation timer run out, a guided meditation or a breathing
/// exercise played to its end): what its completion screen shows and says (`Overlay.completion`).
public struct Completion: Sendable, Equatable {
    /// What was done: "Meditation timer", or the item's title.
    public var subject: String
    /// How long it lasted, in seconds.
    public var seconds: Double
    /// The breath cycles of its guide, nil when no guide ran.
    public var cycles: Int?
    /// The guide's pattern ("4-7-8"), with `cycles`.
    public var pattern: String?
    /// Uptime the summary is said aloud (after the closing bell has rung out); nil when it is not
    /// to be said, or has been.
    public var speakAt: Double?

    public init(subject: String, seconds: Double, cycles: Int? = nil, pattern: String? = nil, speakAt: Double? = nil) {
        self.subject = subject
        self.seconds = seconds
        self.cycles = cycles
        self.pattern = pattern
        self.speakAt = speakAt
    }

    /// The completion screen stays this long unless a button dismisses it.
    public static let shownSeconds = 60.0
    /// The summary is said this long after the timer's closing bell starts, once the bell has
    /// rung out (the long bell lasts up to 9 s; menu speech would cut it off).
    public static let afterBellSeconds = 9.0
}
