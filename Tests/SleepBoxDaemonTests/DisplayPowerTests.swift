import Testing
@testable import SleepBoxDaemon
@testable import SleepBoxRunner

/// The screen goes dark after the timeout and wakes with any input; it stays lit while the alarm rings.
@Suite struct DisplayPowerTests {
    @Test func darkAfterTheTimeoutAndLitAgainByInput() {
        var p = DisplayPower(timeout: 60, startUptime: 100)
        #expect(p.isOn(at: 159.9, alarmActive: false))
        #expect(!p.isOn(at: 160, alarmActive: false))
        #expect(p.nextChange(after: 120, alarmActive: false) == 160)
        #expect(p.nextChange(after: 161, alarmActive: false) == nil)
        p.inputHappened(at: 200)
        #expect(p.isOn(at: 259, alarmActive: false))
        #expect(p.nextChange(after: 200, alarmActive: false) == 260)
    }

    @Test func theAlarmKeepsItLit() {
        let p = DisplayPower(timeout: 60, startUptime: 0)
        #expect(p.isOn(at: 1_000, alarmActive: true))
        #expect(p.nextChange(after: 10, alarmActive: true) == nil)
    }

    @Test func noTimeoutMeansAlwaysOn() {
        #expect(DisplayPower(timeout: 0, startUptime: 0).isOn(at: 1e6, alarmActive: false))
        #expect(DisplayPower(timeout: nil, startUptime: 0).nextChange(after: 5, alarmActive: false) == nil)
    }
}
