import Foundation
import SleepBoxCore
import Testing

/// Spec 2, 5 and 6: skip, seek, pause, volume, the end of an item, progress.
@Suite struct BoxPlaybackTests {
    // MARK: Skip

    @Test func skipCrossfadesToTheNextItemOfTheSamePool() throws {
        var t = try BoxTester.started()
        let first = try t.leafToMeditation(after: 1)
        let started = t.now.uptime - 0.25
        let next = try t.pick(.meditation, avoiding: first)
        let release = t.now.uptime + 2 + 0.25
        let wall = t.now.wall + 2.25
        t.tap(.skip, after: 2, update: {
            let heard = release - started
            $0.progress[first] = ProgressEntry(position: heard, duration: Fixture.duration(first), updated: wall)
            $0.phase = .crossfading(from: Playback(item: first, position: heard, anchor: release),
                                    to: Playback(item: next.item, position: 0, anchor: release),
                                    since: release, until: release + 1.5, reason: .skip)
            $0.lastTitle = Fixture.title(next.item)
            next.apply(to: &$0)
        }, commands: [.crossfade(to: next.item, from: 0, over: 1.5), .persist])
        #expect(Fixture.meditationIDs.contains(next.item) && next.item != first)
        // A skip shows the new item, not the transition dots.
        guard case .nowPlaying(let screen) = t.screen(after: 0.5) else {
            Issue.record("expected the playing screen, got \(t.screen(after: 0.5))")
            return
        }
        #expect(screen.title == Fixture.title(next.item))
        #expect(screen.mode == .meditation)
        t.send(.timePassed, after: 1.5, update: {
            $0.phase = .playing(Playback(item: next.item, position: 0, anchor: release))
        }, commands: [])
    }

