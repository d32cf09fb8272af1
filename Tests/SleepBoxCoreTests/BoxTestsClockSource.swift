import Foundation
import SleepBoxCore
import Testing

/// The wall clock's source as the runner reports it, the owner setting the clock, and a setting
/// that failed.
@Suite struct BoxTestsClockSource {
    static let alarm = AlarmSettings(hour: 6, minute: 30)

    @Test func anUntrustedClockIsMarkedOnTheIdleScreenUntilAnotherSourceIsReported() throws {
        var t = try BoxTester.started(alarm: Self.alarm)
        #expect(t.state.clockSource == .ntp && t.state.clockTrusted)
        t.send(.clockSourceChanged(.untrusted), after: 1, update: { $0.clockSource = .untrusted }, commands: [])
        #expect(!t.state.clockTrusted)
        #expect(t.screen() == .idle(IdleScreen(greeting: "Ready for sleep?", hour: 22, minute: 30, nextAlarm: "06:30 · in 8 h",
                                                timerRemaining: nil, clockUnset: true)))
        t.send(.clockSourceChanged(.rtc), after: 1, update: { $0.clockSource = .rtc }, commands: [])
        #expect(t.screen() == .idle(IdleScreen(greeting: "Ready for sleep?", hour: 22, minute: 30, nextAlarm: "06:30 · in 8 h",
                                                timerRemaining: nil, clockUnset: false)))
    }

    @Test func theOwnersSettingBecomesASetClockCommandAndNothingElse() throws {
        var t = try BoxTester.started(alarm: Self.alarm)
        t.send(.clockSourceChanged(.untrusted), after: 1, update: { $0.clockSource = .untrusted }, commands: [])
        let wall = try BoxAlarmTests.tuesday0630() - 600
        t.send(.clockSetRequested(wall: wall), after: 1, commands: [.setClock(wall: wall)])
    }

    /// The runner set the clock 8 hours ahead (to 06:20): the source is the owner's, and the alarm
    /// rings at 06:30 of the new time.
    @Test func afterAHandSettingAlarmsFollowTheNewTime() throws {
        var t = try BoxTester.started(alarm: Self.alarm)
        t.send(.clockSourceChanged(.untrusted), after: 1, update: { $0.clockSource = .untrusted }, commands: [])
        let instant = try BoxAlarmTests.tuesday0630()
        let jump = (instant - 600) - t.now.wall
        t.send(.clockSourceChanged(.setByHand), after: 0, wallJump: jump, update: { $0.clockSource = .setByHand }, commands: [])
        t.send(.clockChanged, commands: [])
        #expect(t.box.nextDeadline.wall == instant)
        t.expectRing(at: instant)
    }

    /// Set to 06:40, ten minutes past the alarm: it rings at once, as after any clock change within
    /// the catch-up time.
    @Test func aHandSettingPastTheAlarmRingsItWithinCatchUp() throws {
        var t = try BoxTester.started(alarm: Self.alarm)
        let instant = try BoxAlarmTests.tuesday0630()
        let jump = (instant + 600) - t.now.wall
        t.send(.clockSourceChanged(.setByHand), after: 1, wallJump: jump, update: { [now = t.now] in
            $0.clockSource = .setByHand
            $0.alarmLog.lastHandled = instant
            $0.alarmLog.lastRang = instant
            $0.phase = .ringing(AlarmRing(since: now.uptime + 1, greetingPending: false))
        }, commands: [ringCommand, .persist])
    }

    @Test func aFailedSettingSaysSoAndLeavesTheSourceAsItWas() throws {
        var t = try BoxTester.started(alarm: Self.alarm)
        t.send(.clockSourceChanged(.untrusted), after: 1, update: { $0.clockSource = .untrusted }, commands: [])
        let shown = t.now.uptime + 1
        t.send(.clockSetFailed(reason: "clock_settime CLOCK_REALTIME: Operation not permitted (errno 1)"), after: 1,
               update: { $0.overlay = .message("Clock not set", until: shown + 3) }, commands: [])
        #expect(t.state.clockSource == .untrusted)
        #expect(t.screen() == .message("Clock not set"))
    }
}
