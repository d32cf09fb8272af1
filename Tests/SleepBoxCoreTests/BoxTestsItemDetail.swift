import Foundation
import SleepBoxCore
import Testing

/// An item's detail page (a press on a row opens it, a press there plays, holding goes back),
/// the marks in every list, the library's order, Featured tonight's first item.
@Suite struct BoxItemDetailTests {
    typealias Driver = BoxMenuTests.Driver

    /// A library with a spoken meditation, a breathing exercise, two yoga nidras, two brainwave
    /// tones of each style and the science pieces that explain them, in English and German.
    static let catalog: Catalog = {
        var scan = ContentItem(id: "med-body-scan", title: "Body Scan", kind: .meditation, duration: 600)
        scan.isSpoken = true
        scan.language = "en"
        scan.narrator = "calm female"
        scan.description = "A slow body scan from the feet to the crown."
        var breath = ContentItem(id: "breath-478", title: "4-7-8 Breathing", kind: .breathing, duration: 300,
                                 breathing: BreathingGuide(pattern: [BreathStep(.inhale, seconds: 4), BreathStep(.hold, seconds: 7),
                                                                     BreathStep(.exhale, seconds: 8)], cycles: 4, startsAt: 20))
        breath.isSpoken = true
        breath.language = "en"
        var items = [scan, breath,
                     ContentItem(id: "nidra-deep", title: "Deep Rest", kind: .yogaNidra, duration: 1900),
                     ContentItem(id: "nidra-ten", title: "Ten Minutes", kind: .yogaNidra, duration: 630)]
        for (id, title, language) in [("science-binaural-de", "Binaurale Beats", "de"), ("science-binaural", "Binaural Beats", "en"),
                                      ("science-noise", "Noise", "en")] {
            var item = ContentItem(id: id, title: title, kind: .science, duration: 150)
            item.isSpoken = true
            item.language = language
            items.append(item)
        }
        for (style, state, hz) in [("isochronic", "alpha", 10.0), ("binaural", "theta", 6.0), ("binaural", "alpha", 10.0),
                                   ("isochronic", "delta", 2.0), ("binaural", "delta", 2.0)] {
            var tone = ContentItem(id: "tone-\(style)-\(state)", title: "\(style) \(state)", kind: .ambient, duration: 8 * 3600)
            tone.beatHz = hz
            tone.needsHeadphones = style == "binaural"
            tone.explainedBy = style == "binaural" ? ["science-binaural", "science-binaural-de"] : []
            items.append(tone)
        }
        items.insert(ContentItem(id: "ambient-rain", title: "Rain", kind: .ambient, duration: 8 * 3600), at: items.count - 2)
        return Catalog(items: items, voices: ItemVoices(box: [.english: .natural, .german: .espeak("de")],
                                                         other: ["en": .espeak("en-us"), "de": .espeak("de")]))
    }()

    /// The driver on the top level, then `detents` down and a press: a list open.
    static func open(_ label: String, language: Language = .english) throws -> Driver {
        var d = try Driver(language: language, catalog: catalog)
        d.holdKnob()
        let rows = try #require(d.menu).rows.map(\.label)
        let index = try #require(rows.firstIndex(of: label), "\(rows)")
        d.send(.knobTurned(detents: index))
        d.pressKnob()
        return d
    }

