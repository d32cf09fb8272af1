import Glibc
import SleepBoxCore
import Testing
@testable import SleepBoxHardware

@Suite struct GPIOEdgeTests {
    private func stamp(_ seconds: Int, _ nanoseconds: Int) -> timespec {
        timespec(tv_sec: seconds, tv_nsec: nanoseconds)
    }

    @Test func risingIsActiveFallingIsInactive() throws {
        let pressed = try #require(GPIOEdge.edge(.leaf, eventType: GPIOEdge.risingEdge, timestamp: stamp(12, 500_000_000)))
        #expect(pressed.0 == .leaf)
        #expect(pressed.1 == true)
        #expect(pressed.2 == 12.5)
        let released = try #require(GPIOEdge.edge(.knobB, eventType: GPIOEdge.fallingEdge, timestamp: stamp(3, 1)))
        #expect(released.0 == .knobB)
        #expect(released.1 == false)
        #expect(released.2 == 3.000000001)
    }

    @Test func theEventTypesAreLibgpiodsNumbers() {
        #expect(GPIOEdge.risingEdge == 1)
        #expect(GPIOEdge.fallingEdge == 2)
    }

    @Test func unknownTypesAndBadStampsGiveNoEdge() {
        #expect(GPIOEdge.edge(.leaf, eventType: 0, timestamp: stamp(1, 0)) == nil)
        #expect(GPIOEdge.edge(.leaf, eventType: 3, timestamp: stamp(1, 0)) == nil)
        #expect(GPIOEdge.edge(.leaf, eventType: GPIOEdge.risingEdge, timestamp: stamp(1, 1_000_000_000)) == nil)
        #expect(GPIOEdge.edge(.leaf, eventType: GPIOEdge.risingEdge, timestamp: stamp(1, -1)) == nil)
        #expect(GPIOEdge.edge(.leaf, eventType: GPIOEdge.risingEdge, timestamp: stamp(-1, 0)) == nil)
    }

    @Test func secondsKeepMicrosecondsForYearsOfUptime() throws {
        #expect(GPIOEdge.seconds(stamp(0, 0)) == 0)
        #expect(GPIOEdge.seconds(stamp(0, 999_999_999)) == 0.999999999)
        // A month of uptime: nanoseconds still exact.
        let month = try #require(GPIOEdge.seconds(stamp(2_592_000, 123_456_789)))
        #expect(abs(month - 2_592_000.123456789) < 1e-9)
        // Thirty years: well within a microsecond.
        let years = try #require(GPIOEdge.seconds(stamp(946_080_000, 123_456_000)))
        #expect(abs(years - 946_080_000.123456) < 1e-6)
    }

    @Test func monotonicStampsAreNotAhead() {
        #expect(GPIOEdge.isMonotonic(eventTime: 100, monotonicNow: 100.2))
        #expect(GPIOEdge.isMonotonic(eventTime: 100.5, monotonicNow: 100))
        // A CLOCK_REALTIME stamp (a pre-5.7 kernel) is decades ahead of the time since boot.
        #expect(!GPIOEdge.isMonotonic(eventTime: 1_763_800_000, monotonicNow: 5_000))
    }

    @Test func edgesOfSeveralLinesAreMergedByTime() {
        let merged = GPIOEdge.timeOrdered([
            (.leaf, true, 2.0), (.leaf, false, 5.0), (.knobA, true, 1.0), (.knobB, true, 2.0), (.skip, true, 5.0),
        ])
        #expect(merged.map(\.0) == [.knobA, .leaf, .knobB, .leaf, .skip])
        #expect(merged.map(\.2) == [1, 2, 2, 5, 5])
    }

    @Test func convertedEventsDriveTheInputDecoder() {
        // A bouncing press of leaf and one detent clockwise, as the kernel would report them.
        let events: [(RawLine, Int32, timespec)] = [
            (.leaf, GPIOEdge.risingEdge, stamp(10, 0)),
            (.leaf, GPIOEdge.fallingEdge, stamp(10, 400_000)),
            (.leaf, GPIOEdge.risingEdge, stamp(10, 900_000)),
            (.knobA, GPIOEdge.risingEdge, stamp(11, 0)),
            (.knobB, GPIOEdge.risingEdge, stamp(11, 2_000_000)),
            (.knobA, GPIOEdge.fallingEdge, stamp(11, 4_000_000)),
            (.knobB, GPIOEdge.fallingEdge, stamp(11, 6_000_000)),
            (.leaf, GPIOEdge.fallingEdge, stamp(12, 0)),
        ]
        let edges = GPIOEdge.timeOrdered(events.compactMap { GPIOEdge.edge($0.0, eventType: $0.1, timestamp: $0.2) })
        var decoder = InputDecoder()
        let timed = decoder.feed(edges) + decoder.timedAdvance(to: 13)
        #expect(timed.map(\.event) == [.buttonPressed(.leaf), .knobTurned(detents: 1), .buttonHeld(.leaf, seconds: 2),
                                        .buttonReleased(.leaf)])
        let expected = [10, 11.006, 12, 12]
        #expect(timed.count == expected.count)
        for (event, time) in zip(timed, expected) {
            #expect(abs(event.time - time) < 1e-9)
        }
    }
}
