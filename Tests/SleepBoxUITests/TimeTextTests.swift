import Testing
@testable import SleepBoxUI

@Suite struct TimeTextTests {
    @Test func clock() {
        #expect(TimeText.clock(hour: 6, minute: 5) == "06:05")
        #expect(TimeText.clock(hour: 23, minute: 59) == "23:59")
        #expect(TimeText.clock(hour: 24, minute: 60) == "00:00")
        #expect(TimeText.clock(hour: -1, minute: -1) == "23:59")
    }

    @Test func playerTimes() {
        #expect(TimeText.elapsed(30) == "0:30")
        #expect(TimeText.elapsed(185.9) == "3:05")
        #expect(TimeText.elapsed(3725) == "1:02:05")
        #expect(TimeText.remaining(89.2) == "1:30")
        #expect(TimeText.remaining(0) == "0:00")
    }

    @Test func countdownKeepsMinutesPastAnHour() {
        #expect(TimeText.countdown(5400) == "90:00")
        #expect(TimeText.countdown(2700) == "45:00")
        #expect(TimeText.countdown(0.4) == "00:01")
        #expect(TimeText.countdown(59) == "00:59")
    }

    @Test func badInputsNeverTrap() {
        for value in [Double.nan, .infinity, -.infinity, -5, .greatestFiniteMagnitude] {
            _ = TimeText.elapsed(value)
            _ = TimeText.remaining(value)
            _ = TimeText.countdown(value)
        }
        #expect(TimeText.elapsed(.nan) == "0:00")
        #expect(TimeText.countdown(-3) == "00:00")
        #expect(TimeText.elapsed(.greatestFiniteMagnitude) == "99:59:59")
    }
}
