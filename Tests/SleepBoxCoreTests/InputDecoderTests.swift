import Testing
@testable import SleepBoxCore

@Suite("InputDecoder")
struct InputDecoderTests {
    private typealias Timed = InputDecoder.TimedEvent

    /// An edge tuple in a comparable form.
    private struct EdgeRecord: Equatable, CustomStringConvertible {
        var line: RawLine
        var active: Bool
        var time: Double
        var description: String { "\(line.rawValue) \(active) @\(time)" }
    }

    private static func records(_ edges: [(RawLine, Bool, Double)]) -> [EdgeRecord] {
        edges.map { EdgeRecord(line: $0.0, active: $0.1, time: $0.2) }
    }

    private static func turns(_ events: [Event]) -> [Int] {
        events.compactMap { event in
            if case .knobTurned(let detents) = event { return detents }
            return nil
        }
    }

    // MARK: Lines

    @Test func rawLinesMapToButtons() {
        #expect(RawLine.allCases.map(\.rawValue) == ["leaf", "skip", "timer", "knobSwitch", "knobA", "knobB"])
        #expect(RawLine.leaf.button == .leaf)
        #expect(RawLine.skip.button == .skip)
        #expect(RawLine.timer.button == .timer)
        #expect(RawLine.knobSwitch.button == .knob)
        #expect(RawLine.knobA.button == nil)
        #expect(RawLine.knobB.button == nil)
        for button in Button.allCases {
            #expect(RawLine(button).button == button)
        }
    }

    // MARK: Buttons

    @Test(arguments: Button.allCases)
    func cleanPressOfEachButton(button: Button) {
        var input = InputDecoder()
        let edges = InputDecoder.edges(forPress: button, at: 1.0, length: 0.05)
        #expect(input.feed(edges) == [Timed(.buttonPressed(button), at: 1.0), Timed(.buttonReleased(button), at: 1.05)])
        #expect(input.nextDeadline == nil)
        #expect(input.advance(to: 2.0) == [])
    }

    @Test func bouncedPressFromTheHelperIsOnePressAndOneRelease() {
        var input = InputDecoder()
        let edges = InputDecoder.edges(forPress: .leaf, at: 1.0, length: 0.05, bounce: .typical)
        #expect(edges.count == 14)
        #expect(input.feed(edges) == [Timed(.buttonPressed(.leaf), at: 1.0), Timed(.buttonReleased(.leaf), at: 1.05)])
        #expect(input.advance(to: 2.0) == [])
    }

    @Test func glitchThroughTheEdgeAPI() {
        var input = InputDecoder()
        #expect(input.edge(.timer, active: true, at: 3.0) == [.buttonPressed(.timer)])
        #expect(input.edge(.timer, active: false, at: 3.001) == [])
        #expect(input.nextDeadline == 3.0 + 0.005)
        #expect(input.advance(to: 3.004) == [])
        #expect(input.timedAdvance(to: 3.0 + 0.005) == [Timed(.buttonReleased(.timer), at: 3.0 + 0.005)])
        #expect(input.nextDeadline == nil)
    }

    @Test func knobSwitchIsTheKnobButton() {
        var input = InputDecoder()
        #expect(input.edge(.knobSwitch, active: true, at: 1.0) == [.buttonPressed(.knob)])
        #expect(input.edge(.knobSwitch, active: false, at: 1.2) == [.buttonReleased(.knob)])
    }

    @Test func lockoutIsPassedToEveryButton() {
        let input = InputDecoder(lockout: 0.02)
        for button in Button.allCases {
            #expect(input.debouncer(for: button).lockout == 0.02)
        }
    }

