import Foundation
import Testing
@testable import SleepBoxDaemon
@testable import SleepBoxSystem

/// Rendering ahead runs at idle priority on its own thread; the thread that starts it keeps its own.
@Suite struct ThreadPriorityTests {
    final class Result: @unchecked Sendable {
        var outcome: ThreadPriority.Outcome?
        var idleAfter = false
    }

    @Test func onlyTheLoweredThreadGoesIdle() {
        let result = Result()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            result.outcome = ThreadPriority.lowerToIdle()
            result.idleAfter = ThreadPriority.isIdle
            done.signal()
        }
        thread.start()
        done.wait()
        // Linux lets any thread lower itself to SCHED_IDLE; nice 19 is the fallback where a
        // filter forbids it.
        #expect(result.outcome == .schedIdle || result.outcome == .nice19)
        #expect(result.idleAfter == (result.outcome == .schedIdle))
        #expect(!ThreadPriority.isIdle)
    }
}
