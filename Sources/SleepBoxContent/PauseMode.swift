/// How a spoken text gets its silences.
public enum PauseMode: String, Sendable, Equatable, Hashable, CaseIterable {
    /// The box pauses by itself: 0.6 s after a sentence, 0.4 s at a line break (0.6 s when the
    /// line ends a sentence), 1.5 s at a blank line; a marker replaces the automatic pause where
    /// it stands.
    case auto
    /// Only pause markers add silence; line breaks and blank lines add none.
    case marked

    /// The silence after a sentence inside a line (and at a line break that ends a sentence).
    public static let sentenceSeconds = 0.6
    /// The silence at a line break inside a stanza or paragraph.
    public static let lineBreakSeconds = 0.4
    /// The silence at a blank line.
    public static let blankLineSeconds = 1.5
}
