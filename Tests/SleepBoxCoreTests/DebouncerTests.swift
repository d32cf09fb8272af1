import Testing
@testable import SleepBoxCore

@Suite("Debouncer")
struct DebouncerTests {
    private typealias Change = Debouncer.Change

    @Test func cleanPressIsReportedAtItsEdges() {
        var d = Debouncer()
        #expect(d.edge(active: true, at: 1.0) == [Change(active: true, time: 1.0)])
        #expect(d.level == true)
        #expect(d.lockoutEnd == 1.0 + 0.005)
        // Nothing is pending, so nothing needs a wake-up.
        #expect(d.nextDeadline == nil)
        #expect(d.advance(to: 1.01) == [])
        #expect(d.lockoutEnd == nil)
        #expect(d.edge(active: false, at: 1.05) == [Change(active: false, time: 1.05)])
        #expect(d.level == false)
        #expect(d.lockoutEnd == 1.05 + 0.005)
        #expect(d.nextDeadline == nil)
    }

    @Test func bouncingPressAndReleaseGiveOnePressAndOneRelease() {
        var d = Debouncer()
        // The first edge and six bounce edges within 3 ms, settling pressed.
        let press: [(Bool, Double)] = [
            (true, 1.0), (false, 1.0004), (true, 1.0009), (false, 1.0013),
            (true, 1.0018), (false, 1.0024), (true, 1.003),
        ]
        var changes: [Change] = []
        for (active, time) in press {
            changes += d.edge(active: active, at: time)
            // A change is pending exactly while the raw level differs from the reported one.
            #expect(d.nextDeadline == (active ? nil : 1.0 + 0.005))
        }
        #expect(changes == [Change(active: true, time: 1.0)])
        #expect(d.advance(to: 1.0 + 0.005) == [])
        #expect(d.lockoutEnd == nil)

        let release: [(Bool, Double)] = [
            (false, 1.05), (true, 1.0503), (false, 1.0508), (true, 1.0514),
            (false, 1.052), (true, 1.0525), (false, 1.053),
        ]
        changes = []
        for (active, time) in release {
            changes += d.edge(active: active, at: time)
        }
        #expect(changes == [Change(active: false, time: 1.05)])
        #expect(d.nextDeadline == nil)
        #expect(d.advance(to: 2.0) == [])
        #expect(d.level == false)
    }

    @Test func shortGlitchIsAPressReleasedAtTheLockoutEnd() {
        var d = Debouncer()
        #expect(d.edge(active: true, at: 2.0) == [Change(active: true, time: 2.0)])
        #expect(d.edge(active: false, at: 2.001) == [])
        #expect(d.level == true)
        #expect(d.nextDeadline == 2.0 + 0.005)
        #expect(d.advance(to: 2.004) == [])
        #expect(d.advance(to: 2.0 + 0.005) == [Change(active: false, time: 2.0 + 0.005)])
        // The reported release starts a new lock-out; nothing is pending in it.
        #expect(d.lockoutEnd == (2.0 + 0.005) + 0.005)
        #expect(d.nextDeadline == nil)
    }

    @Test func pressDuringTheReleaseLockoutIsReportedAtItsEnd() {
        var d = Debouncer()
        _ = d.edge(active: true, at: 2.0)
        _ = d.edge(active: false, at: 2.001)
        #expect(d.advance(to: 2.0 + 0.005) == [Change(active: false, time: 2.0 + 0.005)])
        #expect(d.edge(active: true, at: 2.007) == [])
        let secondEnd = (2.0 + 0.005) + 0.005
        #expect(d.nextDeadline == secondEnd)
        #expect(d.advance(to: 3.0) == [Change(active: true, time: secondEnd)])
        #expect(d.level == true)
    }

    @Test func glitchUndoneInsideTheLockoutLeavesNoTrace() {
        var d = Debouncer()
        _ = d.edge(active: true, at: 1.0)
        // Released and pressed again within the lock-out: still the same press.
        #expect(d.edge(active: false, at: 1.001) == [])
        #expect(d.edge(active: true, at: 1.002) == [])
        #expect(d.nextDeadline == nil)
        #expect(d.advance(to: 1.1) == [])
        #expect(d.level == true)
    }

