/// An item's identifier, unique in the library (e.g. "med-body-scan").
public typealias ItemID = String

/// What kind of sleep content an item is.
public enum ContentKind: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    case yogaNidra, story, meditation, breathing, hypnosis, affirmation, poem, ambient, science
}

/// One piece of content as the state machine knows it: enough to choose, show and resume it.
public struct ContentItem: Sendable, Equatable, Identifiable {
    /// The longest title, author or description an item may have, in UTF-8 bytes: the library
    /// refuses a longer one where it reads the file, and the state file keeps titles up to this
    /// length (`Snapshot.maximumTextLength`), so an item that plays can always be saved.
    public static let maximumTextBytes = 1_000
    /// The longest an item may play, in seconds: a year. The library refuses a longer item where it
    /// reads the file, and the state file keeps positions up to this (`Snapshot.secondsRange`).
    public static let maximumSeconds = 31_536_000.0

    public var id: ItemID
    public var title: String
    public var kind: ContentKind
    /// Length in seconds.
    public var duration: Double
    /// True while `duration` is an estimate (speech not rendered yet): a measured length
    /// (`Event.lengthMeasured`, or one saved before a restart) replaces it.
    public var durationIsEstimate: Bool
    /// False for an item whose audio is not there yet: shown as "coming soon", never played.
    public var isAvailable: Bool
    /// For a breathing exercise: when the paced breathing runs (the screen and the LED follow it).
    public var breathing: BreathingGuide?
    /// True for a sound that works only through headphones (a binaural beat): the playing
    /// screen says so.
    public var needsHeadphones: Bool = false
    /// True for a sound a mix can play as a layer (an ambient generator, a tone, a recording
    /// whose file is there): the mix editor offers these.
    public var isMixLayer: Bool = false
    /// For a guided session: when its opening, teaching, silence and closing begin.
    public var phases: [GuidedPhase.Mark] = []
    /// The language of the item's words as a code ("en", "de"), nil for a sound without words.
    /// In a list, items in another language than the box's come after the others, marked.
    public var language: String?
    /// True for an item the box's voices read aloud (a script, a timeline): the voice reading it
    /// is the one the box uses for its language (`Catalog.voices`), whatever the file wished for.
    public var isSpoken: Bool = false
    /// The file's `narrator`: the person heard in a recording, or for a spoken item the voice
    /// its text was written for ("calm female"), which is not the voice that reads it.
    public var narrator: String?
    /// One sentence about the item (the file's `description`), shown on its detail page.
    public var description: String?
    /// For a brainwave tone: its beat or pulse rate in Hz (lists order tones by it).
    public var beatHz: Double?
    /// The items that explain this one (a tone's science piece), one per language: the detail
    /// page offers the one in the box's language, else the first.
    public var explainedBy: [ItemID] = []
    /// The series the item belongs to and its part (header keys `series` and `part`), if any.
    public var series: SeriesPart?
    /// A sleep story's sub-group (header key `category`), if it has one.
    public var storyCategory: StoryCategory?

    /// A sound made to last the night (rain, noise, a tone, a mix: four hours or more), whose
    /// length the menu gives as "all night" rather than "480 min".
    public var playsAllNight: Bool { kind == .ambient && duration >= 4 * 3600 }

    public init(id: ItemID, title: String, kind: ContentKind, duration: Double, isAvailable: Bool = true,
                breathing: BreathingGuide? = nil, durationIsEstimate: Bool = false) {
        self.durationIsEstimate = durationIsEstimate
        self.id = id
        self.title = title
        self.kind = kind
        self.duration = duration
        self.isAvailable = isAvailable
        self.breathing = breathing
    }
}

/// The content the box can choose from, and which kinds feed each leaf mode.
public struct Catalog: Sendable, Equatable {
    public var items: [ContentItem]
    /// The kinds each mode draws from (default: meditation = meditation, yoga nidra, breathing;
    /// poetry = poem).
    public var pools: [Mode: [ContentKind]]
    /// The voices that read the spoken items (empty: not known, no voice is shown).
    public var voices: ItemVoices

    public init(items: [ContentItem], pools: [Mode: [ContentKind]] = Catalog.defaultPools, voices: ItemVoices = ItemVoices()) {
        self.items = items
        self.pools = pools
        self.voices = voices
    }

    public static let defaultPools: [Mode: [ContentKind]] = [
        .meditation: [.meditation, .yogaNidra, .breathing],
        .poetry: [.poem],
    ]

    public func item(_ id: ItemID) -> ContentItem? { items.first { $0.id == id } }

    /// Every item of a mode's pool, in catalog order, including those coming soon. The parts of a
    /// series are heard in order from the series' list, never shuffled into a mode.
    public func pool(_ mode: Mode) -> [ContentItem] {
        let kinds = pools[mode] ?? []
        return items.filter { kinds.contains($0.kind) && $0.series == nil }
    }

    /// The ids a shuffle may pick for a mode: available items only.
    public func playableIDs(_ mode: Mode) -> [ItemID] {
        pool(mode).filter(\.isAvailable).map(\.id)
    }
}
