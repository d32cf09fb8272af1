/// A list of the library menu.
public enum MenuCategory: Sendable, Equatable, Hashable {
    /// A handful of items picked anew each evening.
    case featuredTonight
    /// Items begun and not finished (between 0 and 95 %), the most recent first.
    case continueListening
    /// The owner's favourites, in the order they were marked.
    case favorites
    /// Every item of one kind (the parts of a series are listed under the series instead).
    case kind(ContentKind)
    /// The parts of a series, in order, the next one to hear marked.
    case series(ContentSeries)
    /// The timers: the meditation timer, the nap, the bedtime reminder.
    case timers
    /// The meditation timer's start and settings.
    case meditationTimer
    /// The nap's lengths.
    case nap
    /// The bedtime reminder's settings.
    case bedtimeReminder
    /// Opens the nights' statistics (then the calendar).
    case nights
    /// Opens the alarm list.
    case alarms
    /// Opens the settings.
    case settings

    /// The menu's top level, in order.
    public static let all: [MenuCategory] = [.featuredTonight, .continueListening, .favorites]
        + [ContentKind.yogaNidra, .story, .meditation].map { .kind($0) } + [.series(.reactivity)]
        + [ContentKind.breathing, .hypnosis, .affirmation, .poem, .ambient, .science].map { .kind($0) }
        + [.nights, .alarms, .settings]

    /// True for the rows that open other screens rather than a list of items.
    public var opensScreen: Bool { self == .nights || self == .alarms || self == .settings }

    /// The category's name in the string table.
    public var key: StringTable.Key {
        switch self {
        case .featuredTonight: return .featuredTonight
        case .continueListening: return .continueListening
        case .favorites: return .favorites
        case .timers: return .timers
        case .meditationTimer: return .meditationTimer
        case .nap: return .nap
        case .bedtimeReminder: return .bedtimeReminder
        case .nights: return .nights
        case .alarms: return .alarms
        case .settings: return .settings
        case .series(.reactivity): return .reactivitySeries
        case .kind(let kind):
            switch kind {
            case .yogaNidra: return .yogaNidra
            case .story: return .sleepStories
            case .meditation: return .meditations
            case .breathing: return .breathing
            case .hypnosis: return .hypnosis
            case .affirmation: return .affirmations
            case .poem: return .poems
            case .ambient: return .ambient
            case .science: return .science
            }
        }
    }
}
