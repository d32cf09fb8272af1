import SleepBoxCore
import Testing

/// The Sleep stories list in the order of the stories' categories, and a story's category on
/// its detail page, in English and German.
@Suite struct BoxStoryCategoryTests {
    /// Five stories whose ids sort against their categories, one without a category.
    static let catalog: Catalog = {
        let stories: [(String, StoryCategory?)] = [("story-a-market", .asmr), ("story-b-garden", .meditation),
                                                   ("story-c-river", .nature), ("story-d-inn", .fiction),
                                                   ("story-e-old", nil), ("story-f-keeper", .fiction)]
        let items = stories.map { id, category in
            var item = ContentItem(id: id, title: id, kind: .story, duration: 1200)
            item.isSpoken = true
            item.language = "en"
            item.storyCategory = category
            return item
        }
        return Catalog(items: items, voices: ItemVoices(box: [.english: .natural, .german: .espeak("de")],
                                                         other: ["en": .espeak("en-us")]))
    }()

    static func openStories(_ language: Language) throws -> BoxMenuTests.Driver {
        var d = try BoxMenuTests.Driver(language: language, catalog: catalog)
        d.holdKnob()
        let rows = try #require(d.menu).rows.map(\.label)
        let title = language == .german ? "Einschlafgeschichten" : "Sleep stories"
        let index = try #require(rows.firstIndex(of: title), "\(rows)")
        d.send(.knobTurned(detents: index))
        d.pressKnob()
        return d
    }

    @Test func theSleepStoriesListGoesByCategoryFictionNatureMeditationQuietDescription() throws {
        let d = try Self.openStories(.english)
        #expect(try #require(d.menu).rows.map(\.label).filter { $0.hasPrefix("story-") } ==
            ["story-d-inn", "story-f-keeper", "story-c-river", "story-b-garden", "story-a-market", "story-e-old"])
    }

    @Test func aStorysDetailPageNamesItsCategory() throws {
        for (language, word) in [(Language.english, "Nature journeys"), (.german, "Naturreisen")] {
            var d = try Self.openStories(language)
            let rows = try #require(d.menu).rows.map(\.label)
            let index = try #require(rows.firstIndex(of: "story-c-river"))
            d.send(.knobTurned(detents: index - (try #require(d.menu).selected)))
            d.pressKnob()
            let details = try #require(d.menu).rows.map(\.label)
            #expect(details.first == "story-c-river")
            #expect(details.contains(word), "\(details)")
        }
    }
}
