import Testing
@testable import SleepBoxUI

/// The sound-level picture's time axis names each time once.
@Suite struct EnvelopePlotAxisTests {
    @Test func stepsOfSecondsUnderAClockOfMinutesDoNotRepeatALabel() {
        // 90 s from 21:00:00 in steps of 30 s, labelled in hours and minutes.
        let ticks = EnvelopePlot.Panel.axisLabels(range: 0...90, step: 30) { t in
            let minute = Int(t) / 60
            return "21:0\(minute)"
        }
        #expect(ticks.map(\.seconds) == [0, 30, 60, 90])
        #expect(ticks.map(\.label) == ["21:00", nil, "21:01", nil])
    }

    @Test func stepsOfMinutesNameEveryTick() {
        let ticks = EnvelopePlot.Panel.axisLabels(range: 0...180, step: 60) { t in "21:0\(Int(t) / 60)" }
        #expect(ticks.map(\.label) == ["21:00", "21:01", "21:02", "21:03"])
    }
}
