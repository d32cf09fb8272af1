import Foundation
import SleepBoxCore
import Testing

/// Spec 1: the leaf cycles Off -> Meditation -> Poetry -> Off.
@Suite struct BoxLeafTests {
    @Test func leafCyclesOffMeditationPoetryOff() throws {
        var t = try BoxTester.started()
        #expect(t.screen().name == "idle")

        // Off -> Meditation: a random item of the meditation pool starts.
        let med = try t.leafToMeditation(after: 5)
        let medStart = t.now.uptime - 0.25
        #expect(Fixture.meditationIDs.contains(med))

        // Meditation -> Poetry while playing: 1.5 s crossfade to a random poem.
        let poem = try t.pick(.poetry)
        let cross = t.at(10)
        let heard = cross.uptime - medStart
        t.tap(.leaf, after: 10, update: {
            $0.mode = .poetry
            $0.lastMode = .poetry
            $0.progress[med] = ProgressEntry(position: heard, duration: Fixture.duration(med), updated: cross.wall)
            $0.phase = .crossfading(from: Playback(item: med, position: heard, anchor: cross.uptime),
                                    to: Playback(item: poem.item, position: 0, anchor: cross.uptime),
                                    since: cross.uptime, until: cross.uptime + 1.5, reason: .modeChange)
            $0.lastTitle = Fixture.title(poem.item)
            poem.apply(to: &$0)
        }, commands: [.crossfade(to: poem.item, from: 0, over: 1.5), .persist])
        #expect(Fixture.poemIDs.contains(poem.item))

        // The crossfade ends: the poem plays.
        t.send(.timePassed, at: Moment(uptime: cross.uptime + 1.5, wall: cross.wall + 1.5), update: {
            $0.phase = .playing(Playback(item: poem.item, position: 0, anchor: cross.uptime))
        }, commands: [])
        #expect(t.screen().name == "nowPlaying")

        // Poetry -> Off: a 1.5 s fade, then stop.
        let off = t.at(5)
        let poemHeard = off.uptime - cross.uptime
        t.tap(.leaf, after: 5, update: {
            $0.mode = .off
            $0.progress[poem.item] = ProgressEntry(position: poemHeard, duration: Fixture.duration(poem.item), updated: off.wall)
            $0.phase = .fadingOut(Playback(item: poem.item, position: poemHeard, anchor: off.uptime),
                                  since: off.uptime, until: off.uptime + 1.5, reason: .stoppedByHand)
        }, commands: [.rampGain(to: 0, over: 1.5, curve: .equalPower), .persist])
        t.send(.timePassed, at: Moment(uptime: off.uptime + 1.5, wall: off.wall + 1.5), update: {
            $0.phase = .idle
        }, commands: [.stop, .persist])
        #expect(t.state.lastMode == .poetry)
        #expect(t.screen().name == "idle")
    }

    @Test func offToMeditationNeverPicksAnItemComingSoonOrOfAnotherPool() throws {
        for seed in UInt64(0)..<40 {
            var t = try BoxTester.started(seed: seed)
            let item = try t.leafToMeditation()
            #expect(item != "med-ocean" && item != "story-fox")
        }
    }

    @Test func meditationToPoetryWhilePausedStartsThePoemAtOnce() throws {
        var t = try BoxTester.started()
        let med = try t.leafToMeditation(after: 1)
        let started = t.now.uptime - 0.25
        let pause = t.at(4 + 0.25)
        t.tap(.knob, after: 4, update: {
            $0.phase = .paused(Playback(item: med, position: pause.uptime - started, anchor: pause.uptime))
        }, commands: [.pause, .persist])
        let poem = try t.pick(.poetry)
        let press = t.at(3)
        t.tap(.leaf, after: 3, update: {
            $0.mode = .poetry
            $0.lastMode = .poetry
            $0.progress[med] = ProgressEntry(position: pause.uptime - started, duration: Fixture.duration(med), updated: press.wall)
            $0.phase = .playing(Playback(item: poem.item, position: 0, anchor: press.uptime))
            $0.lastTitle = Fixture.title(poem.item)
            poem.apply(to: &$0)
        }, commands: [.play(poem.item, from: 0), .persist])
    }

