import Foundation
import SleepBoxCore
import Testing

/// A series in the library menu: its own list, parts in order, the part to hear next marked and
/// opened on, remembered across a restart through the state file; its parts belong to no mode.
@Suite struct BoxSeriesTests {
    typealias Driver = BoxMenuTests.Driver

    /// Three parts, listed out of order in the catalog, and one meditation of no series.
    static let catalog: Catalog = {
        func part(_ n: Int) -> ContentItem {
            var item = ContentItem(id: "med-r\(n)", title: "Part \(n)", kind: .meditation, duration: 600)
            item.series = SeriesPart(series: .reactivity, part: n)
            return item
        }
        return Catalog(items: [part(3), ContentItem(id: "med-calm", title: "Calm", kind: .meditation, duration: 900), part(1), part(2)])
    }()

    /// Opens the library and the series' list.
    private func openSeries(_ d: inout Driver) throws -> MenuScreen {
        d.holdKnob()
        let top = try #require(d.menu)
        let row = try #require(top.rows.firstIndex { $0.label == "Reactivity" })
        d.send(.knobTurned(detents: row), after: 1)
        d.pressKnob()
        return try #require(d.menu)
    }

    @Test func theSeriesIsAListOfItsOwnAfterMeditationsInPartOrder() throws {
        var d = try Driver(catalog: Self.catalog)
        d.holdKnob()
        let top = try #require(d.menu)
        let labels = top.rows.map(\.label)
        let meditations = try #require(labels.firstIndex(of: "Meditations"))
        #expect(labels[meditations + 1] == "Reactivity")
        #expect(top.rows[meditations].detail == "1", "the parts are not listed under Meditations")
        #expect(top.rows[meditations + 1].detail == "3")
        d.holdKnob()
        let list = try openSeries(&d)
        #expect(list.title == "Reactivity")
        #expect(list.rows.map(\.label) == ["Back", "Part 1", "Part 2", "Part 3"])
        #expect(list.rows.map(\.detail) == [nil, "next", "10 min", "10 min"])
        #expect(list.selected == 1)
        #expect(d.box.menuItems(.kind(.meditation), at: d.now).map(\.id) == ["med-calm"])
        #expect(d.box.catalog.playableIDs(.meditation) == ["med-calm"], "the parts are not shuffled into Meditation")
    }

    @Test func theNextPartIsRememberedAcrossARestart() throws {
        var d = try Driver(catalog: Self.catalog)
        _ = try openSeries(&d)
        d.pressKnob()  // the part's details
        d.pressKnob()  // play
        #expect(d.box.state.playback?.item == "med-r1")
        #expect(d.box.state.mode == .off, "a part belongs to no mode")
        d.send(.itemFinished("med-r1"), after: 600)
        let saved = try JSONDecoder().decode(Snapshot.self, from: JSONEncoder().encode(d.box.snapshot(at: d.now)))

        var again = try Driver(catalog: Self.catalog)
        again.box = Box(config: d.box.config, catalog: Self.catalog, seed: 7)
        _ = again.box.start(at: again.now, restoring: saved)
        let list = try openSeries(&again)
        #expect(list.rows.map(\.detail) == [nil, "10 min", "next", "10 min"])
        #expect(list.selected == 2, "the list opens on part 2")
        #expect(again.box.nextSeriesItem(.reactivity)?.id == "med-r2")
        // Skip from a part plays the next part.
        again.pressKnob()  // the part's details
        again.pressKnob()  // play
        #expect(again.box.state.playback?.item == "med-r2")
        again.send(.buttonPressed(.skip), after: 5)
        again.send(.buttonReleased(.skip), after: 0.1)
        again.send(.timePassed, after: 3)
        #expect(again.box.state.playback?.item == "med-r3")
    }

    @Test func inGermanTheSeriesAndItsMarkAreGerman() throws {
        var d = try Driver(language: .german, catalog: Self.catalog)
        d.holdKnob()
        let top = try #require(d.menu)
        #expect(top.rows.contains { $0.label == "Reaktivität" && $0.detail == "3" })
        #expect(d.box.config.words(.nextPartMark) == "weiter")
    }
}
