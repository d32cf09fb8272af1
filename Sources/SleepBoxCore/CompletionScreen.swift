/// The end of a practice: "Well done", what was done, and its lines (the minutes, the breath
/// cycles of the guide, the streak after it).
public struct CompletionScreen: Sendable, Equatable {
    /// "Well done".
    public var title: String
    /// "Meditation timer", or the item's title.
    public var subject: String
    /// "10 min", "28 cycles of 4-7-8", "Streak: 3 nights" (those that apply, in that order).
    public var lines: [String]

    public init(title: String, subject: String, lines: [String]) {
        self.title = title
        self.subject = subject
        self.lines = lines
    }
}