    @Test func pausedPoemTurnsOffWithoutFade() throws {
        var t = try BoxTester.started()
        try t.leafToMeditation()
        let poem = try t.pick(.poetry)
        let cross = t.at(2)
        t.tap(.leaf, after: 2, update: { s in
            guard case .playing(let p) = s.phase else { return }
            let heard = p.position + (cross.uptime - p.anchor)
            s.progress[p.item] = ProgressEntry(position: heard, duration: Fixture.duration(p.item), updated: cross.wall)
            s.mode = .poetry
            s.lastMode = .poetry
            s.phase = .crossfading(from: Playback(item: p.item, position: heard, anchor: cross.uptime),
                                   to: Playback(item: poem.item, position: 0, anchor: cross.uptime),
                                   since: cross.uptime, until: cross.uptime + 1.5, reason: .modeChange)
            s.lastTitle = Fixture.title(poem.item)
            poem.apply(to: &s)
        }, commands: [.crossfade(to: poem.item, from: 0, over: 1.5), .persist])
        t.send(.timePassed, after: 2, update: {
            $0.phase = .playing(Playback(item: poem.item, position: 0, anchor: cross.uptime))
        }, commands: [])
        let pause = t.at(1 + 0.25)
        t.tap(.knob, after: 1, update: {
            $0.phase = .paused(Playback(item: poem.item, position: pause.uptime - cross.uptime, anchor: pause.uptime))
        }, commands: [.pause, .persist])
        let off = t.at(1)
        t.tap(.leaf, after: 1, update: {
            $0.mode = .off
            $0.progress[poem.item] = ProgressEntry(position: pause.uptime - cross.uptime,
                                                   duration: Fixture.duration(poem.item), updated: off.wall)
            $0.phase = .idle
        }, commands: [.stop, .persist])
    }

    /// "content completed" is only ever true while nothing plays (starting anything clears it),
    /// so stopping by hand means the leaf's Poetry -> Off after the poem ended by itself.
    @Test func stoppingByHandClearsContentCompleted() throws {
        var t = try BoxTester.started()
        try t.leafToMeditation(after: 1)
        let poem = try t.pick(.poetry)
        let cross = t.at(1)
        t.tap(.leaf, after: 1, update: { s in
            guard case .playing(let p) = s.phase else { return }
            let heard = p.position + (cross.uptime - p.anchor)
            s.progress[p.item] = ProgressEntry(position: heard, duration: Fixture.duration(p.item), updated: cross.wall)
            s.mode = .poetry
            s.lastMode = .poetry
            s.phase = .crossfading(from: Playback(item: p.item, position: heard, anchor: cross.uptime),
                                   to: Playback(item: poem.item, position: 0, anchor: cross.uptime),
                                   since: cross.uptime, until: cross.uptime + 1.5, reason: .modeChange)
            s.lastTitle = Fixture.title(poem.item)
            poem.apply(to: &s)
        }, commands: [.crossfade(to: poem.item, from: 0, over: 1.5), .persist])
        t.send(.timePassed, after: 1.5, update: {
            $0.phase = .playing(Playback(item: poem.item, position: 0, anchor: cross.uptime))
        }, commands: [])
        let length = Fixture.duration(poem.item)
        let end = Moment(uptime: cross.uptime + length, wall: cross.wall + length)
        t.send(.itemFinished(poem.item), at: end, update: {
            $0.progress[poem.item] = ProgressEntry(position: length, duration: length, updated: end.wall)
            $0.phase = .idle
            $0.contentCompleted = true
        }, commands: [.persist])
        #expect(t.state.mode == .poetry)
        t.tap(.leaf, after: 5, update: {
            $0.mode = .off
            $0.contentCompleted = false
        }, commands: [.persist])
    }

