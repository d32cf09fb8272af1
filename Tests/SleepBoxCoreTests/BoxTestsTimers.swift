import Foundation
import SleepBoxCore
import Testing

extension BoxTester {
    /// A box like `started()`, with `change` made to its configuration first.
    static func started(configuring change: (inout BoxConfig) -> Void) throws -> BoxTester {
        var config = try Fixture.config()
        change(&config)
        var t = BoxTester(config: config, at: Moment(uptime: 100, wall: try utc(2026, 11, 23, 21, 30)))
        t.start(commands: [.setVolume(percent: 50)])
        return t
    }

    /// The knob held: the library opens at its top.
    mutating func openLibrary(after seconds: Double = 1) {
        send(.buttonPressed(.knob), after: seconds, update: { $0.pressed[.knob] = .pending }, commands: [])
        let held = at(0.8)
        send(.buttonHeld(.knob, seconds: 0.8), after: 0.8, update: {
            $0.pressed[.knob] = .used
            BoxTester.show(BoxTester.menuPage(category: nil, selected: 0), in: &$0, until: held.uptime + 30)
        }, commands: [])
        send(.buttonReleased(.knob), after: 0.2, update: { $0.pressed[.knob] = nil }, commands: [])
    }

    /// Turns the knob in the menu; the menu is then at `position`.
    mutating func menuTurn(_ detents: Int, to position: Page, sourceLocation: SourceLocation = #_sourceLocation) {
        let turned = at(0.5)
        send(.knobTurned(detents: detents), after: 0.5, update: {
            BoxTester.show(BoxTester.turned(position, at: turned.uptime), in: &$0, until: turned.uptime + 30)
        }, commands: [], sourceLocation: sourceLocation)
    }

    /// A short knob press in the menu (acting on its release), with what it does.
    mutating func menuPress(update: (inout BoxState) -> Void, commands: [Command],
                            sourceLocation: SourceLocation = #_sourceLocation) {
        send(.buttonPressed(.knob), after: 0.5, update: { $0.pressed[.knob] = .pending }, commands: [],
             sourceLocation: sourceLocation)
        send(.buttonReleased(.knob), after: 0.1, update: {
            $0.pressed[.knob] = nil
            update(&$0)
        }, commands: commands, sourceLocation: sourceLocation)
    }

    /// A short knob press in the menu that moves it to `position`.
    mutating func menuPress(to position: Page, sourceLocation: SourceLocation = #_sourceLocation) {
        let released = at(0.6)
        menuPress(update: { BoxTester.show(position, in: &$0, until: released.uptime + 30) }, commands: [],
                  sourceLocation: sourceLocation)
    }

    /// From the idle screen (nothing playing): the library, down to Timers, into `entry`.
    mutating func openTimers(_ entry: MenuCategory, timersRow: Int = 7, sourceLocation: SourceLocation = #_sourceLocation) {
        openLibrary()
        menuTurn(timersRow, to: BoxTester.menuPage(category: nil, selected: timersRow), sourceLocation: sourceLocation)
        menuPress(to: BoxTester.menuPage(category: .timers, selected: 1), sourceLocation: sourceLocation)
        let row = [MenuCategory.meditationTimer, .nap, .bedtimeReminder].firstIndex(of: entry).map { $0 + 1 } ?? 1
        if row != 1 { menuTurn(row - 1, to: BoxTester.menuPage(category: .timers, selected: row), sourceLocation: sourceLocation) }
        menuPress(to: BoxTester.menuPage(category: entry, selected: 1), sourceLocation: sourceLocation)
    }
}

/// The meditation timer, the nap and the bedtime reminder (Timers in the library menu).
@Suite struct BoxTimersTests {
    /// 4-7-8 with its pause of 1 s after the out-breath.
    static let pattern = [BreathStep(.inhale, seconds: 4), BreathStep(.hold, seconds: 7), BreathStep(.exhale, seconds: 8),
                          BreathStep(.rest, seconds: 1)]

