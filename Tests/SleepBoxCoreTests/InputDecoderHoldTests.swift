import Testing
import SleepBoxCore

/// Held events: a button kept down is reported at its hold threshold, then at each repeat, with
/// how long it has been down (times are written as the decoder adds them: press time + seconds).
@Suite("InputDecoder holds")
struct InputDecoderHoldTests {
    private typealias Timed = InputDecoder.TimedEvent

    private static func held(_ button: Button, _ seconds: Double, since: Double = 0) -> Timed {
        Timed(.buttonHeld(button, seconds: seconds), at: since + seconds)
    }

    @Test func skipIsHeldAtItsThresholdThenAtEachRepeat() {
        var input = InputDecoder()
        #expect(input.timedEdge(.skip, active: true, at: 0) == [Timed(.buttonPressed(.skip), at: 0)])
        #expect(input.nextDeadline == 0.8, "the loop must wake for the threshold")
        #expect(input.timedAdvance(to: 0.79) == [])
        #expect(input.timedAdvance(to: 0.8) == [Self.held(.skip, 0.8)])
        #expect(input.nextDeadline == 0.8 + 0.5)
        // A late wake-up catches up on every repeat, each at its own time.
        #expect(input.timedAdvance(to: 2.0) == [Self.held(.skip, 0.8 + 0.5), Self.held(.skip, 0.8 + 2 * 0.5)])
        #expect(input.nextDeadline == 0.8 + 3 * 0.5)
        // The release after a hold is an ordinary release, and the held events stop.
        #expect(input.timedEdge(.skip, active: false, at: 2.1) == [Timed(.buttonReleased(.skip), at: 2.1)])
        #expect(input.nextDeadline == nil)
        #expect(input.timedAdvance(to: 10) == [])
    }

