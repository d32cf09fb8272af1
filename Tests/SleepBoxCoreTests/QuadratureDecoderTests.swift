import Testing
import SleepBoxCore

@Suite("QuadratureDecoder")
struct QuadratureDecoderTests {
    /// Feeds (A, B) level pairs, 0/1 for readability, and returns the decoder's answer to each.
    private static func run(_ decoder: inout QuadratureDecoder, _ states: [(Int, Int)]) -> [Int] {
        states.map { decoder.update(a: $0.0 == 1, b: $0.1 == 1) }
    }

    @Test func startsAtRest() {
        let open = QuadratureDecoder()
        #expect(open.rest == .bothInactive)
        #expect(open.a == false && open.b == false)
        #expect(open.isAtRest)
        let closed = QuadratureDecoder(rest: .bothActive)
        #expect(closed.a == true && closed.b == true)
        #expect(closed.isAtRest)
    }

    // Together the two full detents contain all eight valid single-step transitions.
    @Test func clockwiseDetentFromOpenRest() {
        var d = QuadratureDecoder()
        #expect(Self.run(&d, [(1, 0), (1, 1), (0, 1), (0, 0)]) == [0, 0, 0, 1])
        #expect(d.invalidTransitions == 0)
    }

    @Test func counterClockwiseDetentFromOpenRest() {
        var d = QuadratureDecoder()
        #expect(Self.run(&d, [(0, 1), (1, 1), (1, 0), (0, 0)]) == [0, 0, 0, -1])
        #expect(d.invalidTransitions == 0)
    }

    @Test func clockwiseDetentFromClosedRest() {
        var d = QuadratureDecoder(rest: .bothActive)
        #expect(Self.run(&d, [(0, 1), (0, 0), (1, 0), (1, 1)]) == [0, 0, 0, 1])
        #expect(d.invalidTransitions == 0)
    }

    @Test func counterClockwiseDetentFromClosedRest() {
        var d = QuadratureDecoder(rest: .bothActive)
        #expect(Self.run(&d, [(1, 0), (0, 0), (0, 1), (1, 1)]) == [0, 0, 0, -1])
        #expect(d.invalidTransitions == 0)
    }

    @Test func closedRestEncoderIgnoresTheOpenStateAsADetent() {
        var d = QuadratureDecoder(rest: .bothActive)
        // Passing through (0, 0) is mid-detent for this encoder.
        #expect(Self.run(&d, [(0, 1), (0, 0), (0, 1), (1, 1)]) == [0, 0, 0, 0])
    }

    @Test func consecutiveDetentsEachCount() {
        var d = QuadratureDecoder()
        let cw = [(1, 0), (1, 1), (0, 1), (0, 0)]
        let ccw = [(0, 1), (1, 1), (1, 0), (0, 0)]
        let out = Self.run(&d, cw + cw + cw + ccw + ccw)
        #expect(out.filter { $0 != 0 } == [1, 1, 1, -1, -1])
        #expect(out.reduce(0, +) == 1)
    }

    @Test func everyTransitionIsClassified() {
        // Phases in clockwise order.
        let phases: [(Bool, Bool)] = [(false, false), (true, false), (true, true), (false, true)]
        for (i, from) in phases.enumerated() {
            for (j, to) in phases.enumerated() {
                var d = QuadratureDecoder()
                d.synchronize(a: from.0, b: from.1)
                let out = d.update(a: to.0, b: to.1)
                // A single step never completes a detent: from rest it leaves, elsewhere the
                // detent in progress is unknown.
                #expect(out == 0)
                let isInvalid = (j - i + 4) % 4 == 2
                #expect(d.invalidTransitions == (isInvalid ? 1 : 0), "from \(i) to \(j)")
                #expect(d.a == to.0 && d.b == to.1)
            }
        }
    }

    @Test func invalidTransitionIsRejectedAndTheDetentDiscarded() {
        var d = QuadratureDecoder()
        // Rest straight to (1, 1): the (1, 0) or (0, 1) state in between was missed.
        #expect(Self.run(&d, [(1, 1), (0, 1), (0, 0)]) == [0, 0, 0])
        #expect(d.invalidTransitions == 1)
        // The decoder is back in step at rest.
        #expect(Self.run(&d, [(1, 0), (1, 1), (0, 1), (0, 0)]) == [0, 0, 0, 1])
        #expect(d.invalidTransitions == 1)
    }

    @Test func invalidTransitionMidDetentIsNeverAStep() {
        var d = QuadratureDecoder()
        #expect(Self.run(&d, [(1, 0), (0, 1), (0, 0)]) == [0, 0, 0])
        #expect(d.invalidTransitions == 1)
        #expect(Self.run(&d, [(1, 0), (1, 1), (0, 0)]) == [0, 0, 0])
        #expect(d.invalidTransitions == 2)
        #expect(Self.run(&d, [(0, 1), (1, 1), (1, 0), (0, 0)]) == [0, 0, 0, -1])
    }

    @Test func bounceBetweenAdjacentStatesMakesNoSteps() {
        var d = QuadratureDecoder()
        #expect(Self.run(&d, [(1, 0), (0, 0), (1, 0), (0, 0), (0, 1), (0, 0)]) == [0, 0, 0, 0, 0, 0])
        #expect(d.invalidTransitions == 0)
    }

    @Test func bounceOnArrivalAtRestCountsOnce() {
        var d = QuadratureDecoder()
        let out = Self.run(&d, [(1, 0), (1, 1), (0, 1), (0, 0), (0, 1), (0, 0), (0, 1), (0, 0)])
        #expect(out == [0, 0, 0, 1, 0, 0, 0, 0])
    }

    @Test func bounceOnOneContactMidDetent() {
        var d = QuadratureDecoder()
        // B chatters while A is closed, half way through a clockwise detent.
        let out = Self.run(&d, [(1, 0), (1, 1), (1, 0), (1, 1), (1, 0), (1, 1), (0, 1), (0, 0)])
        #expect(out == [0, 0, 0, 0, 0, 0, 0, 1])
        #expect(d.invalidTransitions == 0)
    }

    @Test func halfDetentThenReverseIsNothing() {
        var d = QuadratureDecoder()
        #expect(Self.run(&d, [(1, 0), (1, 1), (1, 0), (0, 0)]) == [0, 0, 0, 0])
        #expect(d.isAtRest)
    }

    @Test func directionChangeMidDetentGivesOnlyTheCompletedDetent() {
        var d = QuadratureDecoder()
        let out = Self.run(&d, [(1, 0), (1, 1), (0, 1), (1, 1), (1, 0), (0, 0), (0, 1), (1, 1), (1, 0), (0, 0)])
        #expect(out == [0, 0, 0, 0, 0, 0, 0, 0, 0, -1])
    }

    @Test func repeatedLevelsChangeNothing() {
        var d = QuadratureDecoder()
        #expect(Self.run(&d, [(0, 0), (1, 0), (1, 0), (1, 1), (1, 1), (0, 1), (0, 0), (0, 0)]) == [0, 0, 0, 0, 0, 0, 1, 0])
        #expect(d.invalidTransitions == 0)
    }

    @Test func startAwayFromRestDiscardsTheFirstPartialDetent() {
        var d = QuadratureDecoder()
        d.synchronize(a: true, b: true)
        #expect(!d.isAtRest)
        #expect(Self.run(&d, [(0, 1), (0, 0)]) == [0, 0])
        #expect(Self.run(&d, [(1, 0), (1, 1), (0, 1), (0, 0)]) == [0, 0, 0, 1])
    }
}
