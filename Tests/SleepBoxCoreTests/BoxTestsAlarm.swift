import Foundation
import SleepBoxCore
import Testing

let ringCommand = Command.startAlarm(from: 0.05, to: 0.7, over: 60)

extension Screen {
    /// The idle screen's greeting (nil on any other screen).
    var idleGreeting: String? {
        if case .idle(let idle) = self { return idle.greeting }
        return nil
    }
}

extension BoxTester {
    /// Sends `.timePassed` at the wall time `wall` and expects the alarm to start ringing there.
    mutating func expectRing(at wall: Double, greeting: Bool = false, extra: (inout BoxState) -> Void = { _ in },
                             before: [Command] = [], sourceLocation: SourceLocation = #_sourceLocation) {
        let m = atWall(wall)
        send(.timePassed, at: m, update: {
            extra(&$0)
            $0.alarmLog.lastHandled = wall
            $0.alarmLog.lastRang = wall
            $0.mode = .off
            $0.timer = nil
            $0.overlay = nil
            $0.phase = .ringing(AlarmRing(since: m.uptime, greetingPending: greeting))
        }, commands: before + [ringCommand, .persist], sourceLocation: sourceLocation)
    }

    /// Holds the leaf 2 s (through the input decoder): the alarm is dismissed.
    mutating func dismissByLeafHold(after seconds: Double = 1, snoozed: Bool = false,
                                    sourceLocation: SourceLocation = #_sourceLocation) {
        edge(.leaf, down: true, after: seconds, update: { $0.pressed[.leaf] = .pending },
             commands: [], sourceLocation: sourceLocation)
        keepInput(for: 2, update: {
            $0.pressed[.leaf] = .used
            $0.phase = .idle
        }, commands: snoozed ? [.persist] : [.stopAlarm, .persist], sourceLocation: sourceLocation)
        edge(.leaf, down: false, after: 0.5, update: { $0.pressed[.leaf] = nil }, commands: [],
             sourceLocation: sourceLocation)
    }
}

/// Spec 4: the alarm.
@Suite struct BoxAlarmTests {
    static let alarm = AlarmSettings(hour: 6, minute: 30)

    /// Tuesday 2026-11-24 06:30 in Berlin.
    static func tuesday0630() throws -> Double { try utc(2026, 11, 24, 5, 30) }

    @Test func firesExactlyOnceAtTheInstantRampsAndStopsItselfAfter30Minutes() throws {
        var t = try BoxTester.started(alarm: Self.alarm)
        let instant = try Self.tuesday0630()
        #expect(t.box.nextDeadline.due == Due(uptime: nil, wall: instant))
        guard case .idle(let idle) = t.screen() else {
            Issue.record("expected the idle screen")
            return
        }
        #expect(idle.nextAlarm == "06:30 · in 8 h")

        t.send(.timePassed, at: t.atWall(instant - 1), commands: [])
        t.expectRing(at: instant)
        let since = t.now.uptime
        #expect(t.screen() == .alarm(AlarmScreen(hour: 6, minute: 30, isSnoozed: false, snoozeRemaining: nil, isGreeting: false)))
        #expect(t.box.nextDeadline.due == Due(uptime: since + 1800, wall: instant + 86400))

        // Later checks of the same instant do nothing.
        t.send(.timePassed, after: 1, commands: [])
        t.send(.clockChanged, after: 1, commands: [])

        // Silent by itself after auto_stop_minutes.
        t.send(.timePassed, at: Moment(uptime: since + 1800, wall: instant + 1800), update: { $0.phase = .idle },
               commands: [.stopAlarm, .persist])

        // And rings again the next morning.
        t.expectRing(at: instant + 86400)
    }

