import Foundation
import SleepBoxCore
import Testing

/// The player both ways: the timer held seeks back 15 s (skip held seeks forward), and "Restart"
/// heads the library menu while an item plays or is paused.
@Suite struct BoxSeekBackTests {
    @Test func timerHeldSeeksBack15SecondsRepeatingAndStopsAtTheStart() throws {
        var t = try BoxTester.started()
        let item = try t.leafToMeditation(after: 1)
        let started = t.now.uptime - 0.25
        // 20 s in (the periodic save falls due on the way).
        t.edge(.timer, down: true, after: 20, update: { $0.pressed[.timer] = .pending }, commands: [.persist])
        let down = t.now.uptime
        let first = down + 0.8 - started - 15
        t.keepInput(for: 0.8, update: {
            $0.pressed[.timer] = .holding
            $0.phase = .playing(Playback(item: item, position: first, anchor: down + 0.8))
            $0.seekMark = SeekMark(seconds: -15, until: down + 0.8 + 1.5)
        }, commands: [.seek(to: first)])
        #expect(first > 6 && first < 7)
        // The next repeat would go before the start: it stops there, and the hold is done.
        t.keepInput(for: 0.5, update: {
            $0.pressed[.timer] = .used
            $0.phase = .playing(Playback(item: item, position: 0, anchor: down + 1.3))
            // The mark adds the second seek (to the start) to the first: "-22 s".
            $0.seekMark = SeekMark(seconds: -15 + Int((-(first + 0.5)).rounded()), until: down + 1.3 + 1.5)
        }, commands: [.seek(to: 0)])
        t.keepInput(for: 2, commands: [])
        // Let go after a hold: no timer choice.
        t.edge(.timer, down: false, after: 0.1, update: { $0.pressed[.timer] = nil }, commands: [])
        #expect(t.state.overlay == nil)
    }

    @Test func aShortTimerPressStillOpensTheChoiceOnRelease() throws {
        var t = try BoxTester.started()
        try t.leafToMeditation(after: 1)
        t.edge(.timer, down: true, after: 1, update: { $0.pressed[.timer] = .pending }, commands: [])
        let up = t.at(0.3)
        t.edge(.timer, down: false, after: 0.3, update: {
            $0.pressed[.timer] = nil
            $0.overlay = .timerChoice(selected: 0, commitAt: up.uptime + 3)
        }, commands: [])
    }

    @Test func timerHeldWhilePausedSeeksBackAndStaysPaused() throws {
        var t = try BoxTester.started()
        let item = try t.leafToMeditation(after: 1)
        let started = t.now.uptime - 0.25
        t.send(.timePassed, after: 14.75, commands: [.persist])
        let pausedAt = t.at(14.1)
        t.tap(.knob, after: 14, holding: 0.1, update: {
            $0.phase = .paused(Playback(item: item, position: pausedAt.uptime - started, anchor: pausedAt.uptime))
        }, commands: [.pause, .persist])
        let position = pausedAt.uptime - started
        t.edge(.timer, down: true, after: 5, update: { $0.pressed[.timer] = .pending }, commands: [])
        let down = t.now.uptime
        t.keepInput(for: 0.8, update: {
            $0.pressed[.timer] = .holding
            $0.phase = .paused(Playback(item: item, position: position - 15, anchor: pausedAt.uptime))
            $0.seekMark = SeekMark(seconds: -15, until: down + 0.8 + 1.5)
        }, commands: [.seek(to: position - 15)])
        t.keepInput(for: 0.5, update: {
            $0.pressed[.timer] = .used
            $0.phase = .paused(Playback(item: item, position: 0, anchor: pausedAt.uptime))
            $0.seekMark = SeekMark(seconds: -15 + Int((-(position - 15)).rounded()), until: down + 1.3 + 1.5)
        }, commands: [.seek(to: 0)])
        #expect(position > 29 && position < 30)
        t.edge(.timer, down: false, after: 0.1, update: { $0.pressed[.timer] = nil }, commands: [])
    }

