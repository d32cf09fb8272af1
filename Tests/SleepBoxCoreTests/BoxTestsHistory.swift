import Foundation
import SleepBoxCore
import Testing

/// The history as the core keeps it: sessions and night events emitted as `record` commands, the
/// open session in the snapshot, the statistics, the nights' screens and last night's line.
struct BoxTestsHistory {
    /// A box driven event by event, collecting the records it emits.
    struct Driver {
        var box: Box
        var now: Moment
        var records: [HistoryRecord] = []
        var commands: [Command] = []

        init(config: BoxConfig? = nil, wall: Double? = nil, restoring snapshot: Snapshot? = nil) throws {
            box = Box(config: try config ?? Fixture.config(), catalog: Fixture.catalog, seed: 7)
            now = Moment(uptime: 100, wall: try wall ?? utc(2026, 11, 23, 21, 30))
            take(box.start(at: now, restoring: snapshot))
        }

        mutating func take(_ out: [Command]) {
            commands = out
            for c in out { if case .record(let r) = c { records.append(r) } }
        }

        mutating func send(_ event: Event, after seconds: Double = 0) {
            now = now.advanced(by: seconds)
            take(box.handle(event, at: now))
        }

        mutating func press(_ b: Button, after seconds: Double = 0) {
            send(.buttonPressed(b), after: seconds)
            send(.buttonReleased(b), after: 0.1)
        }

        var sessions: [SessionRecord] {
            records.compactMap { if case .session(let s) = $0 { return s } else { return nil } }
        }
        var events: [NightEvent] {
            records.compactMap { if case .event(let e) = $0 { return e } else { return nil } }
        }
        var item: ItemID? { box.state.playback?.item }
    }

    static func duration(_ id: ItemID?) -> Double { Fixture.duration(id ?? "") }

