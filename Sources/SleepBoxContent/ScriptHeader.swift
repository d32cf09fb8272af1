import SleepBoxCore

/// The header of a spoken script: the `key: value` lines above `---`.
public struct ScriptHeader: Sendable, Equatable {
    /// The name shown on the display.
    public var title: String
    /// One of the spoken kinds (never `ambient`).
    public var kind: ContentKind
    /// `sleepbox`, the poet, or the owner.
    public var author: String
    /// For poems: the book or collection and the year.
    public var source: String?
    /// A hint for the voice (`calm female`).
    public var narrator: String?
    /// One sentence about the item.
    public var description: String?
    /// The language of the text, `en` when not given.
    public var language: String
    /// The pause mode in force: as written, else `marked` when the text has a marker, else `auto`.
    public var pauses: PauseMode
    /// The pause mode as written in the header, nil when the header does not say.
    public var declaredPauses: PauseMode?
    /// The series and part (`series:` and `part:`), if the item belongs to one.
    public var series: SeriesPart?
    /// A sleep story's category (`category:`), if given.
    public var category: StoryCategory?

    /// Creates a header.
    public init(title: String, kind: ContentKind, author: String, source: String? = nil, narrator: String? = nil,
                description: String? = nil, language: String = "en", pauses: PauseMode, declaredPauses: PauseMode? = nil,
                series: SeriesPart? = nil, category: StoryCategory? = nil) {
        self.title = title
        self.kind = kind
        self.author = author
        self.source = source
        self.narrator = narrator
        self.description = description
        self.language = language
        self.pauses = pauses
        self.declaredPauses = declaredPauses
        self.series = series
        self.category = category
    }

    /// The kinds a spoken script (or timeline) may have.
    public static let spokenKinds: [ContentKind] = [.yogaNidra, .story, .meditation, .breathing, .hypnosis, .affirmation, .poem, .science]
}