    @Test func leafPressesDuringTransitionsAreIgnoredNotQueued() throws {
        var t = try BoxTester.started()
        try t.leafToMeditation()
        let poem = try t.pick(.poetry)
        let cross = t.at(2)
        t.tap(.leaf, after: 2, update: { s in
            guard case .playing(let p) = s.phase else { return }
            let heard = p.position + (cross.uptime - p.anchor)
            s.progress[p.item] = ProgressEntry(position: heard, duration: Fixture.duration(p.item), updated: cross.wall)
            s.mode = .poetry
            s.lastMode = .poetry
            s.phase = .crossfading(from: Playback(item: p.item, position: heard, anchor: cross.uptime),
                                   to: Playback(item: poem.item, position: 0, anchor: cross.uptime),
                                   since: cross.uptime, until: cross.uptime + 1.5, reason: .modeChange)
            s.lastTitle = Fixture.title(poem.item)
            poem.apply(to: &s)
        }, commands: [.crossfade(to: poem.item, from: 0, over: 1.5), .persist], releaseCommands: [])

        // Three more presses inside the 1.5 s crossfade: nothing but the button bookkeeping.
        t.tap(.leaf, after: 0.25, holding: 0.125, commands: [])
        t.tap(.leaf, after: 0.125, holding: 0.125, commands: [])
        t.tap(.leaf, after: 0.125, holding: 0.125, commands: [])
        #expect(t.now.uptime < cross.uptime + 1.5)

        // The crossfade ends as planned; nothing was queued: still Poetry.
        t.send(.timePassed, at: Moment(uptime: cross.uptime + 1.5, wall: cross.wall + 1.5), update: {
            $0.phase = .playing(Playback(item: poem.item, position: 0, anchor: cross.uptime))
        }, commands: [])
        t.send(.timePassed, after: 5, commands: [])
        #expect(t.state.mode == .poetry)

        // The same for the stop fade.
        let off = t.at(1)
        t.tap(.leaf, after: 1, update: {
            $0.mode = .off
            let heard = off.uptime - cross.uptime
            $0.progress[poem.item] = ProgressEntry(position: heard, duration: Fixture.duration(poem.item), updated: off.wall)
            $0.phase = .fadingOut(Playback(item: poem.item, position: heard, anchor: off.uptime),
                                  since: off.uptime, until: off.uptime + 1.5, reason: .stoppedByHand)
        }, commands: [.rampGain(to: 0, over: 1.5, curve: .equalPower), .persist])
        t.tap(.leaf, after: 0.5, holding: 0.25, commands: [])
        t.send(.timePassed, at: Moment(uptime: off.uptime + 1.5, wall: off.wall + 1.5), update: {
            $0.phase = .idle
        }, commands: [.stop, .persist])
        t.send(.timePassed, after: 5, commands: [])
        #expect(t.state.mode == .off)
    }

    /// A skip pressed during a transition must not act once the transition is over: neither its
    /// release (a skip) nor its hold (seeking).
    @Test func skipPressedDuringATransitionIsIgnored() throws {
        var t = try BoxTester.started()
        try t.leafToMeditation()
        let poem = try t.pick(.poetry)
        let cross = t.at(2)
        t.tap(.leaf, after: 2, update: { s in
            guard case .playing(let p) = s.phase else { return }
            let heard = p.position + (cross.uptime - p.anchor)
            s.progress[p.item] = ProgressEntry(position: heard, duration: Fixture.duration(p.item), updated: cross.wall)
            s.mode = .poetry
            s.lastMode = .poetry
            s.phase = .crossfading(from: Playback(item: p.item, position: heard, anchor: cross.uptime),
                                   to: Playback(item: poem.item, position: 0, anchor: cross.uptime),
                                   since: cross.uptime, until: cross.uptime + 1.5, reason: .modeChange)
            s.lastTitle = Fixture.title(poem.item)
            poem.apply(to: &s)
        }, commands: [.crossfade(to: poem.item, from: 0, over: 1.5), .persist])

        // Skip goes down 1 s into the crossfade and comes up 0.5 s later, after the crossfade.
        let down = cross.uptime + 1
        t.send(.buttonPressed(.skip), at: Moment(uptime: down, wall: cross.wall + 1), update: {
            $0.pressed[.skip] = .used
        }, commands: [])
        t.send(.buttonReleased(.skip), after: 0.5, update: {
            $0.pressed[.skip] = nil
            $0.phase = .playing(Playback(item: poem.item, position: 0, anchor: cross.uptime))
        }, commands: [])
        #expect(t.state.playback?.item == poem.item)

        // Held through the end of a transition (here a skip's crossfade): no seeking afterwards.
        let next = try t.pick(.poetry, avoiding: poem.item)
        let skipAt = t.now.uptime + 1.25
        t.tap(.skip, after: 1, update: {
            let heard = skipAt - cross.uptime
            $0.progress[poem.item] = ProgressEntry(position: heard, duration: Fixture.duration(poem.item),
                                                   updated: cross.wall + (skipAt - cross.uptime))
            $0.phase = .crossfading(from: Playback(item: poem.item, position: heard, anchor: skipAt),
                                    to: Playback(item: next.item, position: 0, anchor: skipAt),
                                    since: skipAt, until: skipAt + 1.5, reason: .skip)
            $0.lastTitle = Fixture.title(next.item)
            next.apply(to: &$0)
        }, commands: [.crossfade(to: next.item, from: 0, over: 1.5), .persist])
        t.send(.buttonPressed(.skip), after: 0.25, update: {
            $0.pressed[.skip] = .used
        }, commands: [])
        t.send(.timePassed, at: Moment(uptime: skipAt + 1.5, wall: cross.wall + (skipAt + 1.5 - cross.uptime)), update: {
            $0.phase = .playing(Playback(item: next.item, position: 0, anchor: skipAt))
        }, commands: [])
        #expect(t.box.nextDeadline.uptime == skipAt + 15, "the periodic save counts from the skip's save")
        t.send(.timePassed, after: 3, commands: [])
        t.send(.buttonReleased(.skip), after: 1, update: { $0.pressed[.skip] = nil }, commands: [])
        #expect(t.state.playback?.item == next.item)
    }

