import Foundation
import Logging
import SleepBoxCore
import Testing
@testable import SleepBoxRunner
@testable import SleepBoxSimulator

/// The simulator shows what the box would: every key of the interactive simulator counts, and the
/// trace's screen changes when the screen does.
@Suite struct SimulatorFidelityTests {
    /// Three arrows in one read of the terminal: three detents, 15 % louder (as three reads are).
    @Test func threeArrowsInOneReadAreThreeDetents() throws {
        var reader = KeyReader()
        let right: [UInt8] = [0x1B, UInt8(ascii: "["), UInt8(ascii: "C")]
        let keys = reader.keys(in: right + right + right)
        #expect(keys == Array(repeating: .request(.turn(1)), count: 3))
        let sim = SimulatorTests.simulator()
        sim.start()
        let before = sim.box.state.volume
        for key in keys {
            guard case .request(let request) = key else { continue }
            sim.perform(request)
        }
        sim.advance(to: 1)
        #expect(sim.box.state.volume == before + 15)
    }

    /// An arrow split between two reads still counts; other keys around it too.
    @Test func anArrowSplitBetweenReadsCounts() {
        var reader = KeyReader()
        #expect(reader.keys(in: [UInt8(ascii: "l"), 0x1B]) == [.request(.press(.leaf))])
        #expect(reader.keys(in: [UInt8(ascii: "[")]) == [])
        #expect(reader.keys(in: [UInt8(ascii: "D"), UInt8(ascii: "f"), UInt8(ascii: "q")]) == [.request(.turn(-1)), .fastForward, .quit])
        // A sequence that is no arrow (F5: ESC [ 1 5 ~) is skipped whole.
        #expect(reader.keys(in: [0x1B, UInt8(ascii: "["), UInt8(ascii: "1"), UInt8(ascii: "5"), UInt8(ascii: "~"), UInt8(ascii: "k")])
                == [.request(.press(.knob))])
    }

    /// Turns asked for at the same moment follow one another: each of their detents counts.
    @Test func turnsRequestedTogetherAllCount() throws {
        let sim = SimulatorTests.simulator()
        sim.start()
        let before = sim.box.state.volume
        sim.perform(.turn(1))
        sim.perform(.turn(2))
        sim.advance(to: 1)
        #expect(sim.box.state.volume == before + 15)
    }
}
