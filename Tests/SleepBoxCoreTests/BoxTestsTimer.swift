import Foundation
import SleepBoxCore
import Testing

extension BoxTester {
    /// The knob's list as the spec orders it: Off, the configured minutes, End of content.
    var timerOptions: [TimerChoice] { [.off] + config.timer.choices.map { .minutes($0) } + [.endOfContent] }

    /// Timer press (the choice opens at `opensAt`), knob turned to `index`, knob press: checked
    /// exhaustively. Returns the moment of the commit. Use it within 15 s of the last save.
    @discardableResult
    mutating func setTimer(_ index: Int, opensAt: Int = 0, after seconds: Double = 1,
                           sourceLocation: SourceLocation = #_sourceLocation) -> Moment {
        let open = now.uptime + seconds
        tap(.timer, after: seconds, update: {
            // The choice opens on the release, 0.25 s after the press.
            $0.overlay = .timerChoice(selected: opensAt, commitAt: open + 0.25 + 3)
        }, commands: [], sourceLocation: sourceLocation)
        if index != opensAt {
            let turn = now.uptime + 0.25
            send(.knobTurned(detents: index - opensAt), after: 0.25, update: {
                $0.overlay = .timerChoice(selected: index, commitAt: turn + 3)
            }, commands: [], sourceLocation: sourceLocation)
        }
        let commit = at(0.25)
        let choice = timerOptions[index]
        tap(.knob, after: 0.25, update: {
            $0.overlay = nil
            $0.timerPreference = choice
            switch choice {
            case .off: $0.timer = nil
            case .minutes(let m): $0.timer = SleepTimer(choice: choice, deadline: commit.uptime + m * 60, length: m * 60)
            case .endOfContent: $0.timer = SleepTimer(choice: choice, deadline: nil, length: nil)
            }
        }, commands: [.persist], sourceLocation: sourceLocation)
        return commit
    }
}

