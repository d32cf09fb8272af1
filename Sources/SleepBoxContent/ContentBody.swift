import SleepBoxTOML

/// What an item is made of, as parsed from its file.
public enum ContentBody: Sendable, Equatable {
    /// A spoken script (`.txt`).
    case script(Script)
    /// A guided timeline (`.timeline.toml`), breathing or not.
    case timeline(Timeline)
    /// An ambient generator (`ambient/<id>.toml`).
    case generator(GeneratorItem)
    /// A mix of up to three sounds (`mixes/<id>.toml`).
    case mix(MixItem)
    /// A recording (`recordings/<id>.toml`) and whether its audio file is there.
    case audio(AudioItem, isPresent: Bool)

    /// Which of these it is.
    public var sourceKind: ContentEntry.SourceKind {
        switch self {
        case .script: return .script
        case .timeline: return .timeline
        case .generator: return .generator
        case .mix: return .mix
        case .audio: return .audio
        }
    }

    /// True for the items the box's voices read aloud (a script, a timeline).
    public var isSpoken: Bool {
        switch self {
        case .script, .timeline: return true
        case .generator, .mix, .audio: return false
        }
    }

    /// The warnings and notes found while parsing the file.
    public var warnings: [FileIssue] {
        switch self {
        case .script(let script): return script.warnings
        case .timeline(let timeline): return timeline.warnings
        case .generator(let item): return item.warnings
        case .mix(let item): return item.warnings
        case .audio(let item, _): return item.warnings
        }
    }
}