    @Test func theTimersListShowsItsEntriesAndTheirSettings() throws {
        var t = try BoxTester.started()
        t.openLibrary()
        guard case .menu(let top) = t.screen() else { Issue.record("no menu"); return }
        #expect(top.rows[7] == MenuRow(kind: .category, label: "Timers"), "after the content, before Alarms and Settings")
        t.menuTurn(7, to: BoxTester.menuPage(category: nil, selected: 7))
        t.menuPress(to: BoxTester.menuPage(category: .timers, selected: 1))
        guard case .menu(let timers) = t.screen() else { Issue.record("no menu"); return }
        #expect(timers.title == "Timers")
        #expect(timers.rows == [MenuRow(kind: .back, label: "Back"),
                                MenuRow(kind: .category, label: "Meditation timer", detail: "10 min"),
                                MenuRow(kind: .category, label: "Nap"),
                                MenuRow(kind: .category, label: "Bedtime reminder", detail: "Off")])
        t.menuPress(to: BoxTester.menuPage(category: .meditationTimer, selected: 1))
        guard case .menu(let meditation) = t.screen() else { Issue.record("no menu"); return }
        #expect(meditation.rows == [MenuRow(kind: .back, label: "Back"),
                                    MenuRow(kind: .action, label: "Start", detail: "10 min"),
                                    MenuRow(kind: .setting, label: "Length", detail: "10 min"),
                                    MenuRow(kind: .setting, label: "Sound", detail: "Silence"),
                                    MenuRow(kind: .setting, label: "Breathing", detail: "Off"),
                                    MenuRow(kind: .setting, label: "Bell every", detail: "Off"),
                                    MenuRow(kind: .setting, label: "Bell sound", detail: "Short")])
        // Back goes up to the Timers list, at the entry it came from.
        t.menuTurn(-1, to: BoxTester.menuPage(category: .meditationTimer, selected: 0))
        t.menuPress(to: BoxTester.menuPage(category: .timers, selected: 1))
    }

    /// "Breathing cues" off in Settings silences the guide's tones of a meditation timer already
    /// running from its next step (the circle and the LED go on); on again, they come back at the
    /// next step, with no burst of the ones missed.
    @Test func theBreathingCuesSettingSilencesAndRestoresARunningGuide() throws {
        var t = try BoxTester.started(configuring: { $0.meditation.guide = true })
        t.openTimers(.meditationTimer)
        let start = t.at(0.6)
        let guide = BreathingGuide(pattern: Self.pattern, cycles: 29, startsAt: 5)
        t.menuPress(update: {
            $0.overlay = nil
            $0.session = TimerSession(kind: .meditation, started: start.uptime, length: 600, guide: guide, breathingCues: true)
        }, commands: [.playCue(.meditationBell), .persist])
        t.send(.timePassed, at: start.advanced(by: 5), update: { $0.session?.stepsCued = 1 },
               commands: [.playCue(.breath(BreathStep(.inhale, seconds: 4)))])
        t.send(.settingChanged("playback.breathing_cues", "off"), at: start.advanced(by: 6), update: {
            $0.settings = OwnerSettings(breathingCues: false)
            $0.session?.breathingCues = false
        }, commands: [.persist])
        #expect(t.box.config.breathingCues == false && t.box.config.meditation.breathingCues == false)
        // The hold and the exhale pass in silence.
        t.send(.timePassed, at: start.advanced(by: 9), update: { $0.session?.stepsCued = 2 }, commands: [])
        t.send(.timePassed, at: start.advanced(by: 16), update: { $0.session?.stepsCued = 3 }, commands: [])
        #expect(t.box.breathLight(at: start.advanced(by: 25)), "the LED still follows the breath")
        // The pause (24 s), the second cycle's inhale (25 s) and hold (29 s) pass in silence before
        // the tones are switched on again.
        t.send(.settingChanged("playback.breathing_cues", "on"), at: start.advanced(by: 30), update: {
            $0.settings = OwnerSettings(breathingCues: true)
            $0.session?.breathingCues = true
            $0.session?.stepsCued = 6
        }, commands: [.persist])
        // The next step, its exhale (36 s), sounds; nothing missed comes before it.
        t.send(.timePassed, at: start.advanced(by: 36), update: { $0.session?.stepsCued = 7 },
               commands: [.playCue(.breath(BreathStep(.exhale, seconds: 8)))])
    }

    @Test func theMeditationTimerRingsItsBellsAndEnds() throws {
        var t = try BoxTester.started()
        t.openTimers(.meditationTimer)
        let start = t.at(0.6)
        t.menuPress(update: {
            $0.overlay = nil
            $0.session = TimerSession(kind: .meditation, started: start.uptime, length: 600, breathingCues: true)
        }, commands: [.playCue(.meditationBell), .persist])
        guard case .meditationTimer(let screen) = t.screen(after: 60) else { Issue.record("no timer screen"); return }
        #expect(screen == TimerSessionScreen(title: "Meditation timer", remaining: 540, note: "Silence"))
        // While it runs, its time heard is saved at the playing interval.
        #expect(t.box.nextDeadline.due == Due(uptime: start.uptime + 15, wall: nil))
        #expect(t.box.state.session?.ends == start.uptime + 600)
        // Its end: the closing bell and the completion screen.
        t.send(.timePassed, at: start.advanced(by: 600), update: {
            $0.session = nil
            $0.overlay = .completion(Completion(subject: "Meditation timer", seconds: 600), until: start.uptime + 660)
        }, commands: [.playCue(.closingBell), .persist])
        guard case .completion(let done) = t.screen() else { Issue.record("no completion screen"); return }
        #expect(done == CompletionScreen(title: "Well done", subject: "Meditation timer", lines: ["10 min", "Streak: 1 night"]))
        t.dismissCompletion()
        #expect(t.screen().name == "idle")
    }

    /// Each setting: a press lets the knob move it, the next press takes it (and it is kept);
    /// the menu closing first keeps the old value.
    @Test func theSettingsChangeWithTheKnobAndTheStartUsesThem() throws {
        var t = try BoxTester.started()
        t.openTimers(.meditationTimer)
        // Sound: Silence -> Rain.
        t.menuTurn(2, to: BoxTester.menuPage(category: .meditationTimer, selected: 3))
        t.menuPress(to: BoxTester.menuPage(category: .meditationTimer, selected: 3, editing: .choice(0, count: 6)))
        t.menuTurn(1, to: BoxTester.menuPage(category: .meditationTimer, selected: 3, editing: .choice(1, count: 6)))
        guard case .menu(let editing) = t.screen() else { Issue.record("no menu"); return }
        #expect(editing.rows[3] == MenuRow(kind: .setting, label: "Sound", detail: "< Rain >", isEditing: true))
        let chosen = t.at(0.6)
        t.menuPress(update: {
            BoxTester.show(BoxTester.menuPage(category: .meditationTimer, selected: 3), in: &$0, until: chosen.uptime + 30)
            $0.meditationChoice = MeditationChoice(minutes: 10, sound: "rain", guide: false, bellEveryMinutes: 0)
        }, commands: [.persist])
        // Breathing: on. Bell every: 5 min.
        t.menuTurn(1, to: BoxTester.menuPage(category: .meditationTimer, selected: 4))
        t.menuPress(to: BoxTester.menuPage(category: .meditationTimer, selected: 4, editing: .choice(0, count: 5)))
        t.menuTurn(1, to: BoxTester.menuPage(category: .meditationTimer, selected: 4, editing: .choice(1, count: 5)))
        let guided = t.at(0.6)
        t.menuPress(update: {
            BoxTester.show(BoxTester.menuPage(category: .meditationTimer, selected: 4), in: &$0, until: guided.uptime + 30)
            $0.meditationChoice = MeditationChoice(minutes: 10, sound: "rain", guide: true, bellEveryMinutes: 0)
        }, commands: [.persist])
        t.menuTurn(1, to: BoxTester.menuPage(category: .meditationTimer, selected: 5))
        t.menuPress(to: BoxTester.menuPage(category: .meditationTimer, selected: 5, editing: .choice(0, count: 5)))
        t.menuTurn(1, to: BoxTester.menuPage(category: .meditationTimer, selected: 5, editing: .choice(1, count: 5)))
        let belled = t.at(0.6)
        t.menuPress(update: {
            BoxTester.show(BoxTester.menuPage(category: .meditationTimer, selected: 5), in: &$0, until: belled.uptime + 30)
            $0.meditationChoice = MeditationChoice(minutes: 10, sound: "rain", guide: true, bellEveryMinutes: 5)
        }, commands: [.persist])
        // Length: moved to 20 min, then the menu left alone: it closes, the length stays 10.
        t.menuTurn(-3, to: BoxTester.menuPage(category: .meditationTimer, selected: 2))
        t.menuPress(to: BoxTester.menuPage(category: .meditationTimer, selected: 2, editing: .choice(1, count: 6)))
        t.menuTurn(2, to: BoxTester.menuPage(category: .meditationTimer, selected: 2, editing: .choice(3, count: 6)))
        t.send(.timePassed, after: 30, update: { $0.overlay = nil }, commands: [])
        #expect(t.box.meditationChoice.minutes == 10)

        // Start: the bell, the bed, the guide from 5 s.
        t.openTimers(.meditationTimer)
        let start = t.at(0.6)
        let guide = BreathingGuide(pattern: Self.pattern, cycles: 29, startsAt: 5)
        t.menuPress(update: {
            $0.overlay = nil
            $0.bedPlaying = true
            $0.session = TimerSession(kind: .meditation, started: start.uptime, length: 600, sound: "rain", guide: guide,
                                      breathingCues: true, bellEvery: 300)
        }, commands: [.playCue(.meditationBell), .startBed("rain", level: 0.15), .persist])
        // The breath tones at each step, the LED with the breath, the screen with the circle.
        t.send(.timePassed, at: start.advanced(by: 5), update: { $0.session?.stepsCued = 1 },
               commands: [.playCue(.breath(BreathStep(.inhale, seconds: 4)))])
        #expect(t.box.breathLight(at: start.advanced(by: 6)))
        guard case .meditationTimer(let screen) = t.screen(after: 1) else { Issue.record("no timer screen"); return }
        #expect(screen.breath?.label == "Breathe in" && screen.breath?.secondsLeft == 3 && screen.breath?.cycle == 1)
        #expect(screen.breath?.timerRemaining == 594)
        t.send(.timePassed, at: start.advanced(by: 9), update: { $0.session?.stepsCued = 2 },
               commands: [.playCue(.breath(BreathStep(.hold, seconds: 7)))])
        // The exhale, and the time heard saved (15 s after the start's save).
        t.send(.timePassed, at: start.advanced(by: 16), update: { $0.session?.stepsCued = 3 },
               commands: [.playCue(.breath(BreathStep(.exhale, seconds: 8))), .persist])
        #expect(!t.box.breathLight(at: start.advanced(by: 20)))
        // The pause after the out-breath: 1 s, then the next in-breath.
        #expect(t.box.nextDeadline.due == Due(uptime: start.uptime + 24, wall: nil))
        t.send(.timePassed, at: start.advanced(by: 24), update: { $0.session?.stepsCued = 4 },
               commands: [.playCue(.breath(BreathStep(.rest, seconds: 1)))])
        t.send(.timePassed, at: start.advanced(by: 25), update: { $0.session?.stepsCued = 5 },
               commands: [.playCue(.breath(BreathStep(.inhale, seconds: 4)))])
        // Knob held during the timer: the menu shows the time left on Timers.
        t.leafEndsTheTimer(bed: true)
    }

    @Test func theNapEndsInTheGentleAlarm() throws {
        var t = try BoxTester.started()
        t.openTimers(.nap)
        guard case .menu(let nap) = t.screen() else { Issue.record("no menu"); return }
        #expect(nap.rows.map(\.label) == ["Back", "10 min", "20 min", "30 min"])
        #expect(nap.rows[1].detail == "22:40", "the time it wakes")
        let start = t.at(0.6)
        t.menuPress(update: {
            $0.overlay = nil
            $0.session = TimerSession(kind: .nap, started: start.uptime, length: 600)
        }, commands: [.persist])
        guard case .nap(let screen) = t.screen(after: 60) else { Issue.record("no nap screen"); return }
        #expect(screen == TimerSessionScreen(title: "Nap", remaining: 540, note: "Alarm 22:40"))
        // Its own ramp: from the alarm's start volume to the nap's volume over 120 s.
        t.send(.timePassed, at: start.advanced(by: 600), update: {
            $0.session = nil
            $0.phase = .ringing(AlarmRing(since: start.uptime + 600, greetingPending: false))
        }, commands: [.startAlarm(from: 0.05, to: 0.5, over: 120), .persist])
    }

    /// The sleep timer runs with a meditation; the nap set then takes the box alone: the
    /// meditation stops (its place saved) and the sleep timer goes.
    @Test func aNapSetWhileTheSleepTimerRunsReplacesIt() throws {
        var t = try BoxTester.started()
        let item = try t.leafToMeditation(after: 1)
        let started = t.now.uptime - 0.25
        t.setTimer(1)
        // "Restart <title>" and the favourite's row head the menu now: Timers is two further down.
        t.openTimers(.nap, timersRow: 9)
        let start = t.at(0.6)
        t.menuPress(update: {
            $0.overlay = nil
            $0.mode = .off
            $0.timer = nil
            $0.phase = .idle
            $0.progress[item] = ProgressEntry(position: start.uptime - started, duration: Fixture.duration(item), updated: start.wall)
            $0.session = TimerSession(kind: .nap, started: start.uptime, length: 600)
        }, commands: [.stop, .persist])
    }

    @Test func theAlarmWinsOverTheMeditationTimerAndTheNap() throws {
        var t = try BoxTester.started(alarm: AlarmSettings(hour: 22, minute: 35))
        t.openTimers(.meditationTimer)
        // With a bed: Sound -> Rain.
        t.menuTurn(2, to: BoxTester.menuPage(category: .meditationTimer, selected: 3))
        t.menuPress(to: BoxTester.menuPage(category: .meditationTimer, selected: 3, editing: .choice(0, count: 6)))
        t.menuTurn(1, to: BoxTester.menuPage(category: .meditationTimer, selected: 3, editing: .choice(1, count: 6)))
        let chosen = t.at(0.6)
        t.menuPress(update: {
            BoxTester.show(BoxTester.menuPage(category: .meditationTimer, selected: 3), in: &$0, until: chosen.uptime + 30)
            $0.meditationChoice = MeditationChoice(minutes: 10, sound: "rain", guide: false, bellEveryMinutes: 0)
        }, commands: [.persist])
        t.menuTurn(-2, to: BoxTester.menuPage(category: .meditationTimer, selected: 1))
        let start = t.at(0.6)
        t.menuPress(update: {
            $0.overlay = nil
            $0.bedPlaying = true
            $0.session = TimerSession(kind: .meditation, started: start.uptime, length: 600, sound: "rain", breathingCues: true)
        }, commands: [.playCue(.meditationBell), .startBed("rain", level: 0.15), .persist])
        // 22:35: the alarm rings; the timer ends without its bell, its bed fades.
        let ring = t.atWall(try utc(2026, 11, 23, 21, 35))
        t.send(.timePassed, at: ring, update: {
            $0.session = nil
            $0.bedPlaying = false
            $0.phase = .ringing(AlarmRing(since: ring.uptime, greetingPending: false))
            $0.alarmLog.lastHandled = ring.wall
            $0.alarmLog.lastRang = ring.wall
        }, commands: [.stopBed, .startAlarm(from: 0.05, to: 0.7, over: 60), .persist])
    }

    @Test func theNapEndsWhenTheAlarmRings() throws {
        var t = try BoxTester.started(alarm: AlarmSettings(hour: 22, minute: 35))
        t.openTimers(.nap)
        let start = t.at(0.6)
        t.menuPress(update: {
            $0.overlay = nil
            $0.session = TimerSession(kind: .nap, started: start.uptime, length: 600)
        }, commands: [.persist])
        let ring = t.atWall(try utc(2026, 11, 23, 21, 35))
        t.send(.timePassed, at: ring, update: {
            $0.session = nil
            $0.phase = .ringing(AlarmRing(since: ring.uptime, greetingPending: false))
            $0.alarmLog.lastHandled = ring.wall
            $0.alarmLog.lastRang = ring.wall
        }, commands: [.startAlarm(from: 0.05, to: 0.7, over: 60), .persist])
        // The nap's own end never comes.
        #expect(t.box.nextDeadline.due.uptime == ring.uptime + 30 * 60)
    }

    /// A meditation timer started while a nap runs takes its place (one timer at a time).
    @Test func aMeditationTimerStartedDuringANapReplacesIt() throws {
        var t = try BoxTester.started()
        t.openTimers(.nap)
        let nap = t.at(0.6)
        t.menuPress(update: {
            $0.overlay = nil
            $0.session = TimerSession(kind: .nap, started: nap.uptime, length: 600)
        }, commands: [.persist])
        t.openTimers(.meditationTimer)
        guard case .menu(let timers) = t.box.display(at: t.now).screen else { Issue.record("no menu"); return }
        #expect(timers.title == "Meditation timer")
        let start = t.at(0.6)
        t.menuPress(update: {
            $0.overlay = nil
            $0.session = TimerSession(kind: .meditation, started: start.uptime, length: 600, breathingCues: true)
        }, commands: [.playCue(.meditationBell), .persist])
    }

    @Test func theTimerButtonAndSkipDoNothingDuringATimer() throws {
        var t = try BoxTester.started()
        t.openTimers(.nap)
        let start = t.at(0.6)
        t.menuPress(update: {
            $0.overlay = nil
            $0.session = TimerSession(kind: .nap, started: start.uptime, length: 600)
        }, commands: [.persist])
        t.tap(.timer, after: 1, commands: [])
        t.tap(.skip, after: 1, commands: [])
        #expect(t.state.session?.kind == .nap && t.state.overlay == nil && t.state.phase == .idle)
    }

    // MARK: - Restarts

    static func snapshotDuring(_ entry: MenuCategory, after seconds: Double) throws -> (Snapshot, wall: Double) {
        var t = try BoxTester.started()
        t.openTimers(entry)
        if entry == .meditationTimer {
            t.menuTurn(2, to: BoxTester.menuPage(category: .meditationTimer, selected: 3))
            t.menuPress(to: BoxTester.menuPage(category: .meditationTimer, selected: 3, editing: .choice(0, count: 6)))
            t.menuTurn(2, to: BoxTester.menuPage(category: .meditationTimer, selected: 3, editing: .choice(2, count: 6)))
            let chosen = t.at(0.6)
            t.menuPress(update: {
                BoxTester.show(BoxTester.menuPage(category: .meditationTimer, selected: 3), in: &$0, until: chosen.uptime + 30)
                $0.meditationChoice = MeditationChoice(minutes: 10, sound: "ocean", guide: false, bellEveryMinutes: 0)
            }, commands: [.persist])
            t.menuTurn(-2, to: BoxTester.menuPage(category: .meditationTimer, selected: 1))
            let start = t.at(0.6)
            t.menuPress(update: {
                $0.overlay = nil
                $0.bedPlaying = true
                $0.session = TimerSession(kind: .meditation, started: start.uptime, length: 600, sound: "ocean", breathingCues: true)
            }, commands: [.playCue(.meditationBell), .startBed("ocean", level: 0.15), .persist])
        } else {
            let start = t.at(0.6)
            t.menuPress(update: {
                $0.overlay = nil
                $0.session = TimerSession(kind: .nap, started: start.uptime, length: 600)
            }, commands: [.persist])
        }
        let at = t.at(seconds)
        return (t.box.snapshot(at: at), at.wall)
    }

    @Test func aMeditationTimerGoesOnAfterARestartAndEndsQuietlyIfItRanOutMeanwhile() throws {
        let (snapshot, wall) = try Self.snapshotDuring(.meditationTimer, after: 120)
        let json = try JSONEncoder().encode(snapshot)
        let saved = try JSONDecoder().decode(Snapshot.self, from: json)
        #expect(saved == snapshot)
        // Back 30 s later: 450 s left; the bed comes back, no start bell.
        var box = Box(config: try Fixture.config(), catalog: Fixture.catalog, seed: 1)
        let back = Moment(uptime: 5, wall: wall + 30)
        #expect(box.start(at: back, restoring: saved).withoutRecords == [.setVolume(percent: 50), .startBed("ocean", level: 0.15), .persist])
        #expect(box.state.session == TimerSession(kind: .meditation, started: 5 - 150, length: 600, sound: "ocean",
                                                  breathingCues: true))
        #expect(box.state.meditationChoice?.sound == "ocean")
        // Back after its end: idle, nothing rings.
        var late = Box(config: try Fixture.config(), catalog: Fixture.catalog, seed: 1)
        #expect(late.start(at: Moment(uptime: 5, wall: wall + 600), restoring: saved).withoutRecords == [.setVolume(percent: 50), .persist])
        #expect(late.state.session == nil && late.state.phase == .idle)
    }

    @Test func aNapThatEndedWhileTheBoxWasDownRingsWhenThatWasRecent() throws {
        let (snapshot, wall) = try Self.snapshotDuring(.nap, after: 60)
        var soon = Box(config: try Fixture.config(), catalog: Fixture.catalog, seed: 1)
        #expect(soon.start(at: Moment(uptime: 5, wall: wall + 60), restoring: snapshot).withoutRecords == [.setVolume(percent: 50), .persist])
        #expect(soon.state.session?.remaining(at: 5) == 480)
        // Ended 10 minutes ago: the napper is woken now, with the nap's ramp.
        var recent = Box(config: try Fixture.config(), catalog: Fixture.catalog, seed: 1)
        #expect(recent.start(at: Moment(uptime: 5, wall: wall + 540 + 600), restoring: snapshot).withoutRecords
                == [.setVolume(percent: 50), .startAlarm(from: 0.05, to: 0.5, over: 120), .persist])
        #expect(recent.state.phase == .ringing(AlarmRing(since: 5, greetingPending: false)))
        // Ended two hours ago (past catch_up_minutes): nothing.
        var old = Box(config: try Fixture.config(), catalog: Fixture.catalog, seed: 1)
        #expect(old.start(at: Moment(uptime: 5, wall: wall + 540 + 7200), restoring: snapshot).withoutRecords == [.setVolume(percent: 50), .persist])
        #expect(old.state.phase == .idle && old.state.session == nil)
    }

    @Test func aSnapshotWithAnImpossibleTimerLosesOnlyThat() throws {
        let (snapshot, _) = try Self.snapshotDuring(.nap, after: 60)
        var bad = snapshot
        bad.session?.length = -5
        bad.meditationChoice = MeditationChoice(minutes: 1e9, sound: nil, guide: false, bellEveryMinutes: 0)
        let (checked, rejected) = bad.validated()
        #expect(checked.session == nil && checked.meditationChoice == nil)
        #expect(rejected.count == 2 && rejected[0].hasPrefix("session: length -5"))
    }

    // MARK: - The bedtime reminder

    static func reminderBox(at hour: Int = 22, _ minute: Int = 45) throws -> BoxTester {
        try BoxTester.started(configuring: { $0.reminder.schedule = AlarmSettings(hour: hour, minute: minute, isEnabled: true) })
    }

    @Test func theReminderChimesShowsItsNoteAndComesBackLater() throws {
        var t = try Self.reminderBox()
        let due = t.atWall(try utc(2026, 11, 23, 21, 45))
        #expect(t.box.nextDeadline.due == Due(uptime: nil, wall: due.wall))
        t.send(.timePassed, at: due, update: {
            $0.overlay = .reminder(until: due.uptime + 120)
            $0.reminderLog.repeatsLeft = 2
        }, commands: [.playCue(.bell)])
        #expect(t.screen() == .reminder(ReminderScreen(text: "Time to wind down", hour: 22, minute: 45,
                                                       laterHint: "press: later", skipHint: "hold: skip tonight")))
        // A turn does not take the note away.
        t.send(.knobTurned(detents: 2), after: 1, commands: [])
        // The knob pressed: later (10 minutes).
        let later = t.at(1.1)
        t.send(.buttonPressed(.knob), after: 1, update: { $0.pressed[.knob] = .pending }, commands: [])
        t.send(.buttonReleased(.knob), after: 0.1, update: {
            $0.pressed[.knob] = nil
            // The screen says when the note comes back.
            $0.overlay = .message("Again in 10 min", until: later.uptime + 1.5)
            $0.reminderLog.againAt = later.uptime + 600
        }, commands: [])
        // Back after 10 minutes; left alone for its 2 minutes, it counts as later again.
        let again = later.advanced(by: 600)
        t.send(.timePassed, at: again, update: {
            $0.reminderLog.againAt = nil
            $0.reminderLog.repeatsLeft = 1
            $0.overlay = .reminder(until: again.uptime + 120)
        }, commands: [.playCue(.bell)])
        t.send(.timePassed, at: again.advanced(by: 120), update: {
            $0.overlay = nil
            $0.reminderLog.againAt = again.uptime + 720
        }, commands: [])
        // The third time, the knob held: skip tonight; no more notes.
        let third = again.advanced(by: 720)
        t.send(.timePassed, at: third, update: {
            $0.reminderLog.againAt = nil
            $0.reminderLog.repeatsLeft = 0
            $0.overlay = .reminder(until: third.uptime + 120)
        }, commands: [.playCue(.bell)])
        t.send(.buttonPressed(.knob), after: 1, update: { $0.pressed[.knob] = .pending }, commands: [])
        let held = t.at(0.8)
        t.send(.buttonHeld(.knob, seconds: 0.8), after: 0.8, update: {
            $0.pressed[.knob] = .used
            $0.overlay = .message("Skipped tonight", until: held.uptime + 1.5)
        }, commands: [])
        #expect(t.box.nextDeadline.due.wall == (try utc(2026, 11, 24, 21, 45)))
    }

    @Test func theLeafOnTheNoteStartsTheEveningAndNoNoteComesBack() throws {
        var t = try Self.reminderBox()
        let due = t.atWall(try utc(2026, 11, 23, 21, 45))
        t.send(.timePassed, at: due, update: {
            $0.overlay = .reminder(until: due.uptime + 120)
            $0.reminderLog.repeatsLeft = 2
        }, commands: [.playCue(.bell)])
        let pick = try t.pick(.meditation)
        let at = t.now.uptime + 1
        t.tap(.leaf, after: 1, update: {
            $0.overlay = nil
            $0.reminderLog.repeatsLeft = 0
            $0.mode = .meditation
            $0.lastMode = .meditation
            $0.phase = .playing(Playback(item: pick.item, position: 0, anchor: at))
            $0.lastTitle = Fixture.title(pick.item)
            pick.apply(to: &$0)
        }, commands: [.play(pick.item, from: 0), .persist])
        #expect(t.state.reminderLog.againAt == nil)
    }

    @Test func noReminderWhileSomethingPlaysOrWhenSkippedFromTheMenu() throws {
        var t = try Self.reminderBox(at: 22, 40)
        // Skip tonight from Timers > Bedtime reminder (its fifth row).
        t.openTimers(.bedtimeReminder)
        guard case .menu(let list) = t.screen() else { Issue.record("no menu"); return }
        #expect(list.rows.map(\.label) == ["Back", "Reminder", "Time", "Days", "Skip tonight"])
        #expect(list.rows.map(\.detail) == [nil, "On", "22:40", "Every day", nil])
        t.menuTurn(3, to: BoxTester.menuPage(category: .bedtimeReminder, selected: 4))
        let skipAt = try utc(2026, 11, 23, 21, 40)
        let pressed = t.at(0.6)
        t.menuPress(update: {
            BoxTester.show(BoxTester.menuPage(category: .bedtimeReminder, selected: 4), in: &$0, until: pressed.uptime + 30)
            $0.reminderLog.skipping = skipAt
        }, commands: [.persist])
        t.send(.timePassed, after: 30, update: { $0.overlay = nil }, commands: [])
        t.send(.timePassed, at: t.atWall(skipAt), update: { $0.reminderLog.skipping = nil }, commands: [.persist])
        #expect(t.state.overlay == nil)
        // The next evening, while a meditation plays: no chime either.
        try t.leafToMeditation(after: 60)
        let next = t.atWall(try utc(2026, 11, 24, 21, 40))
        let commands = t.box.nextDeadline
        _ = commands
        var box = t.box
        let out = box.handle(.timePassed, at: next)
        #expect(!out.contains(.playCue(.bell)) && box.state.overlay == nil)
    }

    /// The time is set as every time is (the value picker: the hour, then the minute, round the
    /// clock); the days step through the usual sets; both are kept in the state.
    @Test func theReminderIsSetWithTheKnob() throws {
        var t = try Self.reminderBox(at: 23, 55)
        t.openTimers(.bedtimeReminder)
        t.menuTurn(1, to: BoxTester.menuPage(category: .bedtimeReminder, selected: 2))
        t.menuPress(to: BoxTester.menuPage(category: .bedtimeReminder, selected: 2, editing: .time(hour: 23, minute: 55)))
        t.menuTurn(1, to: BoxTester.menuPage(category: .bedtimeReminder, selected: 2, editing: .time(hour: 0, minute: 55)))
        #expect(t.menu?.rows[2].detail == "[00]:55")
        var minute = ValuePicker.time(hour: 0, minute: 55)
        _ = minute.press()
        t.menuPress(to: BoxTester.menuPage(category: .bedtimeReminder, selected: 2, editing: minute))
        minute.turn(15, at: 0)
        t.menuTurn(15, to: BoxTester.menuPage(category: .bedtimeReminder, selected: 2, editing: minute))
        #expect(t.menu?.rows[2].detail == "00:[10]")
        let set = t.at(0.6)
        t.menuPress(update: {
            BoxTester.show(BoxTester.menuPage(category: .bedtimeReminder, selected: 2), in: &$0, until: set.uptime + 30)
            $0.reminder = AlarmSettings(hour: 0, minute: 10, isEnabled: true)
        }, commands: [.persist])
        t.menuTurn(1, to: BoxTester.menuPage(category: .bedtimeReminder, selected: 3))
        t.menuPress(to: BoxTester.menuPage(category: .bedtimeReminder, selected: 3, editing: .choice(0, count: 4)))
        t.menuTurn(2, to: BoxTester.menuPage(category: .bedtimeReminder, selected: 3, editing: .choice(2, count: 4)))
        guard case .menu(let list) = t.screen() else { Issue.record("no menu"); return }
        #expect(list.rows[3].detail == "< Sun-Thu >")
        let days = t.at(0.6)
        t.menuPress(update: {
            BoxTester.show(BoxTester.menuPage(category: .bedtimeReminder, selected: 3), in: &$0, until: days.uptime + 30)
            $0.reminder = AlarmSettings(hour: 0, minute: 10, weekdays: [1, 2, 3, 4, 5], isEnabled: true)
        }, commands: [.persist])
        // A reload of the configuration does not undo it.
        var config = t.config
        config.reminder.schedule.hour = 21
        var box = t.box
        box.reconfigure(config)
        #expect(box.reminderSchedule == AlarmSettings(hour: 0, minute: 10, weekdays: [1, 2, 3, 4, 5], isEnabled: true))
    }
}

extension BoxTester {
    /// The leaf during a meditation timer ends it (and starts nothing).
    mutating func leafEndsTheTimer(bed: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        let at = now.uptime + 1
        tap(.leaf, after: 1, update: {
            $0.session = nil
            if bed { $0.bedPlaying = false }
            $0.overlay = .message("Meditation ended", until: at + 1.5)
        }, commands: (bed ? [.stopBed] : []) + [.persist], sourceLocation: sourceLocation)
        #expect(state.mode == .off && state.phase == .idle, sourceLocation: sourceLocation)
    }
}
