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

    /// A breathing exercise's paced phase begins 20 s into the item: the trace says `breathing`
    /// then, not at the next periodic record.
    @Test func theTraceShowsTheBreathingScreenWhenItBegins() throws {
        let guide = BreathingGuide(pattern: [BreathStep(.inhale, seconds: 4), BreathStep(.exhale, seconds: 6)], cycles: 3, startsAt: 20)
        let catalog = Catalog(items: [ContentItem(id: "breath-calm", title: "Calm Breathing", kind: .meditation, duration: 120,
                                                  breathing: guide)])
        let lines = SimulatorTests.Lines()
        let trace = TraceRecorder(every: 15) { lines.all.append($0) }
        let sim = Simulator(config: BoxConfig(timeZone: SimulatorTests.berlin), catalog: catalog, startWall: SimulatorTests.evening,
                            seed: 7, store: nil, trace: trace, frames: nil, logger: Logger(label: "test"))
        sim.start()
        sim.perform(.press(.leaf))
        sim.advance(to: 80)
        let records = try SimulatorTests.records(lines)
        let play = try #require(records.first { ($0["commands"] as? [String])?.contains("play") == true })
        let started = try #require(play["t"] as? Double)
        let breathing = try #require(records.first { $0["screen"] as? String == "breathing" })
        let shown = try #require(breathing["t"] as? Double)
        #expect(abs(shown - (started + 20)) < 0.01, "breathing from \(shown), the guide began at \(started + 20)")
        // And back to the item's screen when the guide ends (3 breaths of 10 s).
        let after = try #require(records.first { ($0["t"] as? Double ?? 0) > shown && $0["screen"] as? String == "nowPlaying" })
        #expect(abs((after["t"] as? Double ?? 0) - (started + 50)) < 0.01)
    }
}