    @Test(arguments: [SleepBoxCore.Button.skip, .timer, .knob])
    func anyButtonSnoozesForNineMinutes(button: SleepBoxCore.Button) throws {
        var t = try BoxTester.started(alarm: Self.alarm)
        t.expectRing(at: try Self.tuesday0630())
        let press = t.now.uptime + 10
        t.send(.buttonPressed(button), after: 10, update: {
            $0.pressed[button] = .used
            $0.phase = .snoozed(until: press + 540)
        }, commands: [.stopAlarm, .persist])
        t.send(.buttonReleased(button), after: 0.25, update: { $0.pressed[button] = nil }, commands: [])
        #expect(t.screen(after: 40) == .alarm(AlarmScreen(hour: 6, minute: 30, isSnoozed: true,
                                                         snoozeRemaining: 540 - 0.25 - 40, isGreeting: false)))
        #expect(t.box.nextDeadline.uptime == press + 540)

        // Buttons while snoozed do nothing.
        t.send(.buttonPressed(button), after: 60, update: { $0.pressed[button] = .used }, commands: [])
        t.send(.buttonReleased(button), after: 0.25, update: { $0.pressed[button] = nil }, commands: [])

        // The snooze ends: it rings again.
        t.send(.timePassed, at: Moment(uptime: press + 540, wall: t.now.wall + (press + 540 - t.now.uptime)), update: {
            $0.phase = .ringing(AlarmRing(since: press + 540, greetingPending: false))
        }, commands: [ringCommand, .persist])
    }

    @Test func aShortLeafPressSnoozesOnRelease() throws {
        var t = try BoxTester.started(alarm: Self.alarm)
        t.expectRing(at: try Self.tuesday0630())
        let down = t.now.uptime + 3
        t.edge(.leaf, down: true, after: 3, update: { $0.pressed[.leaf] = .pending }, commands: [])
        #expect(t.decoder.nextDeadline == down + 2)
        let up = down + 1.5
        t.edge(.leaf, down: false, after: 1.5, update: {
            $0.pressed[.leaf] = nil
            $0.phase = .snoozed(until: up + 540)
        }, commands: [.stopAlarm, .persist])
    }

    @Test func holdingTheLeafTwoSecondsDismisses() throws {
        var t = try BoxTester.started(alarm: Self.alarm)
        let instant = try Self.tuesday0630()
        t.expectRing(at: instant)
        t.dismissByLeafHold(after: 3)
        #expect(t.state.mode == .off)
        #expect(t.box.nextDeadline.due == Due(uptime: nil, wall: instant + 86400))
    }

    @Test func holdingTheLeafWhileSnoozedDismissesTheSnooze() throws {
        var t = try BoxTester.started(alarm: Self.alarm)
        t.expectRing(at: try Self.tuesday0630())
        let press = t.now.uptime + 2
        t.send(.buttonPressed(.knob), after: 2, update: {
            $0.pressed[.knob] = .used
            $0.phase = .snoozed(until: press + 540)
        }, commands: [.stopAlarm, .persist])
        t.send(.buttonReleased(.knob), after: 0.25, update: { $0.pressed[.knob] = nil }, commands: [])
        t.dismissByLeafHold(after: 30, snoozed: true)
        t.send(.timePassed, at: Moment(uptime: press + 540, wall: t.now.wall + (press + 540 - t.now.uptime)), commands: [])
    }

    @Test func theKnobTurnDoesNotChangeTheVolumeWhileRinging() throws {
        var t = try BoxTester.started(alarm: Self.alarm)
        t.expectRing(at: try Self.tuesday0630())
        t.send(.knobTurned(detents: 3), after: 1, commands: [])
    }

    @Test func theAlarmStopsWhatPlays() throws {
        var t = try BoxTester.started(alarm: Self.alarm, wall: try utc(2026, 11, 24, 5, 20))
        let item = try t.leafToMeditation(after: 1)
        let started = t.now.uptime - 0.25
        t.setTimer(6)
        let instant = try Self.tuesday0630()
        let m = t.atWall(instant)
        t.send(.timePassed, at: m, update: {
            $0.progress[item] = ProgressEntry(position: m.uptime - started, duration: Fixture.duration(item), updated: instant)
            $0.alarmLog.lastHandled = instant
            $0.alarmLog.lastRang = instant
            $0.mode = .off
            $0.timer = nil
            $0.phase = .ringing(AlarmRing(since: m.uptime, greetingPending: false))
        }, commands: [.stop, ringCommand, .persist])
    }

    /// The alarm falling into the sleep-timer fade: the sound stops where the fade began being
    /// the last thing heard (as when the fade ends by itself), and the timer's end still counts
    /// as the content completed.
    @Test func theAlarmDuringTheSleepTimerFadeKeepsTheFadesProgressAndTheCompletion() throws {
        var t = try BoxTester.started(alarm: AlarmSettings(hour: 6, minute: 29), timerChoices: [5],
                                      wall: try utc(2026, 11, 24, 5, 23, 40))
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
        let instant = try utc(2026, 11, 24, 5, 29)
        #expect(instant > deadline.wall && instant < deadline.wall + 30)
        t.expectRing(at: instant, greeting: true, extra: { $0.contentCompleted = true }, before: [.stop])
    }

    // MARK: Greeting

    @Test func theGreetingIsSpokenFiveSecondsInWhenTheContentCompleted() throws {
        var t = try BoxTester.started(alarm: Self.alarm)
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

        let instant = try Self.tuesday0630()
        t.expectRing(at: instant, greeting: true)
        let since = t.now.uptime
        #expect(t.box.nextDeadline.uptime == since + 5)
        t.send(.timePassed, after: 4.75, commands: [])
        let title = try #require(Fixture.title(item))
        t.send(.timePassed, after: 0.25, update: {
            $0.phase = .greeting(AlarmRing(since: since, greetingPending: false))
            $0.contentCompleted = false
        }, commands: [.duckAlarm(to: 0.25, over: 1),
                      .speak("Good morning. It is six thirty on Tuesday. Last night you fell asleep to \(title)."),
                      .persist])
        #expect(t.screen() == .alarm(AlarmScreen(hour: 6, minute: 30, isSnoozed: false, snoozeRemaining: nil, isGreeting: true)))
        t.send(.speechFinished, after: 7, update: {
            $0.phase = .ringing(AlarmRing(since: since, greetingPending: false))
        }, commands: [.duckAlarm(to: 1, over: 1)])
        #expect(t.box.nextDeadline.uptime == since + 1800)
    }

    @Test func noGreetingWhenTheContentWasStoppedByHand() throws {
        var t = try BoxTester.started(alarm: Self.alarm)
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
        let off = t.at(2)
        t.tap(.leaf, after: 2, update: {
            $0.mode = .off
            let heard = off.uptime - cross.uptime
            $0.progress[poem.item] = ProgressEntry(position: heard, duration: Fixture.duration(poem.item), updated: off.wall)
            $0.phase = .fadingOut(Playback(item: poem.item, position: heard, anchor: off.uptime),
                                  since: off.uptime, until: off.uptime + 1.5, reason: .stoppedByHand)
        }, commands: [.rampGain(to: 0, over: 1.5, curve: .equalPower), .persist])
        t.send(.timePassed, after: 1.5, update: { $0.phase = .idle }, commands: [.stop, .persist])
        #expect(t.state.contentCompleted == false)
        t.expectRing(at: try Self.tuesday0630(), greeting: false)
        #expect(t.box.nextDeadline.uptime == t.now.uptime + 1800)
    }

    /// Snoozing before the greeting keeps it for the next ring; once spoken ("then the flag
    /// clears") it is not spoken again, even when the snooze cut the speech short.
    @Test func theGreetingIsSpokenOnceAcrossSnoozes() throws {
        var t = try BoxTester.started(alarm: Self.alarm)
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
        let title = try #require(Fixture.title(item))
        t.expectRing(at: try Self.tuesday0630(), greeting: true)

        // Snoozed 2 s in, before the greeting.
        let s1 = t.now.uptime + 2
        t.send(.buttonPressed(.skip), after: 2, update: {
            $0.pressed[.skip] = .used
            $0.phase = .snoozed(until: s1 + 540)
        }, commands: [.stopAlarm, .persist])
        t.send(.buttonReleased(.skip), after: 0.25, update: { $0.pressed[.skip] = nil }, commands: [])
        let r2 = s1 + 540
        t.send(.timePassed, at: Moment(uptime: r2, wall: t.now.wall + (r2 - t.now.uptime)), update: {
            $0.phase = .ringing(AlarmRing(since: r2, greetingPending: true))
        }, commands: [ringCommand, .persist])
        t.send(.timePassed, after: 5, update: {
            $0.phase = .greeting(AlarmRing(since: r2, greetingPending: false))
            $0.contentCompleted = false
        }, commands: [.duckAlarm(to: 0.25, over: 1),
                      .speak("Good morning. It is six thirty-nine on Tuesday. Last night you fell asleep to \(title)."),
                      .persist])

        // Snoozed during the greeting: the speech is cut, its end never reported.
        let s2 = t.now.uptime + 1
        t.send(.buttonPressed(.timer), after: 1, update: {
            $0.pressed[.timer] = .used
            $0.phase = .snoozed(until: s2 + 540)
        }, commands: [.stopAlarm, .persist])
        t.send(.buttonReleased(.timer), after: 0.25, update: { $0.pressed[.timer] = nil }, commands: [])
        t.send(.speechFinished, after: 0.25, commands: [])
        let r3 = s2 + 540
        t.send(.timePassed, at: Moment(uptime: r3, wall: t.now.wall + (r3 - t.now.uptime)), update: {
            $0.phase = .ringing(AlarmRing(since: r3, greetingPending: false))
        }, commands: [ringCommand, .persist])
        t.send(.timePassed, after: 5, commands: [])
    }

    /// The spec does not say what a ring dismissed before its greeting does to the flag. Assumed:
    /// dismissing ends the morning, so the flag does not carry over into the next night.
    @Test func aDismissedRingDoesNotCarryTheGreetingIntoTheNextMorning() throws {
        var t = try BoxTester.started(alarm: Self.alarm)
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
        let instant = try Self.tuesday0630()
        t.expectRing(at: instant, greeting: true)
        t.edge(.leaf, down: true, after: 1, update: { $0.pressed[.leaf] = .pending }, commands: [])
        t.keepInput(for: 2, update: {
            $0.pressed[.leaf] = .used
            $0.phase = .idle
            $0.contentCompleted = false
        }, commands: [.stopAlarm, .persist])
        t.edge(.leaf, down: false, after: 0.5, update: { $0.pressed[.leaf] = nil }, commands: [])
        // Nothing plays the next night: no greeting on Wednesday.
        t.expectRing(at: instant + 86400, greeting: false)
    }

    // MARK: Late, missed, clock jumps

    @Test func aForwardClockJumpWithinCatchUpStillRings() throws {
        var t = try BoxTester.started(alarm: Self.alarm)
        let instant = try Self.tuesday0630()
        t.send(.timePassed, at: t.atWall(instant - 600), commands: [])
        // The clock is set forward by 35 min: 25 min late.
        t.send(.clockChanged, after: 1, wallJump: 2099, update: { [now = t.now] in
            $0.alarmLog.lastHandled = instant
            $0.alarmLog.lastRang = instant
            $0.phase = .ringing(AlarmRing(since: now.uptime + 1, greetingPending: false))
        }, commands: [ringCommand, .persist])
        #expect(t.now.wall == instant + 1500)
    }

    @Test func exactlyCatchUpMinutesLateStillRings() throws {
        var t = try BoxTester.started(alarm: Self.alarm)
        let instant = try Self.tuesday0630()
        t.send(.timePassed, at: t.atWall(instant - 600), commands: [])
        t.send(.clockChanged, after: 0, wallJump: 600 + 1800, update: { [now = t.now] in
            $0.alarmLog.lastHandled = instant
            $0.alarmLog.lastRang = instant
            $0.phase = .ringing(AlarmRing(since: now.uptime, greetingPending: false))
        }, commands: [ringCommand, .persist])
    }

    @Test func aForwardClockJumpBeyondCatchUpRecordsAMissedAlarm() throws {
        var t = try BoxTester.started(alarm: Self.alarm)
        let instant = try Self.tuesday0630()
        t.send(.timePassed, at: t.atWall(instant - 600), commands: [])
        t.send(.clockChanged, after: 1, wallJump: 600 + 1800, update: {
            $0.alarmLog.lastHandled = instant
            $0.alarmLog.lastMissed = instant
            $0.alarmLog.untold = MissedAlarm(instant: instant, slot: 0, clockWasUntrusted: false)
        }, commands: [.persist])
        #expect(t.state.phase == .idle)
        #expect(t.box.nextDeadline.wall == instant + 86400)
    }

    @Test func aBackwardClockJumpAfterARingGivesNoSecondRing() throws {
        var t = try BoxTester.started(alarm: Self.alarm)
        let instant = try Self.tuesday0630()
        t.expectRing(at: instant)
        t.dismissByLeafHold(after: 60)
        // The clock is set back by an hour: 06:30 comes again.
        t.send(.clockChanged, after: 1, wallJump: -3600, commands: [])
        #expect(t.now.wall < instant)
        t.send(.timePassed, at: t.atWall(instant), commands: [])
        t.send(.timePassed, at: t.atWall(instant + 60), commands: [])
        #expect(t.state.phase == .idle)
        // The next day rings as usual.
        t.expectRing(at: instant + 86400)
    }

    @Test func aBackwardClockJumpBeforeTheAlarmStillRingsOnce() throws {
        var t = try BoxTester.started(alarm: Self.alarm)
        let instant = try Self.tuesday0630()
        t.send(.timePassed, at: t.atWall(instant - 300), commands: [])
        t.send(.clockChanged, after: 1, wallJump: -3600, commands: [])
        t.expectRing(at: instant)
        t.send(.timePassed, after: 60, commands: [])
    }

    @Test func afterDowntimeTheAlarmRingsWhenAtMost30MinutesLate() throws {
        let instant = try Self.tuesday0630()
        var evening = try BoxTester.started(alarm: Self.alarm)
        let snapshot = evening.box.snapshot(at: evening.now)
        evening.send(.timePassed, after: 1, commands: [])

        // Power back at 06:50: 20 min late, it rings at start.
        var t = BoxTester(config: evening.config, at: Moment(uptime: 12, wall: instant + 1200))
        t.start(restoring: snapshot, update: {
            $0.alarmLog.lastHandled = instant
            $0.alarmLog.lastRang = instant
            $0.phase = .ringing(AlarmRing(since: 12, greetingPending: false))
        }, commands: [.setVolume(percent: 50), ringCommand, .persist])

        // Power back at 07:05: missed.
        var late = BoxTester(config: evening.config, at: Moment(uptime: 12, wall: instant + 2100))
        late.start(restoring: snapshot, update: {
            $0.alarmLog.lastHandled = instant
            $0.alarmLog.lastMissed = instant
            $0.alarmLog.untold = MissedAlarm(instant: instant, slot: 0, clockWasUntrusted: false)
        }, commands: [.setVolume(percent: 50), .persist])
    }

    // MARK: Skip next, weekdays, disabled

    @Test func skipNextSkipsExactlyOneRingAndClearsItself() throws {
        var settings = Self.alarm
        settings.skipNext = true
        var t = try BoxTester.started(alarm: settings)
        let instant = try Self.tuesday0630()
        guard case .idle(let idle) = t.screen() else {
            Issue.record("expected the idle screen")
            return
        }
        #expect(idle.nextAlarm == "Wed 06:30")
        #expect(t.box.nextDeadline.wall == instant)
        t.send(.timePassed, at: t.atWall(instant), update: {
            $0.alarm?.skipNext = false
            $0.alarmLog.lastHandled = instant
            $0.alarmLog.lastSkipped = instant
        }, commands: [.persist])
        guard case .idle(let after) = t.screen() else {
            Issue.record("expected the idle screen")
            return
        }
        #expect(after.nextAlarm == "Wed 06:30")
        t.expectRing(at: instant + 86400)
    }

    @Test func settingTheTimeOrDaysOrSwitchingTheAlarmClearsSkipNext() throws {
        // Skip next, off, then set again for 06:45: the new alarm rings its first morning.
        var t = try BoxTester.started(alarm: Self.alarm)
        var skipping = Self.alarm
        skipping.skipNext = true
        t.send(.alarmEdited(skipping), after: 1, update: { $0.alarm = skipping }, commands: [.persist])
        var off = skipping
        off.isEnabled = false
        t.send(.alarmEdited(off), after: 1, update: { $0.alarm = AlarmSettings(hour: 6, minute: 30, isEnabled: false) },
               commands: [.persist])
        let set = AlarmSettings(hour: 6, minute: 45)
        t.send(.alarmEdited(set), after: 1, update: { $0.alarm = set }, commands: [.persist])
        t.expectRing(at: try Self.tuesday0630() + 15 * 60)

        // A skip carried over into a new time or new days is dropped too (the skip was for the old ring).
        var u = try BoxTester.started(alarm: skipping)
        var moved = skipping
        moved.minute = 45
        u.send(.alarmEdited(moved), after: 1, update: { $0.alarm = AlarmSettings(hour: 6, minute: 45) }, commands: [.persist])
        var weekdays = moved
        weekdays.skipNext = true
        u.send(.alarmEdited(weekdays), after: 1, update: { $0.alarm = weekdays }, commands: [.persist])
        var fewerDays = weekdays
        fewerDays.weekdays = [2, 3, 4, 5, 6]
        u.send(.alarmEdited(fewerDays), after: 1, update: { $0.alarm = AlarmSettings(hour: 6, minute: 45, weekdays: [2, 3, 4, 5, 6]) },
               commands: [.persist])

        // An edit that sets the skip with a new time keeps it; an unchanged alarm keeps its skip.
        var v = try BoxTester.started(alarm: Self.alarm)
        let both = AlarmSettings(hour: 7, minute: 0, skipNext: true)
        v.send(.alarmEdited(both), after: 1, update: { $0.alarm = both }, commands: [.persist])
        v.send(.alarmEdited(both), after: 1, commands: [])
        #expect(v.box.nextAlarm(after: v.now.wall) == (try Self.tuesday0630()) + 86400 + 30 * 60)
    }

    /// The idle screen says good morning until noon, whether or not an alarm rang (a morning
    /// whose ring was skipped, the next morning before its ring), then good afternoon.
    @Test func afterTheAlarmTheIdleScreenSaysGoodMorningUntilNoon() throws {
        var t = try BoxTester.started(alarm: Self.alarm)
        let instant = try Self.tuesday0630()
        t.expectRing(at: instant)
        t.dismissByLeafHold(after: 60)
        #expect(t.screen(after: 26 * 60) == .idle(IdleScreen(greeting: "Good morning", hour: 6, minute: 57,
                                                              nextAlarm: "06:30 · in 23 h 33 min", timerRemaining: nil)))
        #expect(t.screen(after: 5 * 3600 + 28 * 60).idleGreeting == "Good morning") // 11:59
        #expect(t.screen(after: 5 * 3600 + 29 * 60).idleGreeting == "Good afternoon") // 12:00
        #expect(t.box.display(at: t.atWall(instant + 86400 - 60)).screen.idleGreeting == "Good morning") // Wednesday 06:29

        // Kept in the state file (an older file without it loads as before).
        let snapshot = t.box.snapshot(at: t.now)
        #expect(snapshot.alarmLog.lastRang == instant)
        let data = try JSONEncoder().encode(snapshot)
        var object = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(try JSONDecoder().decode(Snapshot.self, from: data) == snapshot)
        var log = try #require(object["alarmLog"] as? [String: Any])
        log["lastRang"] = nil
        object["alarmLog"] = log
        let older = try JSONDecoder().decode(Snapshot.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(older.alarmLog.lastRang == nil)
        #expect(older.alarmLog.lastHandled == instant)

        // In German too.
        var config = t.config
        config.language = .german
        var german = Box(config: config, catalog: Fixture.catalog, seed: 1)
        _ = german.start(at: Moment(uptime: 1, wall: instant + 3600), restoring: snapshot)
        #expect(german.display(at: Moment(uptime: 1, wall: instant + 3600)).screen.idleGreeting == "Guten Morgen")

        // Wednesday's ring skipped: good morning all the same.
        var skipping = Self.alarm
        skipping.skipNext = true
        t.send(.alarmEdited(skipping), after: 60, update: { $0.alarm = skipping }, commands: [.persist])
        t.send(.timePassed, at: t.atWall(instant + 86400), update: {
            $0.alarm?.skipNext = false
            $0.alarmLog.lastHandled = instant + 86400
            $0.alarmLog.lastSkipped = instant + 86400
        }, commands: [.persist])
        #expect(t.screen(after: 30 * 60).idleGreeting == "Good morning")
    }

    @Test func weekdaysOnlyRingOnTheirDays() throws {
        // Monday to Friday; the box starts on Friday 2026-11-27 at 22:30.
        let settings = AlarmSettings(hour: 6, minute: 30, weekdays: [2, 3, 4, 5, 6])
        var t = try BoxTester.started(alarm: settings, wall: try utc(2026, 11, 27, 21, 30))
        let monday = try utc(2026, 11, 30, 5, 30)
        #expect(t.box.nextDeadline.due == Due(uptime: nil, wall: monday))
        guard case .idle(let idle) = t.screen() else {
            Issue.record("expected the idle screen")
            return
        }
        #expect(idle.nextAlarm == "Mon 06:30")
        t.send(.timePassed, at: t.atWall(try utc(2026, 11, 28, 5, 30)), commands: []) // Saturday
        t.send(.timePassed, at: t.atWall(try utc(2026, 11, 29, 5, 30)), commands: []) // Sunday
        t.expectRing(at: monday)
    }

    @Test func aDisabledAlarmNeverRings() throws {
        let settings = AlarmSettings(hour: 6, minute: 30, isEnabled: false)
        var t = try BoxTester.started(alarm: settings)
        #expect(t.box.nextDeadline.due == Due(uptime: nil, wall: nil))
        guard case .idle(let idle) = t.screen() else {
            Issue.record("expected the idle screen")
            return
        }
        #expect(idle.nextAlarm == nil)
        let instant = try Self.tuesday0630()
        // The instant passes unnoticed but for the record that it was looked at.
        t.send(.timePassed, at: t.atWall(instant + 60), update: { $0.alarmLog.lastHandled = instant }, commands: [.persist])
        #expect(t.state.phase == .idle)
    }

    // MARK: Daylight saving time (Europe/Berlin)

    @Test func springForwardAlarmAt0230RingsOnceAt0330() throws {
        let settings = AlarmSettings(hour: 2, minute: 30)
        // Saturday 2026-03-28 22:00 CET.
        var t = try BoxTester.started(alarm: settings, wall: try utc(2026, 3, 28, 21, 0))
        let instant = try utc(2026, 3, 29, 1, 30) // 03:30 CEST
        #expect(t.box.nextDeadline.wall == instant)
        t.send(.timePassed, at: t.atWall(try utc(2026, 3, 29, 0, 59, 59)), commands: []) // 01:59:59 CET
        t.send(.timePassed, at: t.atWall(try utc(2026, 3, 29, 1, 0)), commands: [])     // 03:00 CEST
        t.send(.timePassed, at: t.atWall(instant - 1), commands: [])
        t.expectRing(at: instant)
        #expect(t.screen() == .alarm(AlarmScreen(hour: 3, minute: 30, isSnoozed: false, snoozeRemaining: nil, isGreeting: false)))
        #expect(t.box.nextDeadline.wall == (try utc(2026, 3, 30, 0, 30)))

        // A whole night driven by the deadlines rings exactly once.
        var night = NightDriver(box: try BoxTester.started(alarm: settings, wall: try utc(2026, 3, 28, 21, 0)).box,
                                now: Moment(uptime: 100, wall: try utc(2026, 3, 28, 21, 0)))
        night.run(untilWall: try utc(2026, 3, 29, 10, 0))
        let rings = night.commands.filter { $0.command == ringCommand }
        #expect(rings.map(\.at.wall) == [instant])
    }

    @Test func fallBackAlarmAt0230RingsOnceThoughTheTimeHappensTwice() throws {
        let settings = AlarmSettings(hour: 2, minute: 30)
        // Saturday 2026-10-24 22:00 CEST.
        var t = try BoxTester.started(alarm: settings, wall: try utc(2026, 10, 24, 20, 0))
        let first = try utc(2026, 10, 25, 0, 30)  // 02:30 CEST
        let second = try utc(2026, 10, 25, 1, 30) // 02:30 CET
        #expect(t.box.nextDeadline.wall == first)
        t.expectRing(at: first)
        #expect(t.screen() == .alarm(AlarmScreen(hour: 2, minute: 30, isSnoozed: false, snoozeRemaining: nil, isGreeting: false)))
        t.dismissByLeafHold(after: 10)
        #expect(t.box.nextDeadline.wall == (try utc(2026, 10, 26, 1, 30)))
        t.send(.timePassed, at: t.atWall(second - 1), commands: [])
        t.send(.timePassed, at: t.atWall(second), commands: [])
        t.send(.timePassed, at: t.atWall(second + 60), commands: [])
        #expect(t.state.phase == .idle)

        var night = NightDriver(box: try BoxTester.started(alarm: settings, wall: try utc(2026, 10, 24, 20, 0)).box,
                                now: Moment(uptime: 100, wall: try utc(2026, 10, 24, 20, 0)))
        night.run(untilWall: try utc(2026, 10, 25, 10, 0))
        let rings = night.commands.filter { $0.command == ringCommand }
        #expect(rings.map(\.at.wall) == [first])
    }
}
