import Foundation
import SleepBoxCore
import Testing

/// Spec 7 and `display(at:)` for each screen; `nextDeadline`.
@Suite struct BoxDisplayTests {
    @Test(arguments: [
        (16, 59, "Good afternoon"), (17, 0, "Good evening"), (18, 59, "Good evening"), (19, 0, "Wind down"),
        (20, 59, "Wind down"), (21, 0, "Ready for sleep?"), (23, 59, "Ready for sleep?"), (0, 0, "Ready for sleep?"),
        (4, 59, "Ready for sleep?"), (5, 0, "Good morning"), (11, 59, "Good morning"), (12, 0, "Good afternoon"),
    ])
    func idleGreetingByLocalTime(hour: Int, minute: Int, greeting: String) throws {
        // Monday 2026-11-23 in Berlin (UTC+1): 11:00 UTC is 12:00 local.
        let wall = try utc(2026, 11, 23, 11, 0) + Double((hour - 12) * 3600 + minute * 60) + 30
        let t = try BoxTester.started(alarm: AlarmSettings(hour: 6, minute: 45, weekdays: [3]), wall: wall)
        let screen = t.box.display(at: t.now).screen
        // Within a day: the time and how long until it; further away: the day and the time.
        let left = (24 + 6 - hour) * 60 + 45 - minute
        let next = left >= 24 * 60 ? "Tue 06:45" : "06:45 · in \(left / 60) h \(left % 60) min"
        #expect(screen == .idle(IdleScreen(greeting: greeting, hour: hour, minute: minute,
                                           nextAlarm: next, timerRemaining: nil)))
    }

    @Test func idleGreetingFollowsDaylightSavingTime() throws {
        // 2026-07-01 15:00 UTC is 17:00 in Berlin (UTC+2).
        let t = try BoxTester.started(wall: try utc(2026, 7, 1, 15, 0))
        #expect(t.screen() == .idle(IdleScreen(greeting: "Good evening", hour: 17, minute: 0, nextAlarm: nil, timerRemaining: nil)))
    }

    @Test func idleShowsTheClockTheNextAlarmAndARunningTimer() throws {
        var t = try BoxTester.started(alarm: AlarmSettings(hour: 6, minute: 30))
        let item = try t.leafToMeditation(after: 1)
        let commit = t.setTimer(3) // 45 min
        // The item ends before the timer: idle, and the timer still runs.
        let end = t.at(1)
        t.send(.itemFinished(item), after: 1, update: {
            $0.progress[item] = ProgressEntry(position: Fixture.duration(item), duration: Fixture.duration(item), updated: end.wall)
            $0.phase = .idle
            $0.contentCompleted = true
            $0.bedPlaying = true
            $0.bedAfterItem = true
            $0.overlay = BoxTester.completion(of: item, at: end)
        }, commands: [.startBed("rain", level: 0.1), .persist])
        t.dismissCompletion(after: 0)
        // Beside the timer's countdown the alarm is its time alone (both fit the bottom line).
        #expect(t.screen(after: 60) == .idle(IdleScreen(greeting: "Ready for sleep?", hour: 22, minute: 31,
                                                        nextAlarm: "06:30", timerRemaining: commit.uptime + 2700 - (t.now.uptime + 60))))
    }

    @Test func aPlayingMinutesScreenChangesOncePerSecondHoweverOftenItIsAsked() throws {
        var t = try BoxTester.started()
        _ = try t.leafToMeditation(after: 1)
        _ = t.setTimer(3) // 45 min: the timer's countdown is on the screen too
        // The sound side wakes the loop every 10 ms while playing; the screen model holds whole
        // seconds (what the panel shows), so the runner renders a new frame once a second.
        var changes = 0
        var last = t.screen()
        for step in 1...6000 {
            let screen = t.screen(after: Double(step) * 0.01)
            if screen != last { changes += 1 }
            last = screen
        }
        #expect(changes == 60)
        guard case .nowPlaying(let playing) = last else { Issue.record("not playing: \(last)"); return }
        #expect(playing.elapsed == playing.elapsed.rounded(.down))
        #expect(playing.timerRemaining.map { $0 == $0.rounded(.up) } == true)
    }

    @Test func theDisplayWakesOnTheItemsWholeSecondsNotTheUptimes() throws {
        var t = try BoxTester.started()
        _ = try t.leafToMeditation(after: 1)
        let (_, position) = try #require(t.box.currentItem(at: t.now))
        let intoSecond = position - position.rounded(.down)
        #expect(intoSecond > 0.01 && intoSecond < 0.99, "the item's seconds fall between the uptime's here")
        let wake = t.box.nextDisplayChange(after: t.now)
        #expect(abs(wake - (t.now.uptime + (1 - intoSecond) + Box.captionWakeMargin)) < 1e-9)
        // At that wake the screen shows the next second, so it is never late by a fraction.
        guard case .nowPlaying(let before) = t.screen(),
              case .nowPlaying(let after) = t.screen(after: wake - t.now.uptime) else {
            Issue.record("expected the playing screen")
            return
        }
        #expect(after.elapsed == before.elapsed + 1)
    }

    @Test func nowPlayingShowsModeTitleProgressAndPause() throws {
        var t = try BoxTester.started()
        let item = try t.leafToMeditation(after: 1)
        let started = t.now.uptime - 0.25
        let title = try #require(Fixture.title(item))
        let kind = try #require(Fixture.catalog.item(item)?.kind)
        #expect(t.screen(after: 10) == .nowPlaying(NowPlayingScreen(
            mode: .meditation, title: title, elapsed: t.now.uptime + 10 - started, duration: Fixture.duration(item),
            isPaused: false, timerRemaining: nil, stopsAtEnd: false, kind: kind, modeName: "Meditation")))
        let pause = t.at(2 + 0.25)
        t.tap(.knob, after: 2, update: {
            $0.phase = .paused(Playback(item: item, position: pause.uptime - started, anchor: pause.uptime))
        }, commands: [.pause, .persist])
        #expect(t.screen(after: 100) == .nowPlaying(NowPlayingScreen(
            mode: .meditation, title: title, elapsed: pause.uptime - started, duration: Fixture.duration(item),
            isPaused: true, timerRemaining: nil, stopsAtEnd: false, kind: kind, modeName: "Meditation")))
    }

    @Test func theTransitionDotsPulseEveryHalfSecond() throws {
        var t = try BoxTester.started()
        try t.leafToMeditation(after: 1)
        let poem = try t.pick(.poetry)
        let cross = t.at(1)
        t.send(.buttonPressed(.leaf), at: cross, update: { s in
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
            s.pressed[.leaf] = .used
        }, commands: [.crossfade(to: poem.item, from: 0, over: 1.5), .persist])
        #expect(t.screen() == .transition(litDot: 0))
        #expect(t.screen(after: 0.25) == .transition(litDot: 0))
        #expect(t.screen(after: 0.5) == .transition(litDot: 1))
        #expect(t.screen(after: 0.75) == .transition(litDot: 1))
        #expect(t.screen(after: 1.0) == .transition(litDot: 2))
        #expect(t.screen(after: 1.25) == .transition(litDot: 2))
        #expect(t.box.nextDisplayChange(after: t.now) == cross.uptime + 0.5)
        #expect(t.box.nextDisplayChange(after: t.at(0.6)) == cross.uptime + 1.0)
        // Until the poem plays.
        t.send(.timePassed, after: 1.5, update: {
            $0.phase = .playing(Playback(item: poem.item, position: 0, anchor: cross.uptime))
        }, commands: [])
        guard case .nowPlaying(let screen) = t.screen() else {
            Issue.record("expected the playing screen, got \(t.screen())")
            return
        }
        #expect(screen.mode == .poetry)
        #expect(screen.title == Fixture.title(poem.item))

        // The stop fade pulses too.
        let off = t.at(1)
        t.send(.buttonPressed(.leaf), at: off, update: {
            $0.mode = .off
            $0.progress[poem.item] = ProgressEntry(position: off.uptime - cross.uptime, duration: Fixture.duration(poem.item), updated: off.wall)
            $0.phase = .fadingOut(Playback(item: poem.item, position: off.uptime - cross.uptime, anchor: off.uptime),
                                  since: off.uptime, until: off.uptime + 1.5, reason: .stoppedByHand)
            $0.pressed[.leaf] = .used
        }, commands: [.rampGain(to: 0, over: 1.5, curve: .equalPower), .persist])
        #expect(t.screen() == .transition(litDot: 0))
        #expect(t.screen(after: 0.5) == .transition(litDot: 1))
        #expect(t.screen(after: 1.0) == .transition(litDot: 2))
    }

    @Test func theVolumeBarDisappearsAfterTwoSeconds() throws {
        var t = try BoxTester.started()
        let turn = t.now.uptime + 1
        t.send(.knobTurned(detents: 2), after: 1, update: {
            $0.volume = 60
            $0.overlay = .volume(until: turn + 2)
        }, commands: [.setVolume(percent: 60), .persist])
        #expect(t.screen() == .volume(percent: 60))
        #expect(t.box.nextDeadline.uptime == turn + 2)
        t.send(.timePassed, after: 1.5, commands: [])
        #expect(t.screen() == .volume(percent: 60))
        t.send(.timePassed, after: 0.5, update: { $0.overlay = nil }, commands: [])
        #expect(t.screen().name == "idle")
    }

    @Test func comingSoonWhenAPoolHasNothingToPlay() throws {
        let catalog = Catalog(items: Fixture.catalog.items.filter { $0.kind != .poem })
        var t = try BoxTester.started(catalog: catalog)
        let med = try t.leafToMeditation(after: 1)
        let started = t.now.uptime - 0.25
        let press = t.at(1)
        t.tap(.leaf, after: 1, update: {
            $0.mode = .poetry
            $0.lastMode = .poetry
            $0.progress[med] = ProgressEntry(position: press.uptime - started, duration: Fixture.duration(med), updated: press.wall)
            $0.phase = .idle
            $0.overlay = .comingSoon(title: "Poetry", until: press.uptime + 3)
            $0.shuffle[.poetry] = ShuffleBag()
        }, commands: [.stop, .persist])
        #expect(t.screen() == .comingSoon(title: "Poetry"))
        t.send(.timePassed, after: 3, update: { $0.overlay = nil }, commands: [])
        #expect(t.screen().name == "idle")
    }

    @Test func alarmScreens() throws {
        var t = try BoxTester.started(alarm: AlarmSettings(hour: 6, minute: 30))
        t.expectRing(at: try utc(2026, 11, 24, 5, 30))
        #expect(t.screen(after: 70) == .alarm(AlarmScreen(hour: 6, minute: 31, isSnoozed: false, snoozeRemaining: nil, isGreeting: false)))
        let press = t.now.uptime + 1
        t.send(.buttonPressed(.knob), after: 1, update: {
            $0.pressed[.knob] = .used
            $0.phase = .snoozed(until: press + 540)
        }, commands: [.stopAlarm, .persist])
        #expect(t.screen(after: 240) == .alarm(AlarmScreen(hour: 6, minute: 34, isSnoozed: true, snoozeRemaining: 300, isGreeting: false)))
    }

    // MARK: nextDeadline

    @Test func nextDeadlineValues() throws {
        var t = try BoxTester.started(alarm: AlarmSettings(hour: 6, minute: 30))
        let alarm = try utc(2026, 11, 24, 5, 30)
        // Idle: only the alarm.
        #expect(t.box.nextDeadline.due == Due(uptime: nil, wall: alarm))

        // Timer choice open: its commit.
        let open = t.now.uptime + 1
        t.tap(.timer, after: 1, update: { $0.overlay = .timerChoice(selected: 0, commitAt: open + 3.25) }, commands: [])
        #expect(t.box.nextDeadline.due == Due(uptime: open + 3.25, wall: alarm))
        let commit = t.now.uptime + 0.25
        t.send(.knobTurned(detents: 1), after: 0.25, update: { $0.overlay = .timerChoice(selected: 1, commitAt: commit + 3) }, commands: [])
        // Committed while idle, it starts the meditation: the periodic save comes before the timer.
        let pick = try t.pick(.meditation)
        t.tap(.knob, after: 0, update: {
            $0.overlay = nil
            $0.timerPreference = .minutes(15)
            $0.timer = SleepTimer(choice: .minutes(15), deadline: commit + 900, length: 900)
            $0.mode = .meditation
            $0.lastMode = .meditation
            $0.phase = .playing(Playback(item: pick.item, position: 0, anchor: commit))
            $0.lastTitle = Fixture.title(pick.item)
            pick.apply(to: &$0)
        }, commands: [.play(pick.item, from: 0), .persist])
        #expect(t.box.nextDeadline.due == Due(uptime: commit + 15, wall: alarm))
        // A message: its end (the timer opened at its value, turned to Off and taken).
        let opened = t.now.uptime + 0.75
        t.tap(.timer, after: 0.5, update: { $0.overlay = .timerChoice(selected: 1, commitAt: opened + 3) }, commands: [])
        let turned = t.now.uptime + 0.1
        t.send(.knobTurned(detents: -1), after: 0.1, update: { $0.overlay = .timerChoice(selected: 0, commitAt: turned + 3) },
               commands: [])
        let cancel = t.now.uptime + 0.15 - 0.25
        t.tap(.knob, after: 0.15, update: {
            $0.timer = nil
            $0.timerPreference = .off
            $0.overlay = .message("Timer off", until: cancel + 1.75)
        }, commands: [.persist])
        #expect(t.box.nextDeadline.due == Due(uptime: cancel + 1.75, wall: alarm))
        t.send(.timePassed, after: 1.5, update: { $0.overlay = nil }, commands: [])

        // Playing: the periodic save comes first.
        let saved = t.state.lastPersistUptime
        #expect(t.box.nextDeadline.due == Due(uptime: saved + 15, wall: alarm))
        t.send(.timePassed, at: Moment(uptime: saved + 15, wall: t.now.wall + (saved + 15 - t.now.uptime)), commands: [.persist])
        #expect(t.box.nextDeadline.due == Due(uptime: saved + 30, wall: alarm))

        // Crossfading: its end.
        let poem = try t.pick(.poetry)
        let cross = t.at(1)
        t.send(.buttonPressed(.leaf), at: cross, update: { s in
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
            s.pressed[.leaf] = .used
        }, commands: [.crossfade(to: poem.item, from: 0, over: 1.5), .persist])
        #expect(t.box.nextDeadline.due == Due(uptime: cross.uptime + 1.5, wall: alarm))
        t.send(.buttonReleased(.leaf), after: 0.25, update: { $0.pressed[.leaf] = nil }, commands: [])

        // Ringing (no greeting): the auto-stop.
        let m = t.atWall(alarm)
        t.send(.timePassed, at: m, update: {
            $0.alarmLog.lastHandled = alarm
            $0.alarmLog.lastRang = alarm
            $0.progress[poem.item] = ProgressEntry(position: Fixture.duration(poem.item), duration: Fixture.duration(poem.item), updated: alarm)
            $0.mode = .off
            $0.phase = .ringing(AlarmRing(since: m.uptime, greetingPending: false))
        }, commands: [.stop, ringCommand, .persist])
        let since = t.now.uptime
        #expect(t.box.nextDeadline.due == Due(uptime: since + 1800, wall: alarm + 86400))
        // A leaf held: its 2 s are the input decoder's deadline, the box's own stay as they were.
        let down = t.now.uptime + 1
        t.edge(.leaf, down: true, after: 1, update: { $0.pressed[.leaf] = .pending }, commands: [])
        #expect(t.decoder.nextDeadline == down + 2)
        #expect(t.box.nextDeadline.due == Due(uptime: since + 1800, wall: alarm + 86400))
        t.edge(.leaf, down: false, after: 0.5, update: {
            $0.pressed[.leaf] = nil
            $0.phase = .snoozed(until: down + 0.5 + 540)
        }, commands: [.stopAlarm, .persist])
        #expect(t.box.nextDeadline.due == Due(uptime: down + 0.5 + 540, wall: alarm + 86400))
    }

    @Test func nextDeadlineWithAGreetingPending() throws {
        var t = try BoxTester.started(alarm: AlarmSettings(hour: 6, minute: 30))
        let item = try t.leafToMeditation(after: 1)
        let started = t.now.uptime - 0.25
        let end = Moment(uptime: started + Fixture.duration(item), wall: t.now.wall + (started + Fixture.duration(item) - t.now.uptime))
        t.send(.itemFinished(item), at: end, update: {
            $0.progress[item] = ProgressEntry(position: Fixture.duration(item), duration: Fixture.duration(item), updated: end.wall)
            $0.phase = .idle
            $0.contentCompleted = true
            $0.overlay = BoxTester.completion(of: item, at: end)
        }, commands: [.persist])
        t.dismissCompletion()
        let alarm = try utc(2026, 11, 24, 5, 30)
        t.expectRing(at: alarm, greeting: true)
        #expect(t.box.nextDeadline.due == Due(uptime: t.now.uptime + 5, wall: alarm + 86400))
    }
}
