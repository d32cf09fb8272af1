import SleepBoxCore

/// One item of the library: the core's `ContentItem` plus what the display, the check and the
/// player need to know about it.
public struct ContentEntry: Sendable, Equatable {
    /// Where the item comes from.
    public enum Origin: String, Sendable, Equatable, Hashable {
        /// The box's own library (`content/` of the repository).
        case bundled
        /// The owner's library.
        case user
    }

    /// What plays the item.
    public enum SourceKind: String, Sendable, Equatable, Hashable {
        /// A recorded file (a recording).
        case audio
        /// A spoken script.
        case script
        /// A guided timeline (breathing ones included).
        case timeline
        /// An ambient generator.
        case generator
        /// A mix of sounds.
        case mix
    }

    /// The item as the state machine knows it. For a recording whose file is missing,
    /// `isAvailable` is false ("coming soon") and `duration` is 0.
    public var item: ContentItem
    /// The author (`sleepbox`, the poet, the owner); nil for generators that give none.
    public var author: String?
    /// The voice hint or the narrator of a recording.
    public var narrator: String?
    /// For poems: the book or collection and year.
    public var source: String?
    /// One sentence about the item.
    public var description: String?
    /// The language of the text, where it has one.
    public var language: String?
    /// The item's file (the `.toml` for a recording).
    public var path: String
    /// The folder it is in, when it is in a library.
    public var folder: ContentFolder?
    /// Bundled or the owner's.
    public var origin: Origin
    /// The parsed file.
    public var body: ContentBody
    /// True when `item.duration` is an estimate (a script whose speech is not all cached yet).
    public var durationIsEstimate: Bool = false

    /// The item's id.
    public var id: ItemID { item.id }

    /// What plays the item.
    public var sourceKind: SourceKind { body.sourceKind }
}

extension ContentEntry {
    /// Everything the voice says in the item, as the stretches and pauses of each spoken text: a
    /// script's parts; a timeline's segments, every option of its interjections and the words of a
    /// breathing pattern counted aloud ("in", "hold", "out", each once). Empty for generators and
    /// recordings.
    public var spokenParts: [[ScriptPart]] {
        switch body {
        case .script(let script): return [script.parts]
        case .timeline(let timeline):
            var counted: [[ScriptPart]] = []
            if let breathing = timeline.breathing, breathing.countAloud {
                var seen: Set<String> = []
                for step in breathing.pattern {
                    if let word = step.kind.spokenWord, seen.insert(word).inserted {
                        counted.append([.speech(word, line: breathing.line ?? 0, column: 1)])
                    }
                }
            }
            return timeline.segments.map(\.parts) + timeline.interjections.flatMap { $0.options.map(\.parts) } + counted
        case .generator, .mix, .audio: return []
        }
    }
}