    @Test func theKnobAndTheLeafAreHeldOnceAndTheTimerRepeatsLikeSkip() {
        var input = InputDecoder()
        _ = input.timedEdge(.knobSwitch, active: true, at: 0)
        _ = input.timedEdge(.leaf, active: true, at: 0)
        _ = input.timedEdge(.timer, active: true, at: 0)
        #expect(input.nextDeadline == 0.8)
        #expect(input.timedAdvance(to: 2.4) == [Self.held(.timer, 0.8), Self.held(.knob, 0.8), Self.held(.timer, 1.3),
                                                Self.held(.timer, 1.8), Self.held(.leaf, 2), Self.held(.timer, 2.3)])
        _ = input.timedEdge(.timer, active: false, at: 2.5)
        #expect(input.timedAdvance(to: 60) == [])
        #expect(input.nextDeadline == nil)
    }

    @Test func aShortPressIsNeverHeld() {
        var input = InputDecoder()
        let edges = InputDecoder.edges(forPress: .knob, at: 1, length: 0.5, bounce: .typical)
        #expect(input.feed(edges) == [Timed(.buttonPressed(.knob), at: 1), Timed(.buttonReleased(.knob), at: 1.5)])
        #expect(input.nextDeadline == nil)
        #expect(input.timedAdvance(to: 10) == [])
    }

    @Test func aReleaseAtTheVeryThresholdComesAfterTheHeldEvent() {
        var input = InputDecoder()
        _ = input.timedEdge(.leaf, active: true, at: 0)
        #expect(input.timedEdge(.leaf, active: false, at: 2) == [Self.held(.leaf, 2), Timed(.buttonReleased(.leaf), at: 2)])
    }

    @Test func aHoldCountsFromTheFirstEdgeOfABouncedPressAndEndsAtTheRelease() {
        var input = InputDecoder()
        let edges = InputDecoder.edges(forPress: .skip, at: 1, length: 1, bounce: .typical)
        #expect(input.feed(edges) == [Timed(.buttonPressed(.skip), at: 1), Self.held(.skip, 0.8, since: 1),
                                      Timed(.buttonReleased(.skip), at: 2)])
        #expect(input.nextDeadline == nil)
        #expect(input.timedAdvance(to: 10) == [])
    }

    @Test func aButtonStillDownInsideTheLockoutIsHeldUntilItsReleaseIsReported() {
        // The contact opens at 0.5 but the press's lock-out hides it until 1.0: the box saw the
        // button down until then, so it is held at 0.8 and released at 1.0.
        var input = InputDecoder(lockout: 1)
        _ = input.timedEdge(.skip, active: true, at: 0)
        #expect(input.timedEdge(.skip, active: false, at: 0.5) == [])
        #expect(input.nextDeadline == 0.8)
        #expect(input.timedAdvance(to: 2) == [Self.held(.skip, 0.8), Timed(.buttonReleased(.skip), at: 1)])
    }

    @Test func aContactOpeningMidHoldIsAReleaseAndThePressAfterItStartsAgain() {
        var input = InputDecoder()
        _ = input.timedEdge(.knobSwitch, active: true, at: 0)
        // A 1 ms opening at 0.5: released at once, pressed again when the lock-out ends.
        #expect(input.timedEdge(.knobSwitch, active: false, at: 0.5) == [Timed(.buttonReleased(.knob), at: 0.5)])
        #expect(input.timedEdge(.knobSwitch, active: true, at: 0.501) == [])
        let again = 0.5 + Debouncer.defaultLockout
        #expect(input.timedAdvance(to: 2) == [Timed(.buttonPressed(.knob), at: again), Self.held(.knob, 0.8, since: again)])
    }

    @Test func aHeldEventDueWithAnotherButtonsEdgeComesFirst() {
        var input = InputDecoder()
        _ = input.timedEdge(.skip, active: true, at: 0)
        #expect(input.timedEdge(.leaf, active: true, at: 0.8) == [Self.held(.skip, 0.8), Timed(.buttonPressed(.leaf), at: 0.8)])
        // And a knob turn made after the next repeat was due: the repeat first.
        let turn = InputDecoder.edges(forTurn: 1, startingAt: 1.4, stepInterval: 0.005)
        #expect(input.feed(turn) == [Self.held(.skip, 0.8 + 0.5), Timed(.knobTurned(detents: 1), at: 1.4 + 3 * 0.005)])
    }

    @Test func aButtonFoundDownAtStartIsNeverHeld() {
        var input = InputDecoder()
        input.synchronize(.skip, active: true)
        #expect(input.nextDeadline == nil)
        #expect(input.timedAdvance(to: 10) == [])
        #expect(input.timedEdge(.skip, active: false, at: 11) == [Timed(.buttonReleased(.skip), at: 11)])
    }

    @Test func newTimingsApplyFromTheNextHeldEvent() {
        var input = InputDecoder()
        _ = input.timedEdge(.skip, active: true, at: 0)
        #expect(input.timedAdvance(to: 0.8) == [Self.held(.skip, 0.8)])
        input.holdTimings = HoldTimings(skip: .init(threshold: 0.8, repeatInterval: 0.25))
        #expect(input.nextDeadline == 0.8 + 0.25)
        #expect(input.timedAdvance(to: 1.1) == [Self.held(.skip, 0.8 + 0.25)])
    }

    @Test func timingsThatAreNotPositiveMakeNoHeldEvents() {
        var input = InputDecoder(holdTimings: HoldTimings(leaf: .init(threshold: 0), skip: .init(threshold: 1, repeatInterval: 0),
                                                          knob: .init(threshold: .nan)))
        for line in [RawLine.leaf, .skip, .knobSwitch] { _ = input.timedEdge(line, active: true, at: 0) }
        #expect(input.timedAdvance(to: 100) == [Self.held(.skip, 1)])
        #expect(input.nextDeadline == nil)
    }

    @Test func timingsComeFromTheConfiguration() {
        var config = BoxConfig()
        config.playback.holdSeconds = 1
        config.playback.seekRepeatSeconds = 0.4
        config.alarmBehaviour.dismissHoldSeconds = 3
        #expect(HoldTimings(config) == HoldTimings(leaf: .init(threshold: 3), skip: .init(threshold: 1, repeatInterval: 0.4),
                                                   timer: .init(threshold: 1, repeatInterval: 0.4), knob: .init(threshold: 1)))
        #expect(HoldTimings.standard == HoldTimings(BoxConfig()))
        #expect(HoldTimings.standard == HoldTimings(leaf: .init(threshold: 2), skip: .init(threshold: 0.8, repeatInterval: 0.5),
                                                    timer: .init(threshold: 0.8, repeatInterval: 0.5), knob: .init(threshold: 0.8)))
        #expect(InputDecoder().holdTimings == .standard)
    }

    @Test func heldEventsHaveShortNamesInTraces() {
        #expect(Event.buttonHeld(.skip, seconds: 0.8).name == "held skip 0.8")
        #expect(Event.buttonHeld(.skip, seconds: 0.8 + 3 * 0.5).name == "held skip 2.3")
        #expect(Event.buttonHeld(.leaf, seconds: 2).name == "held leaf 2.0")
    }
}
