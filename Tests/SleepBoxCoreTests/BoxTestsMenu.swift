import Foundation
import SleepBoxCore
import Testing

/// The library menu: the knob held opens it; categories, items, favourites, continue listening,
/// featured tonight; coming-soon items never play.
@Suite struct BoxMenuTests {
    /// A box on Monday 2026-11-23 22:30 in Berlin, idle, and a driver that keeps its own clock.
    struct Driver {
        var box: Box
        var now: Moment
        /// The knob's switch goes through this, with the box's hold timings (see `knob(down:after:)`).
        var decoder: InputDecoder

        init(language: Language = .english, cues: Bool = false, speakMenus: Bool = false,
             catalog: Catalog = Fixture.catalog) throws {
            var config = try Fixture.config()
            config.language = language
            config.audio.confirmationCues = cues
            config.menu.speakMenus = speakMenus
            box = Box(config: config, catalog: catalog, seed: 7)
            decoder = InputDecoder(holdTimings: HoldTimings(config))
            now = Moment(uptime: 100, wall: try utc(2026, 11, 23, 21, 30))
            _ = box.start(at: now, restoring: nil)
        }

        @discardableResult
        mutating func send(_ event: Event, after seconds: Double = 0) -> [Command] {
            now = now.advanced(by: seconds)
            return box.handle(event, at: now)
        }

        /// Moves time on by `seconds` and sets the knob's switch down or up there (or leaves it,
        /// for nil), handing the box what the input decoder reports by then, each at its own time:
        /// the commands of them all.
        @discardableResult
        mutating func knob(down: Bool?, after seconds: Double) -> [Command] {
            now = now.advanced(by: seconds)
            let events = down.map { decoder.timedEdge(.knobSwitch, active: $0, at: now.uptime) }
                ?? decoder.timedAdvance(to: now.uptime)
            return events.flatMap { box.handle($0.event, at: Moment(uptime: $0.time, wall: now.wall(atUptime: $0.time))) }
        }

        /// Holds the knob past the hold time and lets go: the commands of the hold and the release.
        @discardableResult
        mutating func holdKnob(after seconds: Double = 1) -> [Command] {
            knob(down: true, after: seconds) + knob(down: nil, after: 0.8) + knob(down: false, after: 0.2)
        }

        @discardableResult
        mutating func pressKnob(after seconds: Double = 1) -> [Command] {
            send(.buttonPressed(.knob), after: seconds) + send(.buttonReleased(.knob), after: 0.1)
        }

        var menu: MenuScreen? {
            if case .menu(let m) = box.display(at: now).screen { return m }
            return nil
        }

    }

    /// Continue listening is not listed while nothing is begun.
    static let topLevel = ["Featured tonight", "Favorites", "Yoga nidra", "Sleep stories",
                           "Meditations", "Breathing", "Poems", "Timers", "Nights", "Alarms", "Settings"]

    @Test func holdingTheKnobOpensTheLibraryAtItsCategories() throws {
        var d = try Driver()
        #expect(d.knob(down: true, after: 1) == [])
        #expect(d.menu == nil, "nothing happens before the hold time")
        #expect(d.knob(down: nil, after: 0.8) == [])
        let menu = try #require(d.menu)
        #expect(menu.title == "Library")
        #expect(menu.rows.map(\.label) == Self.topLevel)
        #expect(menu.rows.map(\.detail) == ["5", "0", "1", "1", "2", "1", "3", nil, nil, nil, nil])
        #expect(menu.rows.allSatisfy { $0.kind == .category })
        #expect(menu.selected == 0)
        // Letting go does nothing more: the press was used by the hold.
        #expect(d.knob(down: false, after: 0.5) == [])
        #expect(d.menu != nil)
        #expect(d.box.state.phase == .idle)
    }

