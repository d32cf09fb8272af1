/// A series of items meant to be heard in order, one part a night (docs/content.md, "Series and
/// story categories"). An item says which series it belongs to and its part with the header keys
/// `series` and `part`.
public enum ContentSeries: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// Fourteen guided meditations on reactivity, ten minutes each.
    case reactivity

    /// How many parts the series has: a `part` is 1 to this.
    public var partCount: Int {
        switch self {
        case .reactivity: return 14
        }
    }
}

/// Where an item stands in a series: the series and its part, 1 to `series.partCount`.
public struct SeriesPart: Sendable, Equatable, Hashable {
    /// The series.
    public var series: ContentSeries
    /// The part, from 1.
    public var part: Int

    /// Creates a place in a series.
    public init(series: ContentSeries, part: Int) {
        self.series = series
        self.part = part
    }
}

/// The sub-group of a sleep story (the header key `category`): the Sleep stories list is in this
/// order (fiction, nature, meditation, ASMR-style), and the story's detail page names it.
public enum StoryCategory: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// A made-up tale: people, places, a small plot that arrives somewhere warm.
    case fiction
    /// A journey through a landscape: a river, a forest, a coast.
    case nature
    /// A guided-imagery story: the listener is led, in the second person, through a calm scene.
    case meditation
    /// Quiet, close description of small things and their sounds, ASMR-style.
    case asmr
}

extension StoryCategory {
    /// Its name on a detail page: "Nature journeys".
    var wordKey: StringTable.Key {
        switch self {
        case .fiction: return .storyFiction
        case .nature: return .storyNature
        case .meditation: return .storyMeditation
        case .asmr: return .storyAsmr
        }
    }
}