    /// During a skip's crossfade the item faded to takes over at once and goes back; the one
    /// faded from is gone (the crossfade's end then has nothing left to do).
    @Test func timerHeldDuringACrossfadeGoesBackInTheItemFadedTo() throws {
        var t = try BoxTester.started()
        let first = try t.leafToMeditation(after: 1)
        let started = t.now.uptime - 0.25
        let pick = try t.pick(.meditation, avoiding: first)
        let skipAt = t.at(5.25)
        t.tap(.skip, after: 5, update: {
            $0.progress[first] = ProgressEntry(position: skipAt.uptime - started, duration: Fixture.duration(first),
                                               updated: skipAt.wall)
            $0.phase = .crossfading(from: Playback(item: first, position: skipAt.uptime - started, anchor: skipAt.uptime),
                                    to: Playback(item: pick.item, position: 0, anchor: skipAt.uptime),
                                    since: skipAt.uptime, until: skipAt.uptime + 1.5, reason: .skip)
            $0.lastTitle = Fixture.title(pick.item)
            pick.apply(to: &$0)
        }, commands: [.crossfade(to: pick.item, from: 0, over: 1.5), .persist])
        t.edge(.timer, down: true, after: 0.1, update: { $0.pressed[.timer] = .pending }, commands: [])
        let held = t.now.uptime + 0.8
        // 0.9 s into the new item: back to its start, playing; the crossfade is over.
        t.keepInput(for: 0.8, update: {
            $0.pressed[.timer] = .used
            $0.phase = .playing(Playback(item: pick.item, position: 0, anchor: held))
            $0.seekMark = SeekMark(seconds: -1, until: held + 1.5)
        }, commands: [.seek(to: 0)])
        t.keepInput(for: 1, commands: [])
        #expect(t.state.phase == .playing(Playback(item: pick.item, position: 0, anchor: held)))
    }

    /// Someone awake in the sleep-timer fade: the press brings the sound back at once (as before),
    /// and held, it goes back to what the fade covered.
    @Test func timerHeldInTheSleepTimerFadeBringsTheSoundBackThenGoesBack() throws {
        var t = try BoxTester.started(timerChoices: [1])
        let item = try t.leafToMeditation(after: 1)
        let started = t.now.uptime - 0.25
        let commit = t.setTimer(1)
        let fadeAt = commit.uptime + 60
        let faded = fadeAt - started
        let fadeWall = t.now.wall + (fadeAt - t.now.uptime)
        t.send(.timePassed, at: Moment(uptime: fadeAt, wall: fadeWall), update: {
            $0.timer = nil
            $0.progress[item] = ProgressEntry(position: faded, duration: Fixture.duration(item), updated: fadeWall)
            $0.phase = .fadingOut(Playback(item: item, position: faded, anchor: fadeAt), since: fadeAt, until: fadeAt + 30,
                                  reason: .sleepTimer)
        }, commands: [.rampGain(to: 0, over: 30, curve: .decibelLinear), .persist])
        let down = t.now.uptime + 10
        t.edge(.timer, down: true, after: 10, update: {
            $0.pressed[.timer] = .armed
            $0.phase = .playing(Playback(item: item, position: faded + (down - fadeAt), anchor: down))
            $0.overlay = .message("Timer off", until: down + 1.5)
        }, commands: [.rampGain(to: 1, over: 1, curve: .decibelLinear), .persist])
        let back = faded + (down - fadeAt) + ((down + 0.8) - down) - 15
        t.keepInput(for: 0.8, update: {
            $0.pressed[.timer] = .holding
            $0.phase = .playing(Playback(item: item, position: back, anchor: down + 0.8))
            $0.seekMark = SeekMark(seconds: -15, until: down + 0.8 + 1.5)
        }, commands: [.seek(to: back)])
        // The release after the hold opens no timer choice.
        t.edge(.timer, down: false, after: 0.1, update: { $0.pressed[.timer] = nil }, commands: [])
        #expect(t.state.overlay == .message("Timer off", until: down + 1.5))
    }