/// Spec 3: the sleep timer.
@Suite struct BoxTimerTests {
    @Test func timerPressOpensTheChoiceAtOffAndTheKnobStepsThroughTheOptions() throws {
        var t = try BoxTester.started()
        try t.leafToMeditation(after: 1)
        let open = t.now.uptime + 1
        t.tap(.timer, after: 1, update: { $0.overlay = .timerChoice(selected: 0, commitAt: open + 3.25) }, commands: [])
        #expect(t.screen() == .timerChoice(TimerChoiceScreen(
            options: ["Off", "15 min", "30 min", "45 min", "60 min", "90 min", "End of content"], selected: 0)))

        // Each turn moves the selection and restarts the 3 s; the ends hold.
        var turn = t.now.uptime + 0.25
        t.send(.knobTurned(detents: 1), after: 0.25, update: { $0.overlay = .timerChoice(selected: 1, commitAt: turn + 3) }, commands: [])
        turn += 0.25
        t.send(.knobTurned(detents: 10), after: 0.25, update: { [turn] in $0.overlay = .timerChoice(selected: 6, commitAt: turn + 3) }, commands: [])
        #expect(t.screen() == .timerChoice(TimerChoiceScreen(
            options: ["Off", "15 min", "30 min", "45 min", "60 min", "90 min", "End of content"], selected: 6)))
        turn += 0.25
        t.send(.knobTurned(detents: -10), after: 0.25, update: { [turn] in $0.overlay = .timerChoice(selected: 0, commitAt: turn + 3) }, commands: [])
        turn += 0.25
        t.send(.knobTurned(detents: 2), after: 0.25, update: { [turn] in $0.overlay = .timerChoice(selected: 2, commitAt: turn + 3) }, commands: [])

        // The knob press commits (and does not pause).
        let commit = t.now.uptime + 0.25
        t.tap(.knob, after: 0.25, update: {
            $0.overlay = nil
            $0.timerPreference = .minutes(30)
            $0.timer = SleepTimer(choice: .minutes(30), deadline: commit + 1800, length: 1800)
        }, commands: [.persist])
        guard case .nowPlaying(let screen) = t.screen(after: 60) else {
            Issue.record("expected the playing screen")
            return
        }
        // 1739.75 s left, read as the item's shown second began and shown in whole seconds, up.
        #expect(commit + 1800 - (t.now.uptime + 60) == 1739.75)
        #expect(screen.timerRemaining == 1740)
        #expect(screen.stopsAtEnd == false)
    }

    @Test func theChoiceCommitsItselfAfter3SecondsWithoutInput() throws {
        var t = try BoxTester.started()
        try t.leafToMeditation(after: 1)
        let open = t.now.uptime + 1
        t.tap(.timer, after: 1, update: { $0.overlay = .timerChoice(selected: 0, commitAt: open + 3.25) }, commands: [])
        let turn = t.now.uptime + 1
        t.send(.knobTurned(detents: 1), after: 1, update: { $0.overlay = .timerChoice(selected: 1, commitAt: turn + 3) }, commands: [])
        #expect(t.box.nextDeadline.uptime == turn + 3)
        t.send(.timePassed, after: 2.75, commands: [])
        t.send(.timePassed, after: 0.25, update: {
            $0.overlay = nil
            $0.timerPreference = .minutes(15)
            $0.timer = SleepTimer(choice: .minutes(15), deadline: turn + 3 + 900, length: 900)
        }, commands: [.persist])
    }

    @Test func committingOffLeavesNoTimer() throws {
        var t = try BoxTester.started()
        let open = t.now.uptime + 1
        t.tap(.timer, after: 1, update: { $0.overlay = .timerChoice(selected: 0, commitAt: open + 3.25) }, commands: [])
        t.send(.timePassed, at: Moment(uptime: open + 3.25, wall: t.now.wall + (open + 3.25 - t.now.uptime)),
               update: { $0.overlay = nil }, commands: [])
        #expect(t.state.timer == nil)
    }

    @Test func aTimerSetWhileTheBoxIsOffStartsTheLastModeWithIt() throws {
        var t = try BoxTester.started()
        let open = t.now.uptime + 1
        t.tap(.timer, after: 1, update: { $0.overlay = .timerChoice(selected: 0, commitAt: open + 3.25) }, commands: [])
        let turn = t.now.uptime + 0.5
        t.send(.knobTurned(detents: 2), after: 0.5, update: { $0.overlay = .timerChoice(selected: 2, commitAt: turn + 3) },
               commands: [])
        // Left alone, the choice commits itself: the meditation starts, and the 30 minutes with it.
        let pick = try t.pick(.meditation)
        let commit = t.at(3)
        t.send(.timePassed, after: 3, update: {
            $0.overlay = nil
            $0.timerPreference = .minutes(30)
            $0.timer = SleepTimer(choice: .minutes(30), deadline: commit.uptime + 1800, length: 1800)
            $0.mode = .meditation
            $0.lastMode = .meditation
            $0.phase = .playing(Playback(item: pick.item, position: 0, anchor: commit.uptime))
            $0.lastTitle = Fixture.title(pick.item)
            pick.apply(to: &$0)
        }, commands: [.play(pick.item, from: 0), .persist])
        guard case .nowPlaying(let screen) = t.screen(after: 60) else {
            Issue.record("expected the playing screen")
            return
        }
        #expect(screen.timerRemaining == 1740)
    }

    @Test func aTimerSetWhileOffWithNothingToPlayLeavesNoTimer() throws {
        var t = try BoxTester.started(catalog: Catalog(items: [
            ContentItem(id: "med-later", title: "Later", kind: .meditation, duration: 600, isAvailable: false),
        ]))
        let open = t.now.uptime + 1
        t.tap(.timer, after: 1, update: { $0.overlay = .timerChoice(selected: 0, commitAt: open + 3.25) }, commands: [])
        let turn = t.now.uptime + 0.5
        t.send(.knobTurned(detents: 1), after: 0.5, update: { $0.overlay = .timerChoice(selected: 1, commitAt: turn + 3) },
               commands: [])
        let commit = t.now.uptime + 0.5
        t.tap(.knob, after: 0.5, update: {
            $0.timerPreference = .minutes(15)
            $0.mode = .meditation
            $0.lastMode = .meditation
            $0.overlay = .comingSoon(title: "Meditation", until: commit + 3)
            $0.shuffle[.meditation] = ShuffleBag()
        }, commands: [.persist])
        #expect(t.state.timer == nil)
    }

    /// Spec: the choice opens "at the current setting (Off when none)": pressed while a timer
    /// runs, at that timer's value, so 30 minutes becomes 60 with one press and a turn; Off
    /// cancels it, with a confirmation.
    @Test func timerPressWhileATimerRunsOpensItsValueAndOffCancelsIt() throws {
        var t = try BoxTester.started()
        try t.leafToMeditation(after: 1)
        t.setTimer(2)
        let open = t.now.uptime + 1
        t.tap(.timer, after: 1, update: { $0.overlay = .timerChoice(selected: 2, commitAt: open + 0.25 + 3) }, commands: [])
        #expect(t.screen() == .timerChoice(TimerChoiceScreen(options: ["Off", "15 min", "30 min", "45 min", "60 min", "90 min",
                                                                       "End of content"], selected: 2)))
        let turned = t.now.uptime + 0.5
        t.send(.knobTurned(detents: -2), after: 0.5, update: { $0.overlay = .timerChoice(selected: 0, commitAt: turned + 3) },
               commands: [])
        let cancel = t.now.uptime + 0.5
        t.tap(.knob, after: 0.5, update: {
            $0.timer = nil
            $0.timerPreference = .off
            $0.overlay = .message("Timer off", until: cancel + 1.5)
        }, commands: [.persist])
        #expect(t.screen() == .message("Timer off"))
        t.send(.timePassed, after: 1.5, update: { $0.overlay = nil }, commands: [])
        #expect(t.screen().name == "nowPlaying")
    }

    @Test func aRunningTimerTakenAgainRunsOnUnchanged() throws {
        var t = try BoxTester.started()
        try t.leafToMeditation(after: 1)
        t.setTimer(2)
        let running = t.state.timer
        // A minute later (the periodic save falls due on the way).
        t.send(.timePassed, after: 59, commands: [.persist])
        let open = t.now.uptime + 1
        t.tap(.timer, after: 1, update: { $0.overlay = .timerChoice(selected: 2, commitAt: open + 0.25 + 3) }, commands: [])
        // Left alone, the choice takes 30 minutes again: the timer keeps its deadline.
        t.send(.timePassed, after: 3, update: { $0.overlay = nil }, commands: [])
        #expect(t.state.timer == running)
        // Turned to 60 minutes: a new timer of 60 minutes from now.
        let again = t.now.uptime + 1
        t.tap(.timer, after: 1, update: { $0.overlay = .timerChoice(selected: 2, commitAt: again + 0.25 + 3) }, commands: [])
        t.send(.knobTurned(detents: 2), after: 0.5, update: { [now = t.now] in
            $0.overlay = .timerChoice(selected: 4, commitAt: now.uptime + 0.5 + 3)
        }, commands: [])
        let commit = t.now.uptime + 3
        t.send(.timePassed, after: 3, update: {
            $0.overlay = nil
            $0.timerPreference = .minutes(60)
            $0.timer = SleepTimer(choice: .minutes(60), deadline: commit + 3600, length: 3600)
        }, commands: [.persist])
    }

    @Test func endOfContentIsCancelledThroughTheChoiceToo() throws {
        var t = try BoxTester.started()
        try t.leafToMeditation(after: 1)
        t.setTimer(6)
        #expect(t.state.timer == SleepTimer(choice: .endOfContent, deadline: nil, length: nil))
        let open = t.now.uptime + 1
        t.tap(.timer, after: 1, update: { $0.overlay = .timerChoice(selected: 6, commitAt: open + 0.25 + 3) }, commands: [])
        let turned = t.now.uptime + 0.5
        t.send(.knobTurned(detents: -6), after: 0.5, update: { $0.overlay = .timerChoice(selected: 0, commitAt: turned + 3) },
               commands: [])
        let cancel = t.now.uptime + 3
        t.send(.timePassed, after: 3, update: {
            $0.timer = nil
            $0.timerPreference = .off
            $0.overlay = .message("Timer off", until: cancel + 1.5)
        }, commands: [.persist])
    }

    @Test func atTheDeadlineTheSoundFadesOutOver30SecondsThenStops() throws {
        var t = try BoxTester.started(timerChoices: [5])
        let item = try t.leafToMeditation(after: 1)
        let started = t.now.uptime - 0.25
        let commit = t.setTimer(1) // 5 min
        let deadline = commit.uptime + 300
        let deadlineWall = commit.wall + 300
        #expect(t.box.nextDeadline.uptime == t.state.lastPersistUptime + 15)

        // One second before: still playing, a periodic save.
        t.send(.timePassed, at: Moment(uptime: deadline - 1, wall: deadlineWall - 1), commands: [.persist])
        guard case .nowPlaying(let screen) = t.screen() else {
            Issue.record("expected the playing screen")
            return
        }
        #expect(screen.timerRemaining == 1.0)

        // The deadline: a fade linear in decibels over fade_out_seconds, the progress saved.
        let heard = deadline - started
        t.send(.timePassed, at: Moment(uptime: deadline, wall: deadlineWall), update: {
            $0.timer = nil
            $0.progress[item] = ProgressEntry(position: heard, duration: Fixture.duration(item), updated: deadlineWall)
            $0.phase = .fadingOut(Playback(item: item, position: heard, anchor: deadline),
                                  since: deadline, until: deadline + 30, reason: .sleepTimer)
        }, commands: [.rampGain(to: 0, over: 30, curve: .decibelLinear), .persist])
        guard case .nowPlaying(let fading) = t.screen(after: 10) else {
            Issue.record("expected the playing screen while fading")
            return
        }
        #expect(fading.timerRemaining == nil)
        #expect(fading.title == Fixture.title(item))

        // Then it stops, and the night's content counts as completed.
        t.send(.timePassed, at: Moment(uptime: deadline + 15, wall: deadlineWall + 15), commands: [.persist])
        t.send(.timePassed, at: Moment(uptime: deadline + 30, wall: deadlineWall + 30), update: {
            $0.phase = .idle
            $0.contentCompleted = true
        }, commands: [.stop, .persist])
        #expect(t.state.mode == .meditation)
        #expect(t.box.nextDeadline.due == Due(uptime: nil, wall: nil))
    }

    @Test func aTimerShorterThanTheFadeShortensTheFade() throws {
        var t = try BoxTester.started(timerChoices: [0.25])
        let item = try t.leafToMeditation(after: 1)
        let started = t.now.uptime - 0.25
        let commit = t.setTimer(1) // 0.25 min = 15 s
        let deadline = commit.uptime + 15
        let heard = deadline - started
        t.send(.timePassed, at: Moment(uptime: deadline, wall: commit.wall + 15), update: {
            $0.timer = nil
            $0.progress[item] = ProgressEntry(position: heard, duration: Fixture.duration(item), updated: commit.wall + 15)
            $0.phase = .fadingOut(Playback(item: item, position: heard, anchor: deadline),
                                  since: deadline, until: deadline + 15, reason: .sleepTimer)
        }, commands: [.rampGain(to: 0, over: 15, curve: .decibelLinear), .persist])
        t.send(.timePassed, at: Moment(uptime: deadline + 15, wall: commit.wall + 30), update: {
            $0.phase = .idle
            $0.contentCompleted = true
        }, commands: [.stop, .persist])
    }

    @Test func aTimerRunningOutWhilePausedStopsAtOnceAndCountsAsCompleted() throws {
        var t = try BoxTester.started()
        let item = try t.leafToMeditation(after: 1)
        let started = t.now.uptime - 0.25
        let commit = t.setTimer(1)
        let pause = t.at(1 + 0.25)
        t.tap(.knob, after: 1, update: {
            $0.phase = .paused(Playback(item: item, position: pause.uptime - started, anchor: pause.uptime))
        }, commands: [.pause, .persist])
        t.send(.timePassed, at: Moment(uptime: commit.uptime + 900, wall: commit.wall + 900), update: {
            $0.timer = nil
            $0.progress[item] = ProgressEntry(position: pause.uptime - started, duration: Fixture.duration(item),
                                              updated: commit.wall + 900)
            $0.phase = .idle
            $0.contentCompleted = true
        }, commands: [.stop, .persist])
    }

    @Test func anItemEndingBeforeTheTimerLeavesASoftBedThatTheTimerFades() throws {
        var t = try BoxTester.started()
        let item = try t.leafToMeditation(after: 1)
        let commit = t.setTimer(1)
        // The item ends before the timer: idle, the timer still runs, and the rain plays on softly.
        let end = t.at(1)
        t.send(.itemFinished(item), after: 1, update: {
            $0.progress[item] = ProgressEntry(position: Fixture.duration(item), duration: Fixture.duration(item), updated: end.wall)
            $0.phase = .idle
            $0.contentCompleted = true
            $0.bedPlaying = true
            $0.bedAfterItem = true
            $0.overlay = BoxTester.completion(of: item, at: end)
        }, commands: [.startBed("rain", level: 0.1), .persist])
        t.dismissCompletion()
        guard case .idle(let idle) = t.screen(after: 100) else {
            Issue.record("expected the idle screen")
            return
        }
        #expect(idle.timerRemaining == (commit.uptime + 900 - (t.now.uptime + 100)).rounded(.up))
        // The timer's end: the bed fades as an item would, over the timer's 30 s.
        t.send(.timePassed, at: Moment(uptime: commit.uptime + 900, wall: commit.wall + 900), update: {
            $0.timer = nil
            $0.bedPlaying = false
            $0.bedAfterItem = false
        }, commands: [.fadeBed(over: 30), .persist])
    }

    @Test func withoutABedAfterTheItemATimerRunningOutWithNothingPlayingJustEnds() throws {
        var t = try BoxTester.started(configuring: { $0.timer.bedAfterItem = nil })
        let item = try t.leafToMeditation(after: 1)
        let commit = t.setTimer(1)
        let end = t.at(1)
        t.send(.itemFinished(item), after: 1, update: {
            $0.progress[item] = ProgressEntry(position: Fixture.duration(item), duration: Fixture.duration(item), updated: end.wall)
            $0.phase = .idle
            $0.contentCompleted = true
            $0.overlay = BoxTester.completion(of: item, at: end)
        }, commands: [.persist])
        t.send(.timePassed, at: Moment(uptime: commit.uptime + 900, wall: commit.wall + 900), update: {
            $0.timer = nil
            $0.overlay = nil
        }, commands: [.persist])
    }

    @Test func endOfContentStopsAfterTheCurrentItemInsteadOfGoingOn() throws {
        var t = try BoxTester.started(continueWithNext: true)
        let item = try t.leafToMeditation(after: 1)
        let started = t.now.uptime - 0.25
        t.setTimer(6)
        guard case .nowPlaying(let screen) = t.screen() else {
            Issue.record("expected the playing screen")
            return
        }
        #expect(screen.stopsAtEnd)
        #expect(screen.timerRemaining == nil)
        let end = Moment(uptime: started + Fixture.duration(item), wall: t.now.wall + (started + Fixture.duration(item) - t.now.uptime))
        t.send(.itemFinished(item), at: end, update: {
            $0.timer = nil
            $0.progress[item] = ProgressEntry(position: Fixture.duration(item), duration: Fixture.duration(item), updated: end.wall)
            $0.phase = .idle
            $0.contentCompleted = true
            $0.overlay = BoxTester.completion(of: item, at: end)
        }, commands: [.persist])
    }

    /// The sleep timer's fade must end in silence even when the item ends during the fade and
    /// continue_with_next is on.
    @Test func anItemEndingDuringTheSleepTimerFadeDoesNotStartTheNextOne() throws {
        let catalog = Catalog(items: [
            ContentItem(id: "med-a", title: "A", kind: .meditation, duration: 910),
            ContentItem(id: "med-b", title: "B", kind: .meditation, duration: 910),
        ])
        var t = try BoxTester.started(continueWithNext: true, catalog: catalog)
        let pick = try t.pick(.meditation)
        let start = t.at(1)
        t.tap(.leaf, after: 1, update: {
            $0.mode = .meditation
            $0.lastMode = .meditation
            $0.phase = .playing(Playback(item: pick.item, position: 0, anchor: start.uptime))
            $0.lastTitle = pick.item == "med-a" ? "A" : "B"
            pick.apply(to: &$0)
        }, commands: [.play(pick.item, from: 0), .persist])
        let commit = t.setTimer(1)
        let deadline = Moment(uptime: commit.uptime + 900, wall: commit.wall + 900)
        let heard = deadline.uptime - start.uptime
        t.send(.timePassed, at: deadline, update: {
            $0.timer = nil
            $0.progress[pick.item] = ProgressEntry(position: heard, duration: 910, updated: deadline.wall)
            $0.phase = .fadingOut(Playback(item: pick.item, position: heard, anchor: deadline.uptime),
                                  since: deadline.uptime, until: deadline.uptime + 30, reason: .sleepTimer)
        }, commands: [.rampGain(to: 0, over: 30, curve: .decibelLinear), .persist])
        let end = Moment(uptime: start.uptime + 910, wall: start.wall + 910)
        #expect(end.uptime < deadline.uptime + 30)
        t.send(.itemFinished(pick.item), at: end, update: {
            $0.progress[pick.item] = ProgressEntry(position: 910, duration: 910, updated: end.wall)
            $0.phase = .idle
            $0.contentCompleted = true
        }, commands: [.persist])
        t.send(.timePassed, at: Moment(uptime: deadline.uptime + 30, wall: deadline.wall + 30), commands: [])
    }

    /// Not in the spec, implemented: the timer button (or the knob) during the sleep-timer fade
    /// brings the sound back and drops the timer.
    @Test func timerPressDuringTheSleepTimerFadeBringsTheSoundBack() throws {
        var t = try BoxTester.started(timerChoices: [5])
        let item = try t.leafToMeditation(after: 1)
        let started = t.now.uptime - 0.25
        let commit = t.setTimer(1)
        let deadline = Moment(uptime: commit.uptime + 300, wall: commit.wall + 300)
        let heard = deadline.uptime - started
        t.send(.timePassed, at: deadline, update: {
            $0.timer = nil
            $0.progress[item] = ProgressEntry(position: heard, duration: Fixture.duration(item), updated: deadline.wall)
            $0.phase = .fadingOut(Playback(item: item, position: heard, anchor: deadline.uptime),
                                  since: deadline.uptime, until: deadline.uptime + 30, reason: .sleepTimer)
        }, commands: [.rampGain(to: 0, over: 30, curve: .decibelLinear), .persist])
        let wake = t.at(10)
        t.tap(.timer, after: 10, update: {
            $0.phase = .playing(Playback(item: item, position: heard + 10, anchor: wake.uptime))
            $0.overlay = .message("Timer off", until: wake.uptime + 1.5)
        }, commands: [.rampGain(to: 1, over: 1, curve: .decibelLinear), .persist])
    }
}