    @Test func aPressOnARowOpensTheItemsDetailsAndAPressThereAlonePlaysIt() throws {
        var d = try Self.open("Meditations")
        d.send(.knobTurned(detents: 1))
        #expect(d.pressKnob().isEmpty, "the press on the row plays nothing")
        let page = try #require(d.menu)
        #expect(page.title == "Meditations")
        #expect(page.rows.map(\.label) == ["Body Scan", "Voice: Joe, natural voice (US, male)",
                                          "A slow body scan from the feet to the crown."])
        #expect(page.rows[0].detail == "10 min")
        #expect(page.selected == 0)
        #expect(d.box.state.phase == .idle)
        d.send(.knobTurned(detents: 2))
        let commands = d.pressKnob()
        #expect(commands.contains { if case .play(let id, _, _) = $0 { return id == "med-body-scan" } else { return false } },
                "\(commands)")
        #expect(d.box.state.playback?.item == "med-body-scan")
        #expect(d.menu == nil)
    }

    @Test func holdingTheKnobOnTheDetailsGoesBackToTheListAsItWas() throws {
        var d = try Self.open("Meditations")
        d.send(.knobTurned(detents: 1))
        d.pressKnob()
        #expect(d.menu?.title == "Meditations")
        d.holdKnob()
        let list = try #require(d.menu)
        #expect(list.rows.first?.kind == .back)
        #expect(list.selected == 1)
        #expect(d.box.state.phase == .idle)
    }

    @Test func theVoiceShownIsTheOneThatReadsTheItemNotTheHeadersWish() throws {
        var d = try Self.open("Meditationen", language: .german)
        d.send(.knobTurned(detents: 1))
        d.pressKnob()
        // A German box reads an English item with espeak-ng's English voice, whatever it wished.
        #expect(try #require(d.menu).rows[1].label == "Stimme: espeak-ng en-us")
    }

    @Test func aBreathingRowShowsItsPatternAndItsPageToo() throws {
        var d = try Self.open("Breathing")
        #expect(try #require(d.menu).rows[1].detail == "4-7-8")
        d.send(.knobTurned(detents: 1))
        d.pressKnob()
        #expect(try #require(d.menu).rows.map(\.label).contains("Pattern: 4-7-8"))
    }

    @Test func aStartedItemShowsHowFarItGotInEveryListAndOnItsPage() throws {
        var d = try Self.open("Meditations")
        d.send(.knobTurned(detents: 1))
        d.pressKnob()
        d.pressKnob()
        #expect(d.box.state.playback?.item == "med-body-scan")
        d.send(.timePassed, after: 240)
        // Another item from the library: Body Scan's place is kept.
        d.holdKnob()
        let top = try #require(d.menu).rows.map(\.label)
        d.send(.knobTurned(detents: try #require(top.firstIndex(of: "Breathing"))))
        d.pressKnob()
        d.send(.knobTurned(detents: 1))
        d.pressKnob()
        d.pressKnob()
        #expect(d.box.state.playback?.item == "breath-478")
        d.holdKnob()
        let again = try #require(d.menu).rows.map(\.label)
        d.send(.knobTurned(detents: try #require(again.firstIndex(of: "Meditations"))))
        d.pressKnob()
        let list = try #require(d.menu)
        let detail = try #require(list.rows[1].detail)
        #expect(detail.hasPrefix("4") && detail.hasSuffix("%") && detail.count == 3, "\(detail)")
        d.send(.knobTurned(detents: 1))
        d.pressKnob()
        #expect(try #require(d.menu).rows.map(\.label).contains("Heard: " + detail))
        // Continue listening is listed now, with it.
        #expect(again.contains("Continue listening"))
        #expect(d.box.menuItems(.continueListening, at: d.now).map(\.id) == ["med-body-scan"])
    }

    @Test func aBinauralTonesPageLinksToItsSciencePieceInTheBoxsLanguage() throws {
        for (language, list, title) in [(Language.english, "Ambient", "Binaural Beats"), (.german, "Klänge", "Binaurale Beats")] {
            var d = try Self.open(list, language: language)
            let rows = try #require(d.menu).rows
            let theta = try #require(rows.firstIndex { $0.label == "binaural theta" })
            d.send(.knobTurned(detents: theta))
            d.pressKnob()
            let page = try #require(d.menu)
            let link = try #require(page.rows.last)
            #expect(link.label.hasSuffix(": " + title), "\(link.label)")
            d.send(.knobTurned(detents: page.rows.count))
            #expect(d.pressKnob().isEmpty, "the link opens, it does not play")
            #expect(try #require(d.menu).rows.first?.label == title)
            d.holdKnob()
            #expect(try #require(d.menu).rows.last?.label == link.label, "back on the tone's page")
        }
    }

    @Test func theBrainwaveTonesAreListedByRateBinauralFirst() throws {
        let d = try Self.open("Ambient")
        let labels = try #require(d.menu).rows.dropFirst().map(\.label)
        #expect(labels == ["binaural delta", "binaural theta", "binaural alpha", "Rain", "isochronic delta", "isochronic alpha"])
    }

    @Test func theOtherLanguagesItemsComeAfterTheBoxsOwnMarked() throws {
        let en = try Self.open("Sound science")
        #expect(try #require(en.menu).rows.dropFirst().map(\.label) == ["Binaural Beats", "Noise", "(DE) Binaurale Beats"])
        let de = try Self.open("Klangwissen", language: .german)
        #expect(try #require(de.menu).rows.dropFirst().map(\.label) == ["Binaurale Beats", "(EN) Binaural Beats", "(EN) Noise"])
    }

    @Test func aPatternIsShownByItsCountsWithoutTheClosingPause() {
        let steps = [BreathStep(.inhale, seconds: 4), BreathStep(.hold, seconds: 7), BreathStep(.exhale, seconds: 8)]
        #expect(BreathingGuide(pattern: steps + [BreathStep(.rest, seconds: 1)], cycles: 4, startsAt: 0).patternText(.english) == "4-7-8")
        let box = [BreathStep(.inhale, seconds: 4), BreathStep(.hold, seconds: 4), BreathStep(.exhale, seconds: 4), BreathStep(.rest, seconds: 4)]
        #expect(BreathingGuide(pattern: box, cycles: 4, startsAt: 0).patternText(.english) == "4-4-4-4")
        #expect(BreathingGuide(pattern: [BreathStep(.inhale, seconds: 3.5), BreathStep(.exhale, seconds: 6)], cycles: 4, startsAt: 0)
                    .patternText(.german) == "3,5-6")
    }

    @Test func continueListeningIsListedOnlyWhenSomethingIsBegun() throws {
        var d = try Driver(catalog: Self.catalog)
        d.holdKnob()
        #expect(try #require(d.menu).rows.map(\.label).contains("Continue listening") == false)
        #expect(try #require(d.menu).rows.map(\.label).prefix(2) == ["Featured tonight", "Favorites"])
    }

    /// In a mode, the playing screen shows the item's kind (its icon) and names the mode; an item
    /// no mode plays names none.
    @Test func thePlayingScreenNamesTheModeBesideTheKind() throws {
        var d = try Self.open("Yoga nidra")
        d.send(.knobTurned(detents: 1))
        d.pressKnob()
        d.pressKnob()
        d.send(.timePassed, after: 3)
        guard case .nowPlaying(let nidra) = d.box.display(at: d.now).screen else { Issue.record("not playing"); return }
        #expect(nidra.kind == .yogaNidra && nidra.mode == .meditation && nidra.modeName == "Meditation")
        var s = try Self.open("Klangwissen", language: .german)
        s.send(.knobTurned(detents: 1))
        s.pressKnob()
        s.pressKnob()
        s.send(.timePassed, after: 3)
        guard case .nowPlaying(let science) = s.box.display(at: s.now).screen else { Issue.record("not playing"); return }
        #expect(science.kind == .science && science.modeName == nil)
    }

    @Test func featuredTonightOpensWithTheYogaNidraNearestTenMinutes() throws {
        for day in 0..<3 {
            var d = try Driver(catalog: Self.catalog)
            d.now = d.now.advanced(by: Double(day) * 86_400)
            let featured = d.box.menuItems(.featuredTonight, at: d.now)
            #expect(featured.first?.id == "nidra-ten")
            #expect(featured.dropFirst().allSatisfy { $0.kind != .yogaNidra })
        }
    }
}