    @Test func timerHeldInTheLeafsFadeDoesNothing() throws {
        var t = try BoxTester.started()
        let meditation = try t.leafToMeditation(after: 1)
        let started = t.now.uptime - 0.25
        // The leaf to Poetry (a crossfade), then to Off (a fade).
        let poem = try t.pick(.poetry)
        let entered = t.at(1)
        t.tap(.leaf, after: 1, update: {
            $0.mode = .poetry
            $0.lastMode = .poetry
            $0.progress[meditation] = ProgressEntry(position: entered.uptime - started, duration: Fixture.duration(meditation),
                                                    updated: entered.wall)
            $0.phase = .crossfading(from: Playback(item: meditation, position: entered.uptime - started, anchor: entered.uptime),
                                    to: Playback(item: poem.item, position: 0, anchor: entered.uptime),
                                    since: entered.uptime, until: entered.uptime + 1.5, reason: .modeChange)
            $0.lastTitle = Fixture.title(poem.item)
            poem.apply(to: &$0)
        }, commands: [.crossfade(to: poem.item, from: 0, over: 1.5), .persist])
        t.send(.timePassed, after: 1.5, update: {
            $0.phase = .playing(Playback(item: poem.item, position: 0, anchor: entered.uptime))
        }, commands: [])
        let off = t.at(1)
        t.tap(.leaf, after: 1, update: {
            $0.mode = .off
            $0.progress[poem.item] = ProgressEntry(position: off.uptime - entered.uptime, duration: Fixture.duration(poem.item),
                                                   updated: off.wall)
            $0.phase = .fadingOut(Playback(item: poem.item, position: off.uptime - entered.uptime, anchor: off.uptime),
                                  since: off.uptime, until: off.uptime + 1.5, reason: .stoppedByHand)
        }, commands: [.rampGain(to: 0, over: 1.5, curve: .equalPower), .persist])
        t.edge(.timer, down: true, after: 0.1, update: { $0.pressed[.timer] = .pending }, commands: [])
        t.keepInput(for: 0.8, update: { $0.pressed[.timer] = .holding }, commands: [])
        t.edge(.timer, down: false, after: 0.1, update: { $0.pressed[.timer] = nil }, commands: [])
    }
}

/// "Restart <title>": the first row of the library while an item plays or is paused.
@Suite struct BoxRestartRowTests {
    @Test func restartHeadsTheMenuAndPlaysTheItemFromItsStart() throws {
        var t = try BoxTester.started()
        let item = try t.leafToMeditation(after: 1)
        t.openLibrary(after: 5)
        guard case .menu(let menu) = t.screen() else { Issue.record("no menu"); return }
        #expect(menu.rows.first == MenuRow(kind: .action, label: "Restart \(Fixture.title(item) ?? "")"))
        #expect(menu.rows[1] == MenuRow(kind: .action, label: "Add to favorites"))
        #expect(menu.rows.map(\.label).suffix(4) == ["Timers", "Nights", "Alarms", "Settings"] && menu.rows.count == 13)
        let restart = t.at(0.6)
        t.menuPress(update: {
            $0.overlay = nil
            $0.phase = .playing(Playback(item: item, position: 0, anchor: restart.uptime))
            $0.progress[item] = ProgressEntry(position: 0, duration: Fixture.duration(item), updated: restart.wall)
        }, commands: [.seek(to: 0)])
    }

    @Test func restartWhilePausedPlaysFromTheStart() throws {
        var t = try BoxTester.started()
        let item = try t.leafToMeditation(after: 1)
        let started = t.now.uptime - 0.25
        let paused = t.at(5.1)
        t.tap(.knob, after: 5, holding: 0.1, update: {
            $0.phase = .paused(Playback(item: item, position: paused.uptime - started, anchor: paused.uptime))
        }, commands: [.pause, .persist])
        t.openLibrary()
        let restart = t.at(0.6)
        t.menuPress(update: {
            $0.overlay = nil
            $0.phase = .playing(Playback(item: item, position: 0, anchor: restart.uptime))
            $0.progress[item] = ProgressEntry(position: 0, duration: Fixture.duration(item), updated: restart.wall)
        }, commands: [.seek(to: 0), .resume, .persist])
    }

    @Test func noRestartRowWhenNothingPlays() throws {
        var t = try BoxTester.started()
        t.openLibrary()
        guard case .menu(let menu) = t.screen() else { Issue.record("no menu"); return }
        #expect(menu.rows.first?.label == "Featured tonight")
    }
}