    @Test func theSelectedRowsMarqueeRunsOnTheBoxsClockAndStopsWhenTheMenuIsLeft() throws {
        var d = try Driver()
        /// When the menu's row was last selected or touched: the menu closes 30 s after that.
        func selectedAt(_ d: Driver) throws -> Double {
            guard case .pages(_, let until)? = d.box.state.overlay else { throw CancellationError() }
            return until - 30
        }
        func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }
        d.knob(down: true, after: 1)
        d.knob(down: nil, after: 0.8)
        let opened = try selectedAt(d)
        #expect(close(opened, d.now.uptime), "the hold opened it just now")
        #expect(d.menu?.rows[0].label == "Featured tonight")
        #expect(d.menu?.marqueeSeconds == 0)
        // A long selected label: the display changes every marquee frame, counted from the selection.
        #expect(close(d.box.nextDisplayChange(after: d.now), opened + 0.125))
        let later = d.now.advanced(by: 1.3)
        #expect(d.box.display(at: later).screen == .menu(MenuScreen(
            title: "Library", rows: try #require(d.menu).rows, selected: 0, marqueeSeconds: 1.25)), "whole frames of 0.125 s")
        #expect(close(d.box.nextDisplayChange(after: later), opened + 1.375))
        // Turning selects another row: its marquee starts from its beginning.
        d.send(.knobTurned(detents: 1), after: 2)
        #expect(d.menu?.selected == 1)
        #expect(d.menu?.marqueeSeconds == 0)
        #expect(close(d.box.nextDisplayChange(after: d.now), d.now.uptime + 0.125))
        #expect(d.box.display(at: d.now.advanced(by: 2.3)).screen == .menu(MenuScreen(
            title: "Library", rows: try #require(d.menu).rows, selected: 1, marqueeSeconds: 2.25)))
        // A short label never scrolls: the box does not wake for it.
        d.send(.knobTurned(detents: 5), after: 1)
        #expect(d.menu?.rows[6].label == "Poems")
        #expect(d.box.nextDisplayChange(after: d.now) > d.now.uptime + 1)
        // Leaving the menu stops it.
        d.send(.knobTurned(detents: -6), after: 1)
        #expect(d.box.nextDisplayChange(after: d.now) < d.now.uptime + 0.2)
        d.send(.timePassed, after: 31)
        #expect(d.menu == nil, "the menu closed by itself")
        #expect(d.box.nextDisplayChange(after: d.now) > d.now.uptime + 0.2)
    }

    /// Every list scrolls its selected label, not only the library's: the settings, the alarms,
    /// a mix's sounds (a long row there stood still, cut at its edge).
    @Test func theSettingsScrollTheirSelectedLabelToo() throws {
        var d = try Driver()
        d.holdKnob()
        let top = try #require(d.menu)
        let settings = try #require(top.rows.firstIndex { $0.label == "Settings" })
        d.send(.knobTurned(detents: settings), after: 1)
        d.pressKnob()
        #expect(d.menu?.title == "Settings")
        let settingsRows = try #require(d.menu).rows
        let long = try #require(settingsRows.firstIndex { $0.label.count > Box.marqueeMinimumCharacters })
        d.send(.knobTurned(detents: long - (d.menu?.selected ?? 0)), after: 1)
        #expect(d.box.nextDisplayChange(after: d.now) < d.now.uptime + 0.2)
        guard case .menu(let later) = d.box.display(at: d.now.advanced(by: 2.3)).screen else {
            Issue.record("the settings closed")
            return
        }
        #expect(later.marqueeSeconds == 2.25)
    }

    @Test func aShortKnobPressStillPausesWhenTheMenuIsClosed() throws {
        var d = try Driver()
        d.send(.buttonPressed(.leaf), after: 1)
        d.send(.buttonReleased(.leaf), after: 0.1)
        #expect(d.send(.buttonPressed(.knob), after: 5) == [], "the knob acts on release")
        #expect(d.send(.buttonReleased(.knob), after: 0.2) == [.pause, .persist])
        #expect(d.menu == nil)
    }

    @Test func turningMovesAndAPressOpensACategoryThenPlaysTheItem() throws {
        var d = try Driver()
        d.holdKnob()
        #expect(d.send(.knobTurned(detents: 4), after: 1) == [], "turning in the menu never changes the volume")
        #expect(d.box.state.volume == 50)
        #expect(d.menu?.selected == 4)
        #expect(d.send(.knobTurned(detents: 20), after: 1) == [])
        #expect(d.menu?.selected == 10, "clamped to the last row")
        d.send(.knobTurned(detents: -7), after: 1)
        d.pressKnob()
        let stories = try #require(d.menu)
        #expect(stories.title == "Sleep stories")
        #expect(stories.rows == [MenuRow(kind: .back, label: "Back"),
                                 MenuRow(kind: .item, label: "The Fox", detail: "25 min")])
        #expect(stories.selected == 1, "a list opens on its first item")
        // A press opens its details (the kind is the title), a press there plays it.
        #expect(d.pressKnob() == [])
        #expect(d.menu?.title == "Sleep stories")
        #expect(d.menu?.rows.first == MenuRow(kind: .action, label: "The Fox", detail: "25 min"))
        // The story belongs to no pool: it plays with the mode off (see libraryItemOfNoModeLeavesTheModeAlone).
        let commands = d.pressKnob()
        #expect(commands == [.play("story-fox", from: 0), .persist])
        #expect(d.menu == nil)
        #expect(d.box.state.mode == .off)
        #expect(d.box.state.lastMode == .meditation)
        #expect(d.box.state.phase == .playing(Playback(item: "story-fox", position: 0, anchor: d.now.uptime)))
        #expect(d.box.state.lastTitle == "The Fox")
    }

    /// Two sleep stories beside the fixture's items.
    static let twoStories = Catalog(items: Fixture.catalog.items + [
        ContentItem(id: "story-owl", title: "The Owl", kind: .story, duration: 1200),
    ])

    /// A story (a kind in no mode's pool) picked in the library while a meditation plays: the mode
    /// goes off and the last mode stays; skip plays the next story; the leaf stops it, and the
    /// next leaf starts Meditation as from Off.
    @Test func libraryItemOfNoModeLeavesTheModeAlone() throws {
        var t = try BoxTester.started(catalog: Self.twoStories)
        let meditation = try t.leafToMeditation(after: 1)
        let started = t.now.uptime - 0.25

        // The knob held opens the library ("Restart Body Scan" and "Add to favorites" first, as
        // something plays); five detents down to Sleep stories; a press opens it.
        t.send(.buttonPressed(.knob), after: 1, update: { $0.pressed[.knob] = .pending }, commands: [])
        let held = t.at(0.8)
        t.send(.buttonHeld(.knob, seconds: 0.8), after: 0.8, update: {
            $0.pressed[.knob] = .used
            BoxTester.show(BoxTester.menuPage(category: nil, selected: 0), in: &$0, until: held.uptime + 30)
        }, commands: [])
        t.send(.buttonReleased(.knob), after: 0.2, update: { $0.pressed[.knob] = nil }, commands: [])
        let turned = t.at(1)
        t.send(.knobTurned(detents: 5), after: 1, update: {
            BoxTester.show(BoxTester.menuPage(category: nil, selected: 5), in: &$0, until: turned.uptime + 30)
        }, commands: [])
        t.send(.buttonPressed(.knob), after: 1, update: { $0.pressed[.knob] = .pending }, commands: [])
        let opened = t.at(0.1)
        t.send(.buttonReleased(.knob), after: 0.1, update: {
            $0.pressed[.knob] = nil
            BoxTester.show(BoxTester.menuPage(category: .kind(.story), selected: 1), in: &$0, until: opened.uptime + 30)
        }, commands: [])
        #expect(t.screen().name == "menu")
        // A press on The Fox opens its details.
        t.send(.buttonPressed(.knob), after: 1, update: { $0.pressed[.knob] = .pending }, commands: [])
        let details = t.at(0.1)
        t.send(.buttonReleased(.knob), after: 0.1, update: {
            $0.pressed[.knob] = nil
            BoxTester.show(.item(ItemPage(id: "story-fox")), in: &$0, until: details.uptime + 30)
        }, commands: [])

        // A press there: it crossfades in as a skip would; the mode goes off, the last mode stays.
        t.send(.buttonPressed(.knob), after: 1, update: { $0.pressed[.knob] = .pending }, commands: [])
        let chosen = t.at(0.1)
        let heard = chosen.uptime - started
        t.send(.buttonReleased(.knob), after: 0.1, update: {
            $0.pressed[.knob] = nil
            $0.overlay = nil
            $0.mode = .off
            $0.progress[meditation] = ProgressEntry(position: heard, duration: Fixture.duration(meditation), updated: chosen.wall)
            $0.phase = .crossfading(from: Playback(item: meditation, position: heard, anchor: chosen.uptime),
                                    to: Playback(item: "story-fox", position: 0, anchor: chosen.uptime),
                                    since: chosen.uptime, until: chosen.uptime + 1.5, reason: .skip)
            $0.lastTitle = "The Fox"
        }, commands: [.crossfade(to: "story-fox", from: 0, over: 1.5), .persist])
        #expect(t.state.lastMode == .meditation)
        t.send(.timePassed, after: 1.5, update: {
            $0.phase = .playing(Playback(item: "story-fox", position: 0, anchor: chosen.uptime))
        }, commands: [])
        guard case .nowPlaying(let playing) = t.screen() else {
            Issue.record("expected the playing screen")
            return
        }
        #expect(playing.kind == .story)

        // Skip: the next story, in the library's order.
        let skipped = t.at(1.25)
        t.tap(.skip, after: 1, update: {
            $0.progress["story-fox"] = ProgressEntry(position: skipped.uptime - chosen.uptime, duration: 1500, updated: skipped.wall)
            $0.phase = .crossfading(from: Playback(item: "story-fox", position: skipped.uptime - chosen.uptime, anchor: skipped.uptime),
                                    to: Playback(item: "story-owl", position: 0, anchor: skipped.uptime),
                                    since: skipped.uptime, until: skipped.uptime + 1.5, reason: .skip)
            $0.lastTitle = "The Owl"
        }, commands: [.crossfade(to: "story-owl", from: 0, over: 1.5), .persist])
        t.send(.timePassed, after: 1.5, update: {
            $0.phase = .playing(Playback(item: "story-owl", position: 0, anchor: skipped.uptime))
        }, commands: [])

        // The leaf stops it (a fade, as turning off does).
        let stopped = t.at(1)
        let owl = stopped.uptime - skipped.uptime
        t.tap(.leaf, after: 1, update: {
            $0.progress["story-owl"] = ProgressEntry(position: owl, duration: 1200, updated: stopped.wall)
            $0.phase = .fadingOut(Playback(item: "story-owl", position: owl, anchor: stopped.uptime),
                                  since: stopped.uptime, until: stopped.uptime + 1.5, reason: .stoppedByHand)
        }, commands: [.rampGain(to: 0, over: 1.5, curve: .equalPower), .persist])
        t.send(.timePassed, after: 1.25, update: { $0.phase = .idle }, commands: [.stop, .persist])
        #expect(t.state.mode == .off)

        // The next leaf is Meditation, as from Off.
        try t.leafToMeditation(after: 1)
    }

    @Test func backGoesUpToTheCategoryItCameFrom() throws {
        var d = try Driver()
        d.holdKnob()
        d.send(.knobTurned(detents: 6), after: 1)
        d.pressKnob()
        #expect(d.menu?.title == "Poems")
        d.send(.knobTurned(detents: -1), after: 1)
        #expect(d.menu?.selected == 0)
        #expect(d.pressKnob() == [])
        #expect(d.menu?.title == "Library")
        #expect(d.menu?.selected == 6)
    }

    @Test func aComingSoonItemIsMarkedAndNeverPlays() throws {
        var d = try Driver()
        d.holdKnob()
        d.send(.knobTurned(detents: 4), after: 1)
        d.pressKnob()
        let meditations = try #require(d.menu)
        #expect(meditations.rows.map(\.label) == ["Back", "Body Scan", "Ocean"])
        #expect(meditations.rows[2] == MenuRow(kind: .item, label: "Ocean", detail: "soon", isAvailable: false))
        d.send(.knobTurned(detents: 1), after: 1)
        // Its details open; a press there says it is coming soon.
        #expect(d.pressKnob() == [])
        #expect(d.menu?.rows.first == MenuRow(kind: .action, label: "Ocean", detail: "soon", isAvailable: false))
        #expect(d.pressKnob() == [])
        #expect(d.box.display(at: d.now).screen == .comingSoon(title: "Ocean"))
        #expect(d.box.state.phase == .idle)
    }

    @Test func continueListeningHoldsWhatWasBegunAndNotFinishedMostRecentFirst() throws {
        var d = try Driver()
        let wall = d.now.wall
        var snapshot = d.box.snapshot(at: d.now)
        snapshot.progress = [
            "med-body-scan": ProgressEntry(position: 300, duration: 600, updated: wall - 100),
            "med-nidra": ProgressEntry(position: 120, duration: 1200, updated: wall - 50),
            "poem-lake": ProgressEntry(position: 58, duration: 60, updated: wall - 10),  // 97 %: finished
            "poem-hope": ProgressEntry(position: 0, duration: 90, updated: wall - 5),  // not begun
        ]
        _ = d.box.start(at: d.now, restoring: snapshot)
        d.holdKnob()
        d.send(.knobTurned(detents: 1), after: 1)
        #expect(d.menu?.rows[1].detail == "2")
        d.pressKnob()
        let menu = try #require(d.menu)
        #expect(menu.rows.map(\.label) == ["Back", "Yoga Nidra", "Body Scan"])
        #expect(menu.rows.map(\.detail) == [nil, "10%", "50%"])
        // Its details show how far it got; playing it resumes where it was.
        #expect(d.pressKnob() == [])
        #expect(d.menu?.rows.map(\.label).contains("Heard: 10%") == true)
        #expect(d.pressKnob() == [.play("med-nidra", from: 120), .persist])
    }

    @Test func featuredTonightOffersAvailableItemsTheSameAllEveningAndNewOnesAnotherDay() throws {
        var d = try Driver()
        let evening = d.box.menuItems(.featuredTonight, at: d.now)
        #expect(evening.count == 5, "the yoga nidra, then one of each kind group the fixture has: meditation, story, breathing, poem")
        #expect(evening.first?.id == "med-nidra")
        #expect(evening.allSatisfy { $0.isAvailable })
        #expect(Set(evening.map(\.kind)).count == 5)
        let later = d.now.advanced(by: 5 * 3600)  // 03:30 the next morning: still tonight
        #expect(d.box.menuItems(.featuredTonight, at: later) == evening)
        var days: Set<[ItemID]> = []
        for day in 0..<14 {
            days.insert(d.box.menuItems(.featuredTonight, at: d.now.advanced(by: Double(day) * 86_400)).map(\.id))
        }
        #expect(days.count > 1, "the choice changes from evening to evening")
        // Pressing the first opens its details, a press there plays it.
        d.holdKnob()
        d.pressKnob()
        #expect(d.menu?.rows.map(\.label) == ["Back"] + evening.map(\.title))
        #expect(d.pressKnob() == [])
        let commands = d.pressKnob()
        #expect(commands.first == .play(evening[0].id, from: 0))
    }

    @Test func theMenuClosesByItselfAndOtherButtonsCloseItAndAct() throws {
        var d = try Driver()
        d.holdKnob()
        d.send(.timePassed, after: 29)
        #expect(d.menu != nil)
        d.send(.timePassed, after: 1.5)
        #expect(d.menu == nil, "closed after 30 s without input")
        d.holdKnob()
        let leaf = d.send(.buttonPressed(.leaf), after: 1)
        #expect(d.menu == nil)
        #expect(d.box.state.mode == .meditation)
        #expect(leaf.last == .persist)
        #expect(leaf.contains { if case .play = $0 { return true } else { return false } })
    }

    @Test func theMenuSpeaksGerman() throws {
        var d = try Driver(language: .german)
        d.holdKnob()
        let menu = try #require(d.menu)
        #expect(menu.title == "Bibliothek")
        #expect(menu.rows.map(\.label) == ["Für heute Abend", "Favoriten", "Yoga Nidra",
                                           "Einschlafgeschichten", "Meditationen", "Atmung", "Gedichte", "Timer", "Nächte", "Wecker",
                                           "Einstellungen"])
        d.pressKnob()
        let featured = try #require(d.menu)
        #expect(featured.title == "Für heute Abend")
        #expect(featured.rows.first?.label == "Zurück")
        #expect(featured.rows.dropFirst().allSatisfy { $0.detail?.hasSuffix(" Min.") ?? false })
        #expect(d.box.display(at: d.now).language == .german)
    }

    @Test func theMenuIsNotOfferedWhileTheAlarmRings() throws {
        let alarm = AlarmSettings(hour: 22, minute: 31)
        var config = try Fixture.config(alarm: alarm)
        config.language = .english
        var box = Box(config: config, catalog: Fixture.catalog, seed: 7)
        var now = Moment(uptime: 100, wall: try utc(2026, 11, 23, 21, 30))
        _ = box.start(at: now, restoring: nil)
        now = now.advanced(by: 61)
        _ = box.handle(.timePassed, at: now)
        guard case .ringing = box.state.phase else {
            Issue.record("expected the alarm to ring, got \(box.state.phase)")
            return
        }
        _ = box.handle(.buttonPressed(.knob), at: now.advanced(by: 1))
        _ = box.handle(.buttonHeld(.knob, seconds: 0.8), at: now.advanced(by: 1.8))
        if case .pages? = box.state.overlay { Issue.record("the menu opened over the alarm") }
    }
}
