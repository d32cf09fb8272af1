import SleepBoxTOML
import SleepBoxCore

/// A parsed guided timeline (`<id>.timeline.toml`): spoken segments at exact times, interjections
/// in windows, bells, and for breathing exercises a paced breathing phase. All times count from
/// the end of `startDelay`.
public struct Timeline: Sendable, Equatable {
    /// The file it came from.
    public var path: String
    /// The name shown on the display.
    public var title: String
    /// One of the spoken kinds (usually `meditation` or `breathing`).
    public var kind: ContentKind
    /// `sleepbox`, or the owner.
    public var author: String
    /// A hint for the voice.
    public var narrator: String?
    /// One sentence about the item.
    public var description: String?
    /// The language of the texts, `en` when not given.
    public var language: String
    /// How long the item lasts after `startDelay`, in seconds.
    public var length: Double
    /// Silence before everything, in seconds.
    public var startDelay: Double
    /// Whether a bell rings at `length`.
    public var endBell: Bool
    /// A soft bell at every multiple of this (before `length`), if set.
    public var bellInterval: Double?
    /// The segments, by `at`.
    public var segments: [TimelineSegment]
    /// The interjections, by `from`.
    public var interjections: [TimelineInterjection]
    /// The paced breathing phase, if any.
    public var breathing: TimelineBreathing?
    /// The series and part (`series`, `part`), if the item belongs to one.
    public var series: SeriesPart?
    /// A sleep story's category (`category`), if given.
    public var category: StoryCategory?
    /// The lines of `length`, `bell_interval` and `end_bell`, for messages.
    public var lengthLine: Int?, bellIntervalLine: Int?, endBellLine: Int?
    /// Things `content check` should mention that do not stop the timeline from playing.
    public var warnings: [FileIssue]

    /// Creates a timeline.
    public init(path: String, title: String, kind: ContentKind, author: String, narrator: String? = nil,
                description: String? = nil, language: String = "en", length: Double, startDelay: Double = 0,
                endBell: Bool = false, bellInterval: Double? = nil, segments: [TimelineSegment] = [],
                interjections: [TimelineInterjection] = [], breathing: TimelineBreathing? = nil,
                warnings: [FileIssue] = []) {
        self.path = path
        self.title = title
        self.kind = kind
        self.author = author
        self.narrator = narrator
        self.description = description
        self.language = language
        self.length = length
        self.startDelay = startDelay
        self.endBell = endBell
        self.bellInterval = bellInterval
        self.segments = segments.sorted { $0.at < $1.at }
        self.interjections = interjections.sorted { $0.from < $1.from }
        self.breathing = breathing
        self.warnings = warnings
    }

    /// How long the item plays: `startDelay + length`, in seconds.
    public var totalSeconds: Double { startDelay + length }

    /// The shortest `bell_interval`: a bell rings on for about this long. It also bounds the
    /// bells of a day-long item to 8,640.
    public static let shortestBellInterval = 10.0

    /// The times of the interval bells (after `startDelay`): every multiple of `bellInterval`
    /// before `length`, never at the start.
    public var intervalBellTimes: [Double] {
        guard let interval = bellInterval, interval >= Self.shortestBellInterval else { return [] }
        var times: [Double] = []
        var k = 1.0
        while k * interval < length {
            times.append(k * interval)
            k += 1
        }
        return times
    }
}

extension Timeline {
    /// The phases of a guided session, in seconds from the item's start: the opening from the
    /// start; the teaching from the second segment (when there are three or more); the silence
    /// from the first interjection window after the last segment before the closing; the closing
    /// from the last segment (when there are two or more). A breathing exercise has none (its
    /// screen follows the breath), nor has a timeline of one segment and no interjections.
    public var guidedPhases: [GuidedPhase.Mark] {
        guard breathing == nil, !segments.isEmpty, segments.count >= 2 || !interjections.isEmpty else { return [] }
        var marks = [GuidedPhase.Mark(.opening, startsAt: 0)]
        let closing = segments.count >= 2 ? segments.last : nil
        if segments.count >= 3 { marks.append(GuidedPhase.Mark(.teaching, startsAt: startDelay + segments[1].at)) }
        let spoken = segments.dropLast(closing == nil ? 0 : 1).last?.at ?? 0
        if let quiet = interjections.first(where: { $0.from > spoken && $0.from < (closing?.at ?? length) }) {
            marks.append(GuidedPhase.Mark(.silence, startsAt: startDelay + quiet.from))
        }
        if let closing { marks.append(GuidedPhase.Mark(.closing, startsAt: startDelay + closing.at)) }
        return marks
    }

    /// Where the paced breathing runs, in seconds from the item's start (`start_delay` included),
    /// for the screen and the LED; the program's cues start on the same steps.
    public var breathingGuide: BreathingGuide? {
        breathing.map { BreathingGuide(pattern: $0.pattern, cycles: $0.cycles, startsAt: startDelay + $0.startsAt) }
    }
}
