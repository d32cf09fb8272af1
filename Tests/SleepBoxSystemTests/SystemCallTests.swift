import Testing
import SleepBoxSystem
#if canImport(Glibc)
import Glibc
#endif

@Suite struct SystemCallTests {
    /// A call that fails with EINTR `interruptions` times, then returns `result`.
    final class Interrupted {
        var interruptions: Int
        var calls = 0
        init(_ interruptions: Int) { self.interruptions = interruptions }

        func call(failing failure: Int32 = -1, result: Int32 = 7) -> Int32 {
            calls += 1
            if calls <= interruptions {
                errno = EINTR
                return failure
            }
            return result
        }
    }

    @Test func retriesWhileInterrupted() {
        let c = Interrupted(3)
        #expect(SystemCall.retryingEINTR { c.call() } == 7)
        #expect(c.calls == 4)
    }

    @Test func otherFailuresReturnAtOnce() {
        let c = Interrupted(0)
        let result = SystemCall.retryingEINTR { () -> Int32 in
            c.calls += 1
            errno = EAGAIN
            return -1
        }
        #expect(result == -1)
        #expect(c.calls == 1)
        #expect(errno == EAGAIN)
    }

    @Test func aStaleEINTRDoesNotRetryASuccess() {
        errno = EINTR
        var calls = 0
        #expect(SystemCall.retryingEINTR { () -> Int in calls += 1; return 0 } == 0)
        #expect(calls == 1)
    }

    @Test func pointersRetryWhileNilWithEINTR() {
        var calls = 0
        let value: Int? = SystemCall.retryingNilEINTR({
            calls += 1
            if calls < 3 { errno = EINTR; return nil }
            return 42
        })
        #expect(value == 42)
        #expect(calls == 3)

        calls = 0
        let missing: Int? = SystemCall.retryingNilEINTR({ calls += 1; errno = ENOENT; return nil })
        #expect(missing == nil)
        #expect(calls == 1)
    }

    @Test func negatedErrnoRetriesOnMinusEINTR() {
        let c = Interrupted(2)
        #expect(SystemCall.retryingNegatedEINTR({ c.call(failing: -EINTR) }) == 7)
        #expect(c.calls == 3)
        var calls = 0
        #expect(SystemCall.retryingNegatedEINTR({ () -> Int32 in calls += 1; return -EPIPE }) == -EPIPE)
        #expect(calls == 1)
    }
}
