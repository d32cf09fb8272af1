import Testing
import SleepBoxSystem

@Suite struct SystemClockTests {
    @Test func theMonotonicClockRuns() {
        let first = SystemClock.monotonicSeconds()
        let second = SystemClock.monotonicSeconds()
        #expect(first > 0)
        #expect(second >= first)
    }

    @Test func theRealtimeClockIsAfter2024() {
        // 2024-01-01T00:00:00Z
        #expect(SystemClock.realtimeSeconds() > 1_704_067_200)
    }
}