    @Test func edgeExactlyAtTheLockoutEndCountsAsInsideIt() {
        var d = Debouncer()
        _ = d.edge(active: true, at: 1.0)
        #expect(d.edge(active: false, at: 1.002) == [])
        #expect(d.edge(active: true, at: 1.0 + 0.005) == [])
        #expect(d.nextDeadline == nil)
        #expect(d.advance(to: 1.0 + 0.005) == [])
        #expect(d.lockoutEnd == nil)
        #expect(d.level == true)
    }

    @Test func edgeAfterAMissedDeadlineReportsTheDeadlineFirst() {
        var d = Debouncer()
        _ = d.edge(active: true, at: 1.0)
        _ = d.edge(active: false, at: 1.001)
        // Nobody called advance(to:) at 1.005; the next edge catches up in time order.
        #expect(d.edge(active: true, at: 1.02) == [
            Change(active: false, time: 1.0 + 0.005),
            Change(active: true, time: 1.02),
        ])
        #expect(d.lockoutEnd == 1.02 + 0.005)
    }

    @Test func advancingFarAheadReportsEachPendingChangeOnce() {
        var d = Debouncer()
        _ = d.edge(active: true, at: 1.0)
        _ = d.edge(active: false, at: 1.001)
        #expect(d.advance(to: 100.0) == [Change(active: false, time: 1.0 + 0.005)])
        #expect(d.lockoutEnd == nil)
        #expect(d.advance(to: 200.0) == [])
    }

    @Test func bounceOutlastingTheLockoutConvergesToTheSettledLevel() {
        var d = Debouncer()
        let edges: [(Bool, Double)] = [(true, 0.0), (false, 0.002), (true, 0.004), (false, 0.006), (true, 0.007)]
        var changes: [Change] = []
        for (active, time) in edges {
            changes += d.edge(active: active, at: time)
        }
        changes += d.advance(to: 1.0)
        #expect(changes == [
            Change(active: true, time: 0.0),
            Change(active: false, time: 0.006),
            Change(active: true, time: 0.006 + 0.005),
        ])
        #expect(d.level == true)
    }

    @Test func repeatedLevelIsNotAChange() {
        var d = Debouncer()
        _ = d.edge(active: true, at: 1.0)
        #expect(d.edge(active: true, at: 1.5) == [])
        #expect(d.lockoutEnd == nil)
        #expect(d.edge(active: false, at: 1.6) == [Change(active: false, time: 1.6)])
    }

    @Test func zeroLockoutReportsEveryChange() {
        var d = Debouncer(lockout: 0)
        #expect(d.edge(active: true, at: 1.0) == [Change(active: true, time: 1.0)])
        #expect(d.edge(active: false, at: 1.001) == [Change(active: false, time: 1.001)])
        #expect(d.edge(active: true, at: 1.001) == [])
        #expect(d.nextDeadline == 1.001)
        #expect(d.advance(to: 1.001) == [Change(active: true, time: 1.001)])
        #expect(d.nextDeadline == nil)
    }

    @Test func lockoutIsSanitized() {
        #expect(Debouncer().lockout == 0.005)
        #expect(Debouncer(lockout: 0.01).lockout == 0.01)
        #expect(Debouncer(lockout: -1).lockout == 0)
        #expect(Debouncer(lockout: .nan).lockout == Debouncer.defaultLockout)
        #expect(Debouncer(lockout: .infinity).lockout == Debouncer.defaultLockout)
    }

    @Test func nonFiniteTimesAreIgnored() {
        var d = Debouncer()
        #expect(d.edge(active: true, at: .nan) == [])
        #expect(d.edge(active: true, at: .infinity) == [])
        #expect(d.level == false)
        #expect(d.rawLevel == false)
        #expect(d.lockoutEnd == nil)
        #expect(d.advance(to: .nan) == [])
    }

    @Test func synchronizeSetsTheLevelSilently() {
        var d = Debouncer(initialLevel: false)
        _ = d.edge(active: true, at: 1.0)
        _ = d.edge(active: false, at: 1.001)
        d.synchronize(active: true)
        #expect(d.level == true)
        #expect(d.rawLevel == true)
        #expect(d.lockoutEnd == nil)
        #expect(d.nextDeadline == nil)
        #expect(d.edge(active: false, at: 1.002) == [Change(active: false, time: 1.002)])
    }
}
