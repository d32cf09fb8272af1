import Foundation
import SleepBoxCore
import Testing

/// A whole night, driven the way the daemon drives the box: woken at each `nextDeadline`, told
/// when an item has played to its end and when the greeting has been spoken.
@Suite struct BoxNightTests {
    @Test(arguments: UInt64(1)...4)
    func aWholeNightWithAThirtyMinuteTimerAndTheMorningAlarm(seed: UInt64) throws {
        var t = try BoxTester.started(alarm: AlarmSettings(hour: 6, minute: 30), continueWithNext: true, seed: seed)
        try t.leafToMeditation(after: 10)
        let open = t.now.uptime + 2
        t.tap(.timer, after: 2, update: { $0.overlay = .timerChoice(selected: 0, commitAt: open + 3.25) }, commands: [])
        let turn = t.now.uptime + 0.5
        t.send(.knobTurned(detents: 2), after: 0.5, update: { $0.overlay = .timerChoice(selected: 2, commitAt: turn + 3) }, commands: [])
        // No more input: it commits itself 3 s later.
        let commit = Moment(uptime: turn + 3, wall: t.now.wall + 3)
        t.send(.timePassed, at: commit, update: {
            $0.overlay = nil
            $0.timerPreference = .minutes(30)
            $0.timer = SleepTimer(choice: .minutes(30), deadline: commit.uptime + 1800, length: 1800)
        }, commands: [.persist])
        let deadline = commit.uptime + 1800

        var night = NightDriver(box: t.box, now: t.now)
        night.run(untilWall: commit.wall + 1800 + 31)
        let evening = night.commands

        // The fade starts exactly at 30:00 and the stop comes exactly 30 s later.
        let fades = evening.filter { if case .rampGain = $0.command { return true }; return false }
        #expect(fades.map(\.command) == [.rampGain(to: 0, over: 30, curve: .decibelLinear)])
        #expect(fades.map(\.at.uptime) == [deadline])
        let stops = evening.filter { $0.command == .stop }
        #expect(stops.map(\.at.uptime) == [deadline + 30])
        #expect(night.box.state.phase == .idle)
        #expect(night.box.state.contentCompleted)
        #expect(night.box.state.timer == nil)
        #expect(night.box.state.mode == .meditation)
        let lastTitle = try #require(night.box.state.lastTitle)

        // Items followed each other (continue_with_next) until the timer, never after it.
        let starts = evening.filter { if case .play = $0.command { return true }; return false }
        #expect(starts.count >= 1) // besides the first, started by the leaf
        #expect(starts.allSatisfy { $0.at.uptime < deadline })
        // While sound played, a save at least every 15 s.
        let saves = ([t.state.lastPersistUptime] + evening.filter { $0.command == .persist }.map(\.at.uptime)).filter { $0 <= deadline + 30 }
        for i in 1..<saves.count { #expect(saves[i] - saves[i - 1] <= 15 + 1e-9) }

        // The morning: the alarm rings once, the greeting 5 s after.
        let alarm = try utc(2026, 11, 24, 5, 30)
        night.run(untilWall: try utc(2026, 11, 24, 9, 0))
        let morning = night.commands.dropFirst(evening.count)
        let rings = morning.filter { $0.command == ringCommand }
        #expect(rings.map(\.at.wall) == [alarm])
        let ringAt = try #require(rings.first?.at.uptime)
        let speech = morning.filter { if case .speak = $0.command { return true }; return false }
        #expect(speech.map(\.command) == [.speak("Good morning. It is six thirty on Tuesday. Last night you fell asleep to \(lastTitle).")])
        #expect(speech.map(\.at.uptime) == [ringAt + 5])
        let ducks = morning.filter { if case .duckAlarm = $0.command { return true }; return false }
        #expect(ducks.map(\.command) == [.duckAlarm(to: 0.25, over: 1), .duckAlarm(to: 1, over: 1)])
        #expect(ducks.map(\.at.uptime) == [ringAt + 5, ringAt + 5 + night.speechSeconds])
        let silences = morning.filter { $0.command == .stopAlarm }
        #expect(silences.map(\.at.uptime) == [ringAt + 1800])
        #expect(night.box.state.phase == .idle)
        #expect(night.box.state.contentCompleted == false)
        #expect(morning.allSatisfy { if case .play = $0.command { return false }; return true })
    }
}