    @Test func nextDeadlineIsTheEarliestPendingLockoutEnd() {
        var input = InputDecoder()
        _ = input.edge(.skip, active: true, at: 1.0)
        _ = input.edge(.leaf, active: true, at: 1.002)
        _ = input.edge(.leaf, active: false, at: 1.003)
        #expect(input.nextDeadline == 1.002 + 0.005)
        _ = input.edge(.skip, active: false, at: 1.004)
        #expect(input.nextDeadline == 1.0 + 0.005)
        #expect(input.timedAdvance(to: 1.1) == [
            Timed(.buttonReleased(.skip), at: 1.0 + 0.005),
            Timed(.buttonReleased(.leaf), at: 1.002 + 0.005),
        ])
        #expect(input.nextDeadline == nil)
    }

    @Test func pendingChangeOfOneLineComesBeforeALaterEdgeOfAnother() {
        var input = InputDecoder()
        _ = input.edge(.leaf, active: true, at: 1.0)
        _ = input.edge(.leaf, active: false, at: 1.001)
        // The daemon did not wake for 1.005; the next edge, on another line, catches up first.
        #expect(input.timedEdge(.skip, active: true, at: 1.01) == [
            Timed(.buttonReleased(.leaf), at: 1.0 + 0.005),
            Timed(.buttonPressed(.skip), at: 1.01),
        ])
        _ = input.edge(.leaf, active: true, at: 1.02)
        _ = input.edge(.leaf, active: false, at: 1.021)
        let turn = InputDecoder.edges(forTurn: 1, startingAt: 1.03, stepInterval: 0.001)
        #expect(input.feed(turn) == [
            Timed(.buttonReleased(.leaf), at: 1.02 + 0.005),
            Timed(.knobTurned(detents: 1), at: 1.03 + 3 * 0.001),
        ])
    }

    @Test func nonFiniteTimesAreIgnored() {
        var input = InputDecoder()
        #expect(input.edge(.leaf, active: true, at: .nan) == [])
        #expect(input.edge(.knobA, active: true, at: .infinity) == [])
        #expect(input.encoder.a == false)
        #expect(input.debouncer(for: .leaf).level == false)
    }

    @Test func synchronizeSetsLevelsSilently() {
        var input = InputDecoder()
        input.synchronize(.timer, active: true)
        #expect(input.debouncer(for: .timer).level == true)
        #expect(input.edge(.timer, active: false, at: 1.0) == [.buttonReleased(.timer)])
        // The knob starts half way through a detent: that detent is not counted.
        input.synchronize(.knobA, active: true)
        #expect(input.encoder.a == true && input.encoder.b == false)
        #expect(input.edge(.knobA, active: false, at: 2.0) == [])
        #expect(input.feed(InputDecoder.edges(forTurn: 1, startingAt: 3.0, stepInterval: 0.001)).map(\.event)
            == [.knobTurned(detents: 1)])
    }

    // MARK: Edge helpers

    @Test func pressHelperMakesTheBounceTrain() {
        let interval = 1.0 / 1024
        let edges = InputDecoder.edges(forPress: .skip, at: 1.0, length: 0.0625,
                                       bounce: InputDecoder.Bounce(chatters: 1, interval: interval))
        #expect(Self.records(edges) == [
            EdgeRecord(line: .skip, active: true, time: 1.0),
            EdgeRecord(line: .skip, active: false, time: 1.0 + interval),
            EdgeRecord(line: .skip, active: true, time: 1.0 + 2 * interval),
            EdgeRecord(line: .skip, active: false, time: 1.0625),
            EdgeRecord(line: .skip, active: true, time: 1.0625 + interval),
            EdgeRecord(line: .skip, active: false, time: 1.0625 + 2 * interval),
        ])
        #expect(Self.records(InputDecoder.edges(forPress: .knob, at: 0.5, length: 0.25)) == [
            EdgeRecord(line: .knobSwitch, active: true, time: 0.5),
            EdgeRecord(line: .knobSwitch, active: false, time: 0.75),
        ])
        #expect(InputDecoder.Bounce.typical == InputDecoder.Bounce(chatters: 3, interval: 0.0005))
    }

    @Test func turnHelperMakesTheQuadratureSequence() {
        #expect(Self.records(InputDecoder.edges(forTurn: 1, startingAt: 0, stepInterval: 0.25)) == [
            EdgeRecord(line: .knobA, active: true, time: 0),
            EdgeRecord(line: .knobB, active: true, time: 0.25),
            EdgeRecord(line: .knobA, active: false, time: 0.5),
            EdgeRecord(line: .knobB, active: false, time: 0.75),
        ])
        #expect(Self.records(InputDecoder.edges(forTurn: -1, startingAt: 0, stepInterval: 0.25)) == [
            EdgeRecord(line: .knobB, active: true, time: 0),
            EdgeRecord(line: .knobA, active: true, time: 0.25),
            EdgeRecord(line: .knobB, active: false, time: 0.5),
            EdgeRecord(line: .knobA, active: false, time: 0.75),
        ])
        #expect(Self.records(InputDecoder.edges(forTurn: 1, startingAt: 0, stepInterval: 0.25, rest: .bothActive)) == [
            EdgeRecord(line: .knobA, active: false, time: 0),
            EdgeRecord(line: .knobB, active: false, time: 0.25),
            EdgeRecord(line: .knobA, active: true, time: 0.5),
            EdgeRecord(line: .knobB, active: true, time: 0.75),
        ])
        #expect(InputDecoder.edges(forTurn: 0, startingAt: 0, stepInterval: 0.25).isEmpty)
        #expect(InputDecoder.edges(forTurn: -3, startingAt: 0, stepInterval: 0.25).count == 12)
    }

    // MARK: Knob

    @Test func detentIsReportedAtItsLastEdge() {
        var input = InputDecoder()
        let edges = InputDecoder.edges(forTurn: 2, startingAt: 10.0, stepInterval: 0.0078125)
        #expect(input.feed(edges) == [
            Timed(.knobTurned(detents: 1), at: 10.0 + 3 * 0.0078125),
            Timed(.knobTurned(detents: 1), at: 10.0 + 7 * 0.0078125),
        ])
        #expect(input.nextDeadline == nil)
    }

    @Test(arguments: QuadratureDecoder.RestState.allCases)
    func hundredFastDetentsEachWay(rest: QuadratureDecoder.RestState) {
        var input = InputDecoder(encoderRest: rest)
        let cw = input.feed(InputDecoder.edges(forTurn: 100, startingAt: 1.0, stepInterval: 0.000002, rest: rest))
        #expect(cw.count == 100)
        #expect(Self.turns(cw.map(\.event)) == Array(repeating: 1, count: 100))
        let ccw = input.feed(InputDecoder.edges(forTurn: -100, startingAt: 2.0, stepInterval: 0.000002, rest: rest))
        #expect(Self.turns(ccw.map(\.event)) == Array(repeating: -1, count: 100))
        #expect(input.encoder.invalidTransitions == 0)
        #expect(input.encoder.isAtRest)
    }

    @Test func alternatingDirections() {
        var input = InputDecoder()
        var edges: [(RawLine, Bool, Double)] = []
        for index in 0..<20 {
            edges += InputDecoder.edges(forTurn: index % 2 == 0 ? 1 : -1, startingAt: Double(index) * 0.01,
                                        stepInterval: 0.001)
        }
        let turns = Self.turns(input.feed(edges).map(\.event))
        #expect(turns == (0..<20).map { $0 % 2 == 0 ? 1 : -1 })
    }

    @Test func halfDetentThenReverseIsNothing() {
        var input = InputDecoder()
        let half = Array(InputDecoder.edges(forTurn: 1, startingAt: 1.0, stepInterval: 0.001).prefix(2))
        let back = Array(InputDecoder.edges(forTurn: -1, startingAt: 1.01, stepInterval: 0.001).suffix(2))
        #expect(Self.records(half + back) == [
            EdgeRecord(line: .knobA, active: true, time: 1.0),
            EdgeRecord(line: .knobB, active: true, time: 1.001),
            EdgeRecord(line: .knobB, active: false, time: 1.01 + 2 * 0.001),
            EdgeRecord(line: .knobA, active: false, time: 1.01 + 3 * 0.001),
        ])
        #expect(input.feed(half + back) == [])
        #expect(input.encoder.isAtRest)
        #expect(input.encoder.invalidTransitions == 0)
    }

    @Test func bounceOnOneContactMidDetent() {
        var input = InputDecoder()
        let edges: [(RawLine, Bool, Double)] = [
            (.knobA, true, 1.0),
            (.knobB, true, 1.001),
            (.knobB, false, 1.00102), (.knobB, true, 1.00105),
            (.knobB, false, 1.00109), (.knobB, true, 1.0011),
            (.knobA, false, 1.002),
            (.knobB, false, 1.003),
        ]
        #expect(input.feed(edges) == [Timed(.knobTurned(detents: 1), at: 1.003)])
        #expect(input.encoder.invalidTransitions == 0)
    }

    @Test func repeatedEncoderLevelIsIgnored() {
        var input = InputDecoder()
        #expect(input.edge(.knobA, active: false, at: 1.0) == [])
        #expect(input.edge(.knobA, active: true, at: 1.001) == [])
        #expect(input.edge(.knobA, active: true, at: 1.002) == [])
        #expect(input.edge(.knobB, active: true, at: 1.003) == [])
        #expect(input.edge(.knobA, active: false, at: 1.004) == [])
        #expect(input.edge(.knobB, active: false, at: 1.005) == [.knobTurned(detents: 1)])
        #expect(input.encoder.invalidTransitions == 0)
    }

    @Test func buttonsAndKnobTogether() {
        var input = InputDecoder()
        let press = InputDecoder.edges(forPress: .knob, at: 1.0, length: 0.5, bounce: .typical)
        let turn = InputDecoder.edges(forTurn: 3, startingAt: 1.001, stepInterval: 0.01)
        let edges = (press + turn).enumerated()
            .sorted { ($0.element.2, $0.offset) < ($1.element.2, $1.offset) }
            .map(\.element)
        let events = input.feed(edges) + input.timedAdvance(to: 2.0)
        #expect(events.map(\.event) == [
            .buttonPressed(.knob),
            .knobTurned(detents: 1), .knobTurned(detents: 1), .knobTurned(detents: 1),
            .buttonReleased(.knob),
        ])
        #expect(events.map(\.time) == [1.0, 1.001 + 3 * 0.01, 1.001 + 7 * 0.01, 1.001 + 11 * 0.01, 1.5])
    }
}