    @Test func aSessionIsRecordedWhenItEndsWithTheTimeHeardPausesExcluded() throws {
        var d = try Driver()
        let started = d.now.wall
        d.press(.leaf)
        let item = try #require(d.item)
        #expect(d.box.state.openSession?.itemID == item)
        #expect(d.records.isEmpty, "nothing is written while a session runs")
        d.press(.knob, after: 60)   // paused 60.1 s in
        #expect(d.box.state.phase.isPaused)
        d.press(.knob, after: 30)   // resumed 30.1 s later
        let left = Self.duration(item) - 60.1
        d.send(.itemFinished(item), after: left - 0.1)
        let s = try #require(d.sessions.first)
        #expect(d.sessions.count == 1)
        #expect(s.itemID == item && s.title == Fixture.title(item) && s.ending == .finished)
        #expect(s.startedAt == started && s.startOffset == 3600 && s.endOffset == 3600)
        #expect(s.endedAt == d.now.wall)
        #expect(abs(s.heardSeconds - Self.duration(item)) < 0.002, "pause not counted: \(s.heardSeconds)")
        #expect(d.box.state.openSession == nil)
        #expect(d.commands.firstIndex(of: .record(.session(s)))! < d.commands.firstIndex(of: .persist)!,
                "the record goes before the save that closes it")
    }

    @Test func skipClosesTheSessionAsSkippedAndOpensTheNext() throws {
        var d = try Driver()
        d.press(.leaf)
        let first = try #require(d.item)
        d.press(.skip, after: 40)
        let second = try #require(d.item)
        #expect(second != first)
        #expect(d.sessions.map(\.itemID) == [first])
        #expect(d.sessions.first?.ending == .skipped)
        #expect(abs((d.sessions.first?.heardSeconds ?? 0) - 40.2) < 0.002, "the leaf acts on its press, skip on its release")
        #expect(d.box.state.openSession?.itemID == second)
    }

    @Test func theLeafToOffEndsTheSessionAsStoppedAfterTheFade() throws {
        var d = try Driver()
        d.press(.leaf)                 // meditation
        d.press(.leaf, after: 20)      // poetry: the meditation is skipped
        let poem = try #require(d.item)
        d.press(.leaf, after: 10)      // off: the poem fades
        #expect(d.sessions.count == 1, "still fading")
        d.send(.timePassed, after: 10)
        #expect(d.sessions.map(\.ending) == [.skipped, .stopped])
        #expect(d.sessions.last?.itemID == poem)
    }

    @Test func aCrashClosesTheOpenSessionAtTheSaveWithTheTimeHeardThen() throws {
        var d = try Driver()
        d.press(.leaf)
        let item = try #require(d.item)
        d.send(.timePassed, after: 100)
        let snapshot = d.box.snapshot(at: d.now)
        #expect(abs((snapshot.openSession?.heard ?? 0) - 100.1) < 0.002)
        // The box is killed; it comes back 5 minutes later.
        var back = try Driver(wall: snapshot.savedAt + 300, restoring: snapshot)
        let crashed = try #require(back.sessions.first)
        #expect(back.sessions.count == 1)
        #expect(crashed.itemID == item && crashed.ending == .crash)
        #expect(crashed.endedAt == snapshot.savedAt)
        #expect(abs(crashed.heardSeconds - 100.1) < 0.002)
        #expect(back.commands.firstIndex(of: .record(.session(crashed)))! < back.commands.firstIndex(of: .persist)!)
        // The item resumes: a new session from now, which a second crash closes once.
        #expect(back.box.state.openSession?.itemID == item)
        #expect(back.box.state.openSession?.startedAt == back.now.wall)
        let key = crashed.key
        back.send(.historyLoaded([.session(crashed)]))
        #expect(back.box.state.history.sessions.map(\.key) == [key], "a record the store has is kept once")
    }

    @Test func aMeditationTimerCutByACrashStaysOneSessionWithTheTimeHeard() throws {
        var d = try Driver()
        d.send(.ownerRequested(.startMeditation))
        #expect(d.box.state.openSession?.itemID == "meditation-timer")
        // Nothing changes while it runs, yet its time heard is saved at the playing interval.
        d.send(.timePassed, after: 20)
        #expect(d.commands.contains(.persist), "the running timer saves its time heard")
        let snapshot = d.box.snapshot(at: d.now)
        #expect(snapshot.openSession?.heard == 20)
        // Killed; back 2 s later: the timer goes on, and so does its one session.
        var back = try Driver(wall: snapshot.savedAt + 2, restoring: snapshot)
        #expect(back.sessions.isEmpty, "no crash record beside it")
        #expect(back.box.state.session?.remaining(at: back.now.uptime) == 578)
        #expect(back.box.state.openSession?.heard == 20 && back.box.state.openSession?.startedAt == snapshot.openSession?.startedAt)
        back.send(.timePassed, after: 578)
        let s = try #require(back.sessions.first)
        #expect(back.sessions.count == 1)
        #expect(s.itemID == "meditation-timer" && s.ending == .finished && s.timerMinutes == 10)
        #expect(abs(s.heardSeconds - 598) < 0.002, "the time heard before the save and after the restart: \(s.heardSeconds)")
    }

    @Test func anImpossibleOpenSessionInTheStateFileIsRejectedAlone() throws {
        var d = try Driver()
        d.press(.leaf)
        d.send(.timePassed, after: 30)
        var snapshot = d.box.snapshot(at: d.now)
        #expect(snapshot.validated().rejected.isEmpty)
        snapshot.openSession?.heard = 10_000
        let (checked, rejected) = snapshot.validated()
        #expect(rejected == ["openSession: heard 10000.0 is not the seconds heard since its start"])
        #expect(checked.openSession == nil && checked.item == snapshot.item)
    }

    @Test func theAlarmsRingSnoozeGreetingAndDismissalAreRecorded() throws {
        let alarm = AlarmSettings(hour: 6, minute: 45)
        var d = try Driver(config: try Fixture.config(alarm: alarm), wall: try utc(2026, 11, 24, 5, 40))
        let planned = try utc(2026, 11, 24, 5, 45)
        d.send(.timePassed, after: 300)
        #expect(d.events.map(\.kind) == [.alarmRang])
        #expect(d.events.first?.planned == planned && d.events.first?.at == planned)
        d.press(.leaf, after: 30)
        #expect(d.events.map(\.kind) == [.alarmRang, .snoozed])
        d.send(.timePassed, after: 9 * 60)
        #expect(d.events.count == 2, "the snooze's return is not another alarm")
        d.send(.buttonPressed(.leaf), after: 5)
        d.send(.buttonHeld(.leaf, seconds: 2), after: 2)
        #expect(d.events.map(\.kind) == [.alarmRang, .snoozed, .dismissed])
        #expect(d.events.last?.at == d.now.wall && d.events.last?.offset == 3600)
    }

    // MARK: Screens

    /// A history of nights from the 1st to the 23rd of November (Berlin), a 20-minute session a
    /// night at 22:30 except the 10th and 11th, and a 2-minute one on the 20th.
    static func history() throws -> [HistoryRecord] {
        var records: [HistoryRecord] = []
        for day in 1...22 where day != 10 && day != 11 {
            let start = try utc(2026, 11, day, 21, 30)
            let heard = day == 20 ? 120.0 : 1200.0
            records.append(.session(SessionRecord(itemID: "med-body-scan", kind: "meditation", title: "Body Scan",
                                                  startedAt: start, startOffset: 3600, endedAt: start + heard,
                                                  endOffset: 3600, heardSeconds: heard,
                                                  ending: day == 22 ? .sleepTimer : .finished)))
        }
        let morning = try utc(2026, 11, 23, 5, 45)
        records.append(.event(NightEvent(kind: .alarmRang, at: morning, offset: 3600, planned: morning)))
        records.append(.event(NightEvent(kind: .snoozed, at: morning + 60, offset: 3600)))
        records.append(.event(NightEvent(kind: .dismissed, at: morning + 7 * 60, offset: 3600)))
        return records
    }

    static func openNights(_ d: inout Driver) {
        d.send(.buttonPressed(.knob), after: 1)
        d.send(.buttonHeld(.knob, seconds: 0.8), after: 0.8)
        d.send(.buttonReleased(.knob), after: 0.1)
        d.send(.knobTurned(detents: 30), after: 0.5)
        d.send(.knobTurned(detents: -2), after: 0.5)
        d.press(.knob, after: 0.5)
    }

    @Test func theNightsRowOpensTheStatisticsThenTheCalendar() throws {
        // The morning of the 23rd (a Monday): tonight is the 22nd's night (a Sunday).
        var d = try Driver(wall: try utc(2026, 11, 23, 7, 0))
        d.send(.historyLoaded(try Self.history()))
        Self.openNights(&d)
        guard case .nightStats(let stats) = d.box.display(at: d.now).screen else {
            Issue.record("not the statistics: \(d.box.display(at: d.now).screen.name)")
            return
        }
        #expect(stats.title == "Nights" && stats.columns == ["Week", "30 d"])
        #expect(stats.rows.map(\.label) == ["Nights", "Minutes", "Sessions", "Streak", "Longest", "Bedtime"])
        // Week: the 16th to the 22nd, the 20th too short. 30 days: the 24th of October to the 22nd.
        // The week's longest run is the one that reaches into it, 8 nights from the 12th to the 19th.
        #expect(stats.rows.map(\.values) == [["6", "19"], ["122", "382"], ["7", "20"], ["2", "2"], ["8", "9"],
                                             ["22:30", "22:30"]])
        // A turn shows all time: every night recorded through tonight.
        d.send(.knobTurned(detents: 1), after: 1)
        guard case .nightStats(let all) = d.box.display(at: d.now).screen else { return }
        #expect(all.columns == ["All time"])
        #expect(all.rows.map(\.values) == [["19"], ["382"], ["20"], ["2"], ["9"], ["22:30"]])
        d.send(.knobTurned(detents: -1), after: 1)
        guard case .nightStats(let back) = d.box.display(at: d.now).screen else { return }
        #expect(back.columns == ["Week", "30 d"])
        // A press: the calendar, its cursor on tonight's night (the 22nd) and its minutes.
        d.press(.knob, after: 1)
        guard case .calendar(let november) = d.box.display(at: d.now).screen else {
            Issue.record("not the calendar")
            return
        }
        #expect(november.title == "Nov 2026" && november.monthName == "November 2026")
        #expect(november.firstWeekday == 7 && november.days == 30)
        #expect(november.marked == Set(1...22).subtracting([10, 11, 20]))
        #expect(november.today == 23 && !november.hasLater && !november.hasEarlier)
        #expect(november.weekdays == ["M", "T", "W", "T", "F", "S", "S"])
        #expect(november.cursor == 22 && november.cursorText == "20 min")
        // The knob moves the cursor a night at a time: the 20th had 2 minutes, the 10th none.
        d.send(.knobTurned(detents: -2), after: 1)
        guard case .calendar(let twentieth) = d.box.display(at: d.now).screen else { return }
        #expect(twentieth.cursor == 20 && twentieth.cursorText == "2 min")
        d.send(.knobTurned(detents: -10), after: 1)
        guard case .calendar(let tenth) = d.box.display(at: d.now).screen else { return }
        #expect(tenth.cursor == 10 && tenth.cursorText == "0 min")
        // Not before the month of the first session, not after tonight.
        d.send(.knobTurned(detents: -40), after: 1)
        guard case .calendar(let still) = d.box.display(at: d.now).screen else { return }
        #expect(still.title == "Nov 2026" && still.cursor == 1, "no month before the first session")
        d.send(.knobTurned(detents: 40), after: 1)
        guard case .calendar(let last) = d.box.display(at: d.now).screen else { return }
        #expect(last.cursor == 22, "not after tonight")
        d.press(.knob, after: 1)
        #expect(d.box.display(at: d.now).screen.name == "nightStats")
        d.send(.buttonPressed(.knob), after: 1)
        d.send(.buttonHeld(.knob, seconds: 0.8), after: 0.8)
        guard case .menu(let menu) = d.box.display(at: d.now).screen else { return }
        #expect(menu.rows[menu.selected].label == "Nights", "holding goes back to the library at its row")
    }

    @Test func theAboutScreenSaysLastNight() throws {
        var d = try Driver(wall: try utc(2026, 11, 23, 7, 0))
        d.send(.historyLoaded(try Self.history()))
        #expect(d.box.lastNightText(at: d.now) == "Body Scan, 22:30 -> asleep by the timer, woke 06:52 after 1 snooze")
        var german = try Fixture.config()
        german.language = .german
        var g = try Driver(config: german, wall: try utc(2026, 11, 23, 7, 0))
        g.send(.historyLoaded(try Self.history()))
        #expect(g.box.lastNightText(at: g.now) == "Body Scan, 22:30 -> eingeschlafen mit Timer, wach 06:52 nach 1 Schlummern")
        // In the evening, last night is still the 22nd's (tonight has nothing yet).
        d.send(.timePassed, after: 14 * 3600)
        #expect(d.box.lastNightText(at: d.now)?.hasPrefix("Body Scan, 22:30") == true)
    }

    @Test func theStatisticsAreSaidAloudWhenMenusAreSpoken() throws {
        var config = try Fixture.config()
        config.menu.speakMenus = true
        var d = try Driver(config: config, wall: try utc(2026, 11, 23, 7, 0))
        d.send(.historyLoaded(try Self.history()))
        Self.openNights(&d)
        #expect(d.commands.contains(.speakMenu(
            "Nights. This week: 6 nights, 122 minutes, 7 sessions, streak 2, longest 8, bedtime 22:30. "
                + "Last 30 days: 19 nights, 382 minutes, 20 sessions, streak 2, longest 9, bedtime 22:30")))
        d.send(.knobTurned(detents: 1), after: 1)
        #expect(d.commands.contains(.speakMenu("All time: 19 nights, 382 minutes, 20 sessions, streak 2, longest 9, bedtime 22:30")))
        d.press(.knob, after: 1)
        #expect(d.commands.contains(.speakMenu("Calendar. November 2026: 19 nights. 22 November: 20 minutes")))
        d.send(.knobTurned(detents: -2), after: 1)
        #expect(d.commands.contains(.speakMenu("20 November: 2 minutes")), "then only the night the cursor reaches")
    }
}