    /// A pool with a single playable item: entering its mode again plays it again (only a skip
    /// must not repeat it), instead of showing "coming soon".
    @Test func aModeWithASinglePlayableItemPlaysItEveryTime() throws {
        let catalog = Catalog(items: [
            ContentItem(id: "med-only", title: "Only", kind: .meditation, duration: 600),
            ContentItem(id: "med-later", title: "Later", kind: .meditation, duration: 600, isAvailable: false),
            ContentItem(id: "poem-only", title: "Poem", kind: .poem, duration: 60),
        ])
        var t = try BoxTester.started(catalog: catalog)
        for round in 0..<3 {
            let play = t.now.uptime + 1
            let start = t.expectedStart("med-only")
            t.send(.buttonPressed(.leaf), after: 1, acceptingShuffle: true, update: {
                $0.mode = .meditation
                $0.lastMode = .meditation
                $0.phase = .playing(Playback(item: "med-only", position: start, anchor: play))
                $0.lastTitle = "Only"
                $0.pressed[.leaf] = .used
            }, commands: [.play("med-only", from: start), .persist])
            t.send(.buttonReleased(.leaf), after: 0.25, update: { $0.pressed[.leaf] = nil }, commands: [])
            #expect(t.state.overlay == nil, "round \(round)")
            // Skip has nothing else to go to: it does nothing (the bag may refill: a refilled bag
            // is saved at once).
            t.send(.buttonPressed(.skip), after: 1, update: { $0.pressed[.skip] = .pending }, commands: [])
            var probe = t.box
            let refilled = probe.handle(.buttonReleased(.skip), at: t.now.advanced(by: 0.25)).contains(.persist)
            #expect(refilled == (probe.state.shuffle != t.state.shuffle || probe.state.rng != t.state.rng), "round \(round)")
            t.send(.buttonReleased(.skip), after: 0.25, acceptingShuffle: true, update: { $0.pressed[.skip] = nil },
                   commands: refilled ? [.persist] : [])
            #expect(t.state.playback?.item == "med-only")
            // Meditation -> Poetry -> Off.
            let cross = t.now.uptime + 1
            let wall = t.now.wall + 1
            let poemStart = t.expectedStart("poem-only")
            t.send(.buttonPressed(.leaf), after: 1, acceptingShuffle: true, update: {
                let heard = start + (cross - play)
                $0.progress["med-only"] = ProgressEntry(position: heard, duration: 600, updated: wall)
                $0.mode = .poetry
                $0.lastMode = .poetry
                $0.phase = .crossfading(from: Playback(item: "med-only", position: heard, anchor: cross),
                                        to: Playback(item: "poem-only", position: poemStart, anchor: cross),
                                        since: cross, until: cross + 1.5, reason: .modeChange)
                $0.lastTitle = "Poem"
                $0.pressed[.leaf] = .used
            }, commands: [.crossfade(to: "poem-only", from: poemStart, over: 1.5), .persist])
            t.send(.buttonReleased(.leaf), after: 2, update: {
                $0.pressed[.leaf] = nil
                $0.phase = .playing(Playback(item: "poem-only", position: poemStart, anchor: cross))
            }, commands: [])
            let off = t.now.uptime + 1
            let offWall = t.now.wall + 1
            t.tap(.leaf, after: 1, update: {
                $0.mode = .off
                $0.progress["poem-only"] = ProgressEntry(position: poemStart + (off - cross), duration: 60, updated: offWall)
                $0.phase = .fadingOut(Playback(item: "poem-only", position: poemStart + (off - cross), anchor: off),
                                      since: off, until: off + 1.5, reason: .stoppedByHand)
            }, commands: [.rampGain(to: 0, over: 1.5, curve: .equalPower), .persist])
            t.send(.timePassed, after: 2, update: { $0.phase = .idle }, commands: [.stop, .persist])
        }
    }