    /// A shuffle bag: every playable item once before any repeats, never the same twice in a row.
    @Test(arguments: UInt64(0)..<8)
    func skippingWalksThePoolLikeAShuffleBag(seed: UInt64) throws {
        var t = try BoxTester.started(seed: seed)
        var played = [try t.leafToMeditation(after: 1)]
        for _ in 0..<9 {
            let current = played[played.count - 1]
            let next = try t.pick(.meditation, avoiding: current)
            let at = t.now.uptime + 2.25
            let wall = t.now.wall + 2.25
            let heard = t.state.playback.map { p in p.position + (at - p.anchor) } ?? 0
            let start = t.expectedStart(next.item)
            t.tap(.skip, after: 2, update: {
                $0.progress[current] = ProgressEntry(position: heard, duration: Fixture.duration(current), updated: wall)
                $0.phase = .crossfading(from: Playback(item: current, position: heard, anchor: at),
                                        to: Playback(item: next.item, position: start, anchor: at),
                                        since: at, until: at + 1.5, reason: .skip)
                $0.lastTitle = Fixture.title(next.item)
                next.apply(to: &$0)
            }, commands: [.crossfade(to: next.item, from: start, over: 1.5), .persist])
            t.send(.timePassed, after: 1.5, update: {
                $0.phase = .playing(Playback(item: next.item, position: start, anchor: at))
            }, commands: [])
            played.append(next.item)
        }
        // Independently of the mirror: rounds of three are permutations of the pool, and no item
        // follows itself.
        for round in stride(from: 0, to: 9, by: 3) {
            #expect(Set(played[round..<round + 3]) == Fixture.meditationIDs, "\(played)")
        }
        for i in 1..<played.count { #expect(played[i] != played[i - 1]) }
    }

    @Test func skipDoesNothingWhenOff() throws {
        var t = try BoxTester.started()
        t.tap(.skip, after: 1, commands: [])
        #expect(t.state.phase == .idle)
    }

    @Test func skipWhilePausedStartsTheNextItemAtOnce() throws {
        var t = try BoxTester.started()
        let first = try t.leafToMeditation(after: 1)
        let started = t.now.uptime - 0.25
        let pause = t.at(3 + 0.25)
        t.tap(.knob, after: 3, update: {
            $0.phase = .paused(Playback(item: first, position: pause.uptime - started, anchor: pause.uptime))
        }, commands: [.pause, .persist])
        let next = try t.pick(.meditation, avoiding: first)
        let wall = t.now.wall + 5.25
        t.tap(.skip, after: 5, update: {
            $0.progress[first] = ProgressEntry(position: pause.uptime - started, duration: Fixture.duration(first), updated: wall)
            $0.phase = .playing(Playback(item: next.item, position: 0, anchor: pause.uptime + 5.25))
            $0.lastTitle = Fixture.title(next.item)
            next.apply(to: &$0)
        }, commands: [.play(next.item, from: 0), .persist])
    }

    @Test func skipAfterAnItemEndedPlaysTheNextOfThePool() throws {
        var t = try BoxTester.started()
        let first = try t.leafToMeditation(after: 1)
        let started = t.now.uptime - 0.25
        let end = Moment(uptime: started + Fixture.duration(first), wall: t.now.wall - 0.25 + Fixture.duration(first))
        t.send(.itemFinished(first), at: end, update: {
            $0.progress[first] = ProgressEntry(position: Fixture.duration(first), duration: Fixture.duration(first), updated: end.wall)
            $0.phase = .idle
            $0.contentCompleted = true
            $0.overlay = BoxTester.completion(of: first, at: end)
        }, commands: [.persist])
        // The completion screen takes the first press.
        t.dismissCompletion()
        let next = try t.pick(.meditation)
        #expect(next.item != first)
        let at = t.now.uptime + 10.25
        t.tap(.skip, after: 10, update: {
            $0.phase = .playing(Playback(item: next.item, position: 0, anchor: at))
            $0.lastTitle = Fixture.title(next.item)
            $0.contentCompleted = false
            next.apply(to: &$0)
        }, commands: [.play(next.item, from: 0), .persist])
    }

    // MARK: Seek

    @Test func skipHeldSeeksForward15SecondsEveryHalfSecond() throws {
        var t = try BoxTester.started()
        let item = try t.leafToMeditation(after: 1)
        let started = t.now.uptime - 0.25
        let down = t.now.uptime + 4
        t.edge(.skip, down: true, after: 4, update: { $0.pressed[.skip] = .pending }, commands: [])
        #expect(t.decoder.nextDeadline == down + 0.8)

        // Not yet at 0.75 s.
        t.keepInput(for: 0.75, commands: [])

        // At 0.8 s: the first seek.
        let first = down + 0.8
        let p1 = 0 + (first - started) + 15
        t.keepInput(until: Moment(uptime: first, wall: t.now.wall + (first - t.now.uptime)), update: {
            $0.pressed[.skip] = .holding
            $0.phase = .playing(Playback(item: item, position: p1, anchor: first))
            $0.seekMark = SeekMark(seconds: 15, until: first + 1.5)
        }, commands: [.seek(to: p1)])
        #expect(t.decoder.nextDeadline == down + 0.8 + 0.5)

        // Then every 0.5 s while held: at 1.3 s and 1.8 s (one wake-up may catch up on both).
        let second = down + 0.8 + 1 * 0.5
        let third = down + 0.8 + 2 * 0.5
        let p2 = p1 + (second - first) + 15
        let p3 = p2 + (third - second) + 15
        t.keepInput(until: Moment(uptime: down + 2, wall: t.now.wall + (down + 2 - t.now.uptime)), update: {
            $0.pressed[.skip] = .holding
            $0.phase = .playing(Playback(item: item, position: p3, anchor: third))
            // The screen's mark adds the seeks up while it shows: "+45 s".
            $0.seekMark = SeekMark(seconds: 45, until: third + 1.5)
        }, commands: [.seek(to: p2), .seek(to: p3)])

        // The release after a hold does not skip.
        t.edge(.skip, down: false, after: 0.125, update: { $0.pressed[.skip] = nil }, commands: [])
        #expect(t.state.playback?.item == item)
    }

    @Test func aShortSkipPressDoesNotSeek() throws {
        var t = try BoxTester.started()
        let item = try t.leafToMeditation(after: 1)
        let next = try t.pick(.meditation, avoiding: item)
        let down = t.now.uptime + 1
        t.send(.buttonPressed(.skip), after: 1, update: { $0.pressed[.skip] = .pending }, commands: [])
        let up = down + 0.75
        let wall = t.now.wall + 0.75
        let heard = up - (down - 1.25)
        t.send(.buttonReleased(.skip), after: 0.75, update: {
            $0.pressed[.skip] = nil
            $0.progress[item] = ProgressEntry(position: heard, duration: Fixture.duration(item), updated: wall)
            $0.phase = .crossfading(from: Playback(item: item, position: heard, anchor: up),
                                    to: Playback(item: next.item, position: 0, anchor: up),
                                    since: up, until: up + 1.5, reason: .skip)
            $0.lastTitle = Fixture.title(next.item)
            next.apply(to: &$0)
        }, commands: [.crossfade(to: next.item, from: 0, over: 1.5), .persist])
    }

    @Test func seekingWhilePausedMovesThePausedPosition() throws {
        var t = try BoxTester.started()
        let item = try t.leafToMeditation(after: 1)
        let started = t.now.uptime - 0.25
        let pause = t.at(2 + 0.25)
        t.tap(.knob, after: 2, update: {
            $0.phase = .paused(Playback(item: item, position: pause.uptime - started, anchor: pause.uptime))
        }, commands: [.pause, .persist])
        t.edge(.skip, down: true, after: 1, update: { $0.pressed[.skip] = .pending }, commands: [])
        let position = pause.uptime - started + 15
        let held = t.now.uptime + 0.8
        t.keepInput(for: 1, update: {
            $0.pressed[.skip] = .holding
            $0.phase = .paused(Playback(item: item, position: position, anchor: pause.uptime))
            $0.seekMark = SeekMark(seconds: 15, until: held + 1.5)
        }, commands: [.seek(to: position)])
        t.edge(.skip, down: false, after: 0.125, update: { $0.pressed[.skip] = nil }, commands: [])
    }

    @Test func seekingStopsAtTheEndOfTheItem() throws {
        var t = try BoxTester.started(catalog: Catalog(items: [
            ContentItem(id: "med-short", title: "Short", kind: .meditation, duration: 20),
        ]))
        let start = t.at(1)
        let pick = try t.pick(.meditation)
        t.tap(.leaf, after: 1, update: {
            $0.mode = .meditation
            $0.lastMode = .meditation
            $0.phase = .playing(Playback(item: "med-short", position: 0, anchor: start.uptime))
            $0.lastTitle = "Short"
            pick.apply(to: &$0)
        }, commands: [.play("med-short", from: 0), .persist])
        let down = t.now.uptime + 10
        t.edge(.skip, down: true, after: 10, update: { $0.pressed[.skip] = .pending }, commands: [])
        t.keepInput(for: 0.8, update: {
            $0.pressed[.skip] = .used
            $0.phase = .playing(Playback(item: "med-short", position: 20, anchor: down + 0.8))
            $0.seekMark = SeekMark(seconds: Int((20 - (10 + 0.8)).rounded()), until: down + 0.8 + 1.5)
        }, commands: [.seek(to: 20)])
        // The seek that reached the end was the hold's last: the repeats seek no more.
        t.keepInput(for: 1, commands: [])
        t.edge(.skip, down: false, after: 0.1, update: { $0.pressed[.skip] = nil }, commands: [])
    }

    /// Two 20 s meditations played one after the other (`continue_with_next`).
    static let twoShort = Catalog(items: [
        ContentItem(id: "med-a", title: "A", kind: .meditation, duration: 20),
        ContentItem(id: "med-b", title: "B", kind: .meditation, duration: 20),
    ])

    @Test func aSeekToTheEndStartsTheNextItemAtItsStartNeverInIt() throws {
        var t = try BoxTester.started(continueWithNext: true, catalog: Self.twoShort)
        let first = try t.leafToMeditation(after: 1)
        let started = t.now.uptime - 0.25
        let down = t.now.uptime + 10
        t.edge(.skip, down: true, after: 10, update: { $0.pressed[.skip] = .pending }, commands: [])
        t.keepInput(for: 0.8, update: {
            $0.pressed[.skip] = .used
            $0.phase = .playing(Playback(item: first, position: 20, anchor: down + 0.8))
            $0.seekMark = SeekMark(seconds: Int((20 - (down + 0.8 - started)).rounded()), until: down + 0.8 + 1.5)
        }, commands: [.seek(to: 20)])
        // The audio side reaches the end at once: the next item starts at 0 and stays there.
        let second = try t.pick(.meditation, avoiding: first)
        let end = t.at(0.05)
        t.send(.itemFinished(first), after: 0.05, update: {
            $0.progress[first] = ProgressEntry(position: 20, duration: 20, updated: end.wall)
            $0.phase = .playing(Playback(item: second.item, position: 0, anchor: end.uptime))
            $0.lastTitle = second.item == "med-a" ? "A" : "B"
            $0.contentCompleted = false
            second.apply(to: &$0)
        }, commands: [.play(second.item, from: 0), .persist])
        t.keepInput(for: 1.5, commands: [])
        t.edge(.skip, down: false, after: 0.1, update: { $0.pressed[.skip] = nil }, commands: [])
        #expect(t.state.phase == .playing(Playback(item: second.item, position: 0, anchor: end.uptime)))
    }

    @Test func anItemThatEndsByItselfDuringAHeldSkipStartsTheNextUnsought() throws {
        var t = try BoxTester.started(continueWithNext: true, catalog: Self.twoShort)
        let first = try t.leafToMeditation(after: 1)
        let started = t.now.uptime - 0.25
        // Down 4 s in: the first seek lands at 19.8 s, 0.2 s before the end.
        let down = started + 4
        t.edge(.skip, down: true, after: down - t.now.uptime, update: { $0.pressed[.skip] = .pending }, commands: [])
        let sought = (down + 0.8 - started) + 15
        #expect(abs(sought - 19.8) < 1e-9)
        t.keepInput(for: 0.8, update: {
            $0.pressed[.skip] = .holding
            $0.phase = .playing(Playback(item: first, position: sought, anchor: down + 0.8))
            $0.seekMark = SeekMark(seconds: 15, until: down + 0.8 + 1.5)
        }, commands: [.seek(to: sought)])
        let second = try t.pick(.meditation, avoiding: first)
        let end = t.at(0.2)
        t.send(.itemFinished(first), after: 0.2, update: {
            $0.pressed[.skip] = .used
            $0.progress[first] = ProgressEntry(position: 20, duration: 20, updated: end.wall)
            $0.phase = .playing(Playback(item: second.item, position: 0, anchor: end.uptime))
            $0.lastTitle = second.item == "med-a" ? "A" : "B"
            $0.contentCompleted = false
            second.apply(to: &$0)
        }, commands: [.play(second.item, from: 0), .persist])
        // The repeats at 1.3 s, 1.8 s, ... do not seek in the new item.
        t.keepInput(for: 1.5, commands: [])
        t.edge(.skip, down: false, after: 0.1, update: { $0.pressed[.skip] = nil }, commands: [])
    }

    // MARK: Knob

    @Test func knobPressPausesAndResumes() throws {
        var t = try BoxTester.started()
        let item = try t.leafToMeditation(after: 1)
        let started = t.now.uptime - 0.25
        let pause = t.at(5 + 0.25)
        t.tap(.knob, after: 5, update: {
            $0.phase = .paused(Playback(item: item, position: pause.uptime - started, anchor: pause.uptime))
        }, commands: [.pause, .persist])
        // Paused: the position stands still and no periodic save is asked for.
        #expect(t.box.nextDeadline.due == Due(uptime: nil, wall: nil))
        t.send(.timePassed, after: 60, commands: [])
        let resume = t.at(1 + 0.25)
        t.tap(.knob, after: 1, update: {
            $0.phase = .playing(Playback(item: item, position: pause.uptime - started, anchor: resume.uptime))
        }, commands: [.resume, .persist])
    }

    @Test func knobPressOnTheIdleScreenOpensTheAlarmList() throws {
        var t = try BoxTester.started()
        let release = t.at(1 + 0.25)
        t.tap(.knob, after: 1, update: {
            BoxTester.show(.alarmList(AlarmListPage(selected: 1)), in: &$0, until: release.uptime + 30)
        }, commands: [])
    }

    @Test func knobTurnsTheVolumeIn5PercentStepsShowsTheBarAndPersists() throws {
        var t = try BoxTester.started()
        let item = try t.leafToMeditation(after: 1)
        let at1 = t.now.uptime + 1
        t.send(.knobTurned(detents: 1), after: 1, update: {
            $0.volume = 55
            $0.overlay = .volume(until: at1 + 2)
        }, commands: [.setVolume(percent: 55), .persist])
        #expect(t.screen() == .volume(percent: 55))
        let at2 = t.now.uptime + 0.5
        t.send(.knobTurned(detents: -3), after: 0.5, update: {
            $0.volume = 40
            $0.overlay = .volume(until: at2 + 2)
        }, commands: [.setVolume(percent: 40), .persist])
        // Two seconds after the last turn the bar is gone.
        t.send(.timePassed, after: 1.75, commands: [])
        #expect(t.screen() == .volume(percent: 40))
        t.send(.timePassed, after: 0.25, update: { $0.overlay = nil }, commands: [])
        #expect(t.screen().name == "nowPlaying")
        #expect(t.state.playback?.item == item)

        // Clamped to 0...100; at the end stop the bar still shows, nothing else changes.
        let at3 = t.now.uptime + 1
        t.send(.knobTurned(detents: 30), after: 1, update: {
            $0.volume = 100
            $0.overlay = .volume(until: at3 + 2)
        }, commands: [.setVolume(percent: 100), .persist])
        let at4 = t.now.uptime + 0.5
        t.send(.knobTurned(detents: 1), after: 0.5, update: { $0.overlay = .volume(until: at4 + 2) }, commands: [])
        let at5 = t.now.uptime + 0.5
        t.send(.knobTurned(detents: -40), after: 0.5, update: {
            $0.volume = 0
            $0.overlay = .volume(until: at5 + 2)
        }, commands: [.setVolume(percent: 0), .persist])
        #expect(t.box.snapshot(at: t.now).volume == 0)
    }

    // MARK: End of an item

    @Test func anItemEndingByItselfGoesQuietMarksCompletedAndKeepsTheMode() throws {
        var t = try BoxTester.started()
        let item = try t.leafToMeditation(after: 1)
        let started = t.now.uptime - 0.25
        let end = Moment(uptime: started + Fixture.duration(item), wall: t.now.wall - 0.25 + Fixture.duration(item))
        t.send(.itemFinished(item), at: end, update: {
            $0.progress[item] = ProgressEntry(position: Fixture.duration(item), duration: Fixture.duration(item), updated: end.wall)
            $0.phase = .idle
            $0.contentCompleted = true
            $0.overlay = BoxTester.completion(of: item, at: end)
        }, commands: [.persist])
        #expect(t.state.mode == .meditation)
        #expect(t.screen().name == "completion")
        t.dismissCompletion()
        #expect(t.screen().name == "idle")

        // The leaf goes on from there: Meditation -> Poetry, started at once (nothing to fade).
        let poem = try t.pick(.poetry)
        let at = t.now.uptime + 30
        t.tap(.leaf, after: 30, update: {
            $0.mode = .poetry
            $0.lastMode = .poetry
            $0.phase = .playing(Playback(item: poem.item, position: 0, anchor: at))
            $0.lastTitle = Fixture.title(poem.item)
            $0.contentCompleted = false
            poem.apply(to: &$0)
        }, commands: [.play(poem.item, from: 0), .persist])
    }

    @Test func continueWithNextStartsTheNextItemOfThePool() throws {
        var t = try BoxTester.started(continueWithNext: true)
        let item = try t.leafToMeditation(after: 1)
        let started = t.now.uptime - 0.25
        let next = try t.pick(.meditation, avoiding: item)
        let end = Moment(uptime: started + Fixture.duration(item), wall: t.now.wall - 0.25 + Fixture.duration(item))
        t.send(.itemFinished(item), at: end, update: {
            $0.progress[item] = ProgressEntry(position: Fixture.duration(item), duration: Fixture.duration(item), updated: end.wall)
            $0.phase = .playing(Playback(item: next.item, position: 0, anchor: end.uptime))
            $0.lastTitle = Fixture.title(next.item)
            next.apply(to: &$0)
        }, commands: [.play(next.item, from: 0), .persist])
    }

    @Test func aStaleItemFinishedIsIgnored() throws {
        var t = try BoxTester.started()
        let item = try t.leafToMeditation(after: 1)
        let other = Fixture.meditationIDs.first { $0 != item } ?? ""
        t.send(.itemFinished(other), after: 2, commands: [])
        t.send(.itemFinished("story-fox"), after: 2, commands: [])
    }

    @Test func theFadingOutItemEndingDuringTheStopFadeDoesNotCountAsCompleted() throws {
        var t = try BoxTester.started()
        let med = try t.leafToMeditation(after: 1)
        let started = t.now.uptime - 0.25
        let poem = try t.pick(.poetry)
        let cross = t.at(1)
        t.tap(.leaf, after: 1, update: {
            let heard = cross.uptime - started
            $0.progress[med] = ProgressEntry(position: heard, duration: Fixture.duration(med), updated: cross.wall)
            $0.mode = .poetry
            $0.lastMode = .poetry
            $0.phase = .crossfading(from: Playback(item: med, position: heard, anchor: cross.uptime),
                                    to: Playback(item: poem.item, position: 0, anchor: cross.uptime),
                                    since: cross.uptime, until: cross.uptime + 1.5, reason: .modeChange)
            $0.lastTitle = Fixture.title(poem.item)
            poem.apply(to: &$0)
        }, commands: [.crossfade(to: poem.item, from: 0, over: 1.5), .persist])
        let end = Fixture.duration(poem.item)
        // Turn off 0.5 s before the poem's end; the poem ends within the 1.5 s fade.
        let off = Moment(uptime: cross.uptime + end - 0.5, wall: cross.wall + end - 0.5)
        t.send(.buttonPressed(.leaf), at: off, update: {
            $0.phase = .fadingOut(Playback(item: poem.item, position: end - 0.5, anchor: off.uptime),
                                  since: off.uptime, until: off.uptime + 1.5, reason: .stoppedByHand)
            $0.mode = .off
            $0.progress[poem.item] = ProgressEntry(position: end - 0.5, duration: end, updated: off.wall)
            $0.pressed[.leaf] = .used
        }, commands: [.rampGain(to: 0, over: 1.5, curve: .equalPower), .persist])
        t.send(.itemFinished(poem.item), after: 0.5, update: { $0.phase = .idle }, commands: [.persist])
        #expect(t.state.contentCompleted == false)
    }

    // MARK: Progress

    @Test func progressIsKeptPerItemAndResumedBetween0And95Percent() throws {
        var t = try BoxTester.started(seed: 3)
        var saved: [ItemID: Double] = [:]
        var current = try t.leafToMeditation(after: 1)
        var anchor = t.now.uptime - 0.25
        var position = 0.0
        var resumed = 0
        for _ in 0..<7 {
            let next = try t.pick(.meditation, avoiding: current)
            let at = t.now.uptime + 10.25
            let wall = t.now.wall + 10.25
            let heard = position + (at - anchor)
            let start = saved[next.item] ?? 0
            if start > 0 { resumed += 1 }
            let from = current
            t.tap(.skip, after: 10, update: {
                $0.progress[from] = ProgressEntry(position: heard, duration: Fixture.duration(from), updated: wall)
                $0.phase = .crossfading(from: Playback(item: from, position: heard, anchor: at),
                                        to: Playback(item: next.item, position: start, anchor: at),
                                        since: at, until: at + 1.5, reason: .skip)
                $0.lastTitle = Fixture.title(next.item)
                next.apply(to: &$0)
            }, commands: [.crossfade(to: next.item, from: start, over: 1.5), .persist])
            t.send(.timePassed, after: 1.5, update: {
                $0.phase = .playing(Playback(item: next.item, position: start, anchor: at))
            }, commands: [])
            saved[from] = heard
            current = next.item
            anchor = at
            position = start
        }
        #expect(resumed >= 3)
    }

    @Test func resumePositionFollowsThe95PercentRule() throws {
        let t = try BoxTester.started()
        var snapshot = t.box.snapshot(at: t.now)
        snapshot.progress = [
            "med-body-scan": ProgressEntry(position: 569.9, duration: 600, updated: 0), // 94.98 %
            "med-breath": ProgressEntry(position: 855, duration: 900, updated: 0),      // 95 %
            "med-nidra": ProgressEntry(position: 0, duration: 1200, updated: 0),
            "poem-lake": ProgressEntry(position: 59, duration: 60, updated: 0),
            "poem-hope": ProgressEntry(position: 1, duration: 90, updated: 0),
        ]
        var box = Box(config: t.config, catalog: Fixture.catalog, seed: 1)
        _ = box.start(at: t.now, restoring: snapshot)
        #expect(box.resumePosition("med-body-scan") == 569.9)
        #expect(box.resumePosition("med-breath") == 0)
        #expect(box.resumePosition("med-nidra") == 0)
        #expect(box.resumePosition("poem-lake") == 0)
        #expect(box.resumePosition("poem-hope") == 1)
        #expect(box.resumePosition("poem-woods") == 0)
    }

    @Test func startingAnItemWithSavedProgressResumesThere() throws {
        let t0 = try BoxTester.started()
        var snapshot = t0.box.snapshot(at: t0.now)
        snapshot.progress = Dictionary(uniqueKeysWithValues: Fixture.meditationIDs.map {
            ($0, ProgressEntry(position: 300, duration: Fixture.duration($0), updated: 0))
        })
        var t = BoxTester(config: t0.config, seed: 7, at: t0.now.advanced(by: 60))
        t.start(restoring: snapshot, update: { $0.progress = snapshot.progress }, commands: [.setVolume(percent: 50), .persist])
        try t.leafToMeditation(after: 1)
        guard case .playing(let p) = t.state.phase else {
            Issue.record("not playing")
            return
        }
        #expect(p.position == 300)
    }
}