/// The statistics' rules (docs/history.md), from sessions alone.
struct HistoryStatsTests {
    static func session(_ wall: Double, offset: Int = 3600, minutes: Double) -> SessionRecord {
        SessionRecord(itemID: "x", kind: "meditation", title: "X", startedAt: wall, startOffset: offset,
                      endedAt: wall + minutes * 60, endOffset: offset, heardSeconds: minutes * 60, ending: .finished)
    }

    @Test func aNightRunsFromNoonToNoon() throws {
        let late = try utc(2026, 11, 23, 23, 30)   // 00:30 on the 24th in Berlin
        let noon = try utc(2026, 11, 24, 11, 0)    // 12:00 on the 24th: the next night
        #expect(HistoryStats.night(of: late, offset: 3600).iso == "2026-11-23")
        #expect(HistoryStats.night(of: noon - 1, offset: 3600).iso == "2026-11-23")
        #expect(HistoryStats.night(of: noon, offset: 3600).iso == "2026-11-24")
    }

    @Test func aNightAcrossTheChangeToSummerTimeCountsOnce() throws {
        // 28 March 2026, 23:00 CET, and 02:30 CEST after the clocks went forward: one night.
        let before = try utc(2026, 3, 28, 22, 0), after = try utc(2026, 3, 29, 0, 30)
        let stats = HistoryStats(sessions: [Self.session(before, minutes: 10), Self.session(after, offset: 7200, minutes: 10)],
                                 streakMinutes: 5)
        #expect(stats.nights.count == 1)
        #expect(stats.nights.first?.day.iso == "2026-03-28" && stats.nights.first?.sessions == 2)
        #expect(stats.lastDays(7, tonight: CivilDay(year: 2026, month: 3, day: 29)).nights == 1)
    }

