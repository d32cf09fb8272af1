import Testing
import SleepBoxCore
@testable import SleepBoxContent

/// The bundled library against the catalogue it was made from: the reactivity series complete and
/// in order, every sleep story in a category, and the items at the catalogue's lengths.
@Suite struct BundledCatalogueTests {
    /// The bundled library as the box loads it, before the voice has rendered anything.
    private let library = ContentLibrary.load(bundled: TestContent.bundled)

    /// The catalogue's length of each item, in seconds: an item plays within 10 % of it (as
    /// `sleepbox content list` gives it, the estimate at 130 words a minute plus every pause).
    static let targets: [ItemID: Double] = [
        // Meditations: counting breaths 10 minutes, letting go 15, the safe place 18, the body scan 20.
        "med-counting-breaths": 600, "med-letting-go": 900, "med-safe-place": 1080, "med-body-scan": 1200,
        // Affirmations: 5, 6, 8 and 10 minutes.
        "affirm-calm": 300, "affirm-gratitude": 360, "affirm-letting-go": 480, "affirm-self-kindness": 600,
        // Sleep hypnosis: 20, 25 and 30 minutes.
        "hypno-floating": 1200, "hypno-staircase": 1500, "hypno-progressive-relaxation": 1800,
        // Sleep stories: 18 to 25 minutes, each at its own length.
        "story-old-bookbinder": 1470,
        "story-mountain-inn": 1350,
        "story-walled-garden": 1200,
        "story-path-of-lanterns": 1110,
        "story-warm-spring": 1410,
        // Sleep stories: nature journeys and quiet description, 18 to 25 minutes.
        "story-slow-river": 1232, "story-mountain-valley": 1372,
        "story-quiet-library": 1186, "story-potters-workshop": 1472,
    ]

    @Test func theReactivitySeriesIsFourteenTenMinuteMeditationsInOrder() throws {
        let parts = library.entries.filter { $0.item.series != nil }
        #expect(parts.count == 14)
        #expect(parts.allSatisfy { $0.item.series?.series == .reactivity })
        #expect(parts.map { $0.item.series?.part } == Array(1...14), "listed in part order")
        for entry in parts {
            #expect(entry.item.duration == 600, "\(entry.id)")
            #expect(entry.item.kind == .meditation, "\(entry.id)")
            #expect(entry.item.isAvailable, "\(entry.id): its layout has no error")
            guard case .timeline(let timeline) = entry.body else {
                Issue.record("\(entry.id) is not a guided timeline")
                continue
            }
            #expect(timeline.endBell, "\(entry.id) ends on the bell")
            #expect(timeline.segments.count >= 3, "\(entry.id): opening, teaching, closing")
            #expect(timeline.interjections.count >= 3, "\(entry.id): reminders in its silence")
        }
        #expect(!library.problems.contains { $0.severity == .error }, "\(library.problems.filter { $0.severity == .error })")
    }

    @Test func everySleepStoryHasACategory() {
        let stories = library.entries.filter { $0.item.kind == .story && $0.sourceKind == .script }
        #expect(!stories.isEmpty)
        for story in stories {
            #expect(story.item.storyCategory != nil, "\(story.id) names its category")
        }
    }

    @Test func itemsAreWithinTenPercentOfTheCataloguesLengths() throws {
        for (id, target) in Self.targets {
            let entry = try #require(library.entries.first { $0.id == id }, "\(id)")
            let length = entry.item.duration
            #expect(abs(length - target) <= target * 0.1, "\(id): \(length) s, the catalogue's \(target) s")
        }
    }
}