    /// Random bursts of presses, releases and turns never leave the box in a broken state, and
    /// once the buttons rest every transition ends.
    @Test(arguments: UInt64(1)...12)
    func rapidPressesNeverBreakTheState(seed: UInt64) throws {
        let t = try BoxTester.started(seed: seed)
        var box = t.box
        var now = t.now
        var rng = SplitMix64(seed: seed &* 7919)
        var down: Set<SleepBoxCore.Button> = []
        for _ in 0..<400 {
            now = now.advanced(by: [0.05, 0.1, 0.25, 0.5, 1.0, 2.0].randomElement(using: &rng) ?? 0.1)
            let button = SleepBoxCore.Button.allCases.randomElement(using: &rng) ?? .leaf
            let event: Event
            if Int.random(in: 0..<10, using: &rng) == 0 {
                event = .knobTurned(detents: Int.random(in: -2...2, using: &rng))
            } else if down.contains(button) {
                down.remove(button)
                event = .buttonReleased(button)
            } else {
                down.insert(button)
                event = .buttonPressed(button)
            }
            // The box is woken at each of its deadlines on the way, as the runner does (the timer
            // choice committing itself may start the last mode).
            while let due = box.nextDeadline.uptime, due <= now.uptime {
                let at = Moment(uptime: due, wall: now.wall(atUptime: due))
                let before = box.state
                checkInvariants(box, commands: box.handle(.timePassed, at: at), before: before, at: at, event: .timePassed)
            }
            let before = box.state
            let commands = box.handle(event, at: now)
            checkInvariants(box, commands: commands, before: before, at: now, event: event)
        }
        for b in down { _ = box.handle(.buttonReleased(b), at: now) }
        // Long enough for every overlay to close by itself (the menu's is the longest).
        now = now.advanced(by: 40)
        _ = box.handle(.timePassed, at: now)
        switch box.state.phase {
        case .crossfading, .fadingOut: Issue.record("a transition never ended: \(box.state.phase)")
        default: break
        }
        #expect(box.state.overlay == nil)
        #expect(box.state.pressed.isEmpty)
    }

    private func checkInvariants(_ box: Box, commands: [Command], before: BoxState, at now: Moment, event: Event) {
        let s = box.state
        #expect(s.lastMode != .off)
        #expect((0...100).contains(s.volume))
        let starts = commands.filter { if case .play = $0 { return true }; if case .crossfade = $0 { return true }; return false }
        #expect(starts.count <= 1, "\(event): \(commands)")
        switch s.phase {
        case .playing(let p), .paused(let p):
            #expect(Fixture.pool(s.mode).contains(p.item), "\(s.mode) plays \(p.item)")
        case .crossfading(let from, let to, let since, let until, _):
            #expect(from.item != to.item)
            #expect(abs((until - since) - 1.5) < 1e-9)
            #expect(since <= now.uptime && now.uptime <= until)
            #expect(Fixture.pool(s.mode).contains(to.item))
        case .fadingOut(_, let since, let until, let reason):
            #expect(reason == .stoppedByHand)
            #expect(s.mode == .off)
            #expect(abs((until - since) - 1.5) < 1e-9 && since <= now.uptime && now.uptime <= until)
        case .idle:
            break
        case .ringing, .greeting, .snoozed:
            Issue.record("no alarm is set")
        }
        // A transition in progress is never replaced by a press.
        if case .crossfading(_, _, let since, let until, _) = before.phase, now.uptime < until,
           case .buttonPressed = event, case .crossfading(_, _, let since2, _, _) = s.phase {
            #expect(since == since2)
        }
        if s.mode == .off, case .playing = s.phase { Issue.record("off but playing") }
    }
}