    @Test func streaksBedtimesAndTheWeek() throws {
        var sessions: [SessionRecord] = []
        // The 2nd to the 6th (Mon-Fri) at 23:30, the 8th at 00:30 (after midnight), the 9th a
        // 4-minute session only.
        for day in 2...6 { sessions.append(Self.session(try utc(2026, 11, day, 22, 30), minutes: 30)) }
        sessions.append(Self.session(try utc(2026, 11, 8, 23, 30), minutes: 30))
        sessions.append(Self.session(try utc(2026, 11, 9, 21, 0), minutes: 4))
        let stats = HistoryStats(sessions: sessions, streakMinutes: 5)
        let tonight = CivilDay(year: 2026, month: 11, day: 9)
        let month = stats.lastDays(30, tonight: tonight)
        #expect(month.nights == 6 && month.sessions == 7 && month.minutes == 184)
        #expect(month.longestStreak == 5)
        #expect(month.currentStreak == 1, "tonight has none that counts yet: the run up to last night")
        // Five at 23:30 and one at 00:30 average to 23:40, not to noon.
        #expect(month.averageBedtime == 23 * 60 + 40)
        let week = stats.week(tonight: tonight)
        #expect(week.first.iso == "2026-11-09" && week.nights == 0 && week.sessions == 1 && week.averageBedtime == nil)
        #expect(HistoryStats(sessions: sessions, streakMinutes: 3).currentStreak(tonight: tonight) == 2)
    }

    @Test func civilDaysRoundTrip() {
        for (y, m, d) in [(1970, 1, 1), (2026, 2, 28), (2028, 2, 29), (2026, 12, 31), (2100, 3, 1)] {
            let day = CivilDay(year: y, month: m, day: d)
            #expect(day.fields == (y, m, d))
        }
        #expect(CivilDay(year: 2026, month: 11, day: 23).isoWeekday == 1)
        #expect(CivilDay(year: 2026, month: 11, day: 1).isoWeekday == 7)
    }
}
