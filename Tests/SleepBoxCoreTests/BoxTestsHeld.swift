import Foundation
import SleepBoxCore
import Testing

/// What a held event means to the box: the input decoder times the hold; the box decides.
@Suite struct BoxHeldTests {
    @Test func skipHeldOnTheIdleScreenWithNoAlarmSaysSo() throws {
        var t = try BoxTester.started()
        // Off: nothing plays, so the hold seeks nothing: on the idle screen it works the next
        // alarm (there is none); once held, the release is not a skip.
        t.edge(.skip, down: true, after: 1, update: { $0.pressed[.skip] = .pending }, commands: [])
        let held = t.at(0.8)
        t.keepInput(for: 1, update: {
            $0.pressed[.skip] = .used
            $0.overlay = .message("No alarm set", until: held.uptime + 3)
        }, commands: [])
        t.edge(.skip, down: false, after: 0.1, update: { $0.pressed[.skip] = nil }, commands: [])
    }

    @Test func aHeldEventShorterThanTheBoxsThresholdMeansNothing() throws {
        var t = try BoxTester.started()
        let item = try t.leafToMeditation(after: 1)
        let started = t.now.uptime - 0.25
        t.send(.buttonPressed(.knob), after: 1, update: { $0.pressed[.knob] = .pending }, commands: [])
        t.send(.buttonHeld(.knob, seconds: 0.5), after: 0.5, commands: [])
        // So the release is still a short press: pause.
        let up = t.at(0.1)
        t.send(.buttonReleased(.knob), after: 0.1, update: {
            $0.pressed[.knob] = nil
            $0.phase = .paused(Playback(item: item, position: up.uptime - started, anchor: up.uptime))
        }, commands: [.pause, .persist])
    }

    @Test func aPressUsedAtOnceIgnoresItsHeldEvents() throws {
        var t = try BoxTester.started()
        let item = try t.leafToMeditation(after: 1)
        let at = t.now.uptime
        // The timer button opens the choice on its release; skip then commits it and is used up.
        t.send(.buttonPressed(.timer), after: 1, update: { $0.pressed[.timer] = .pending }, commands: [])
        t.send(.buttonReleased(.timer), after: 0.1, update: {
            $0.pressed[.timer] = nil
            $0.overlay = .timerChoice(selected: 0, commitAt: at + 1.1 + 3)
        }, commands: [])
        t.send(.buttonPressed(.skip), after: 0.1, update: {
            $0.pressed[.skip] = .used
            $0.overlay = nil
        }, commands: [])
        t.send(.buttonHeld(.skip, seconds: 0.8), after: 0.8, commands: [])
        t.send(.buttonReleased(.skip), after: 0.1, update: { $0.pressed[.skip] = nil }, commands: [])
        #expect(t.state.playback?.item == item)
    }
}
