import Testing
import SleepBoxSystem

@Suite struct RetryBackoffTests {
    @Test func doublesToItsCap() {
        let backoff = RetryBackoff(initial: 0.5, maximum: 30)
        #expect((1...9).map { backoff.delay(afterFailures: $0) } == [0.5, 1, 2, 4, 8, 16, 30, 30, 30])
        #expect(RetryBackoff(initial: 1, maximum: 5).delay(afterFailures: 100) == 5)
    }

    @Test func displaySchedule() {
        let backoff = RetryBackoff(initial: 1, maximum: 60)
        #expect((1...8).map { backoff.delay(afterFailures: $0) } == [1, 2, 4, 8, 16, 32, 60, 60])
        #expect(backoff.delay(afterFailures: 0) == 1)
        #expect(backoff.delay(afterFailures: Int.max) == 60)
    }

    @Test func otherFactors() {
        let backoff = RetryBackoff(initial: 1, maximum: 100, factor: 3)
        #expect((1...6).map { backoff.delay(afterFailures: $0) } == [1, 3, 9, 27, 81, 100])
        #expect(RetryBackoff(initial: 2, maximum: 10, factor: 1).delay(afterFailures: Int.max) == 2)
    }

    @Test func boundsAreKeptInOrder() {
        let backoff = RetryBackoff(initial: -1, maximum: -5, factor: 0.5)
        #expect(backoff.initial == 0)
        #expect(backoff.maximum == 0)
        #expect(backoff.factor == 1)
        #expect(backoff.delay(afterFailures: 3) == 0)
        #expect(RetryBackoff(initial: 4, maximum: 1).delay(afterFailures: 2) == 4)
    }
}
