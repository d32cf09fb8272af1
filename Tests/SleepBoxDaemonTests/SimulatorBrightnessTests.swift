import Foundation
import Logging
import SleepBoxCore
@testable import SleepBoxUI
import Testing
@testable import SleepBoxSimulator

/// The simulator's frames show the panel's brightness: the lit pixels at the grey the owner's
/// night (or day) brightness gives, so 0, 40 and 100 % look as different as on the panel.
@Suite struct SimulatorBrightnessTests {
    /// The lit colour of a 1-bit palette PNG: the second entry of its PLTE chunk.
    static func litColor(_ bytes: [UInt8]) throws -> PNGWriter.Color {
        let name: [UInt8] = Array("PLTE".utf8)
        let at = try #require((0..<(bytes.count - 10)).first { Array(bytes[$0..<($0 + 4)]) == name })
        return PNGWriter.Color(red: bytes[at + 7], green: bytes[at + 8], blue: bytes[at + 9])
    }

    /// The lit colour of the first frame a night at `percent` night brightness writes (22:30).
    static func firstFrameColor(nightBrightness percent: Int) throws -> PNGWriter.Color {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("brightness-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var config = BoxConfig(timeZone: SimulatorTests.berlin)
        config.display.nightBrightness = percent
        let frames = try FrameRecorder(directory: dir, scale: 1)
        let sim = Simulator(config: config, catalog: BuiltInCatalog.catalog, startWall: SimulatorTests.evening, seed: 7,
                            store: nil, trace: nil, frames: frames, logger: Logger(label: "test"))
        sim.start()
        sim.advance(to: 1)
        let first = try #require(try FileManager.default.contentsOfDirectory(atPath: dir).sorted().first)
        let data = try #require(FileManager.default.contents(atPath: dir + "/" + first))
        return try litColor([UInt8](data))
    }

    @Test func aNightAt0_40And100PercentWritesThreeGreys() throws {
        let colors = try [0, 40, 100].map { try Self.firstFrameColor(nightBrightness: $0) }
        #expect(colors[0] == PNGWriter.dimmedOnColor)
        #expect(colors[0].green < colors[1].green && colors[1].green < colors[2].green, "\(colors)")
    }

    @Test func theGreysRiseWithTheBrightnessFromNightToDay() {
        let night = [0, 40, 100].map { PNGWriter.litColor(dimmed: true, brightness: $0) }
        let day = [0, 50, 100].map { PNGWriter.litColor(dimmed: false, brightness: $0) }
        #expect(night[0] == PNGWriter.dimmedOnColor && day[1] == PNGWriter.onColor)
        let greens = (night + day).map(\.green)
        #expect(greens == greens.sorted() && Set(greens).count == greens.count, "\(greens)")
    }
}
