import Foundation
import Logging
import SleepBoxAudio
import SleepBoxCore
import Testing
@testable import SleepBoxConfig
@testable import SleepBoxRunner
@testable import SleepBoxSimulator
@testable import SleepBoxSound

/// A spoken item shorter than the sleep timer: after it, a soft bed carries on until the timer's
/// fade, heard in the engine's sound (the simulator with the real engine, as `simulate
/// --audio-out` plays it).
@Suite struct BedAfterItemTests {
    final class Lines: @unchecked Sendable { var all: [String] = [] }

    /// A night with one 12-minute meditation and a 30-minute sleep timer: the level of each
    /// tenth of a second, the trace, and when the item ended.
    struct Night {
        var levels: [Float]
        var trace: [[String: Any]]

        /// The loudest tenth of a second in `from..<to` seconds.
        func loudest(_ from: Double, _ to: Double) -> Float {
            levels[Int(from * 10)..<min(levels.count, Int(to * 10))].max() ?? -.infinity
        }
        /// The quietest tenth of a second in `from..<to` seconds.
        func quietest(_ from: Double, _ to: Double) -> Float {
            levels[Int(from * 10)..<min(levels.count, Int(to * 10))].min() ?? -.infinity
        }
        /// The first moment of the trace whose commands hold `command`.
        func first(_ command: String) -> Double? {
            trace.first { ($0["commands"] as? [String])?.contains(command) == true }.flatMap { $0["t"] as? Double }
        }
    }

    static func night(configLines: String) throws -> Night {
        let root = FileManager.default.temporaryDirectory.path + "/sleepbox-bed-after-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/content/meditations", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/state", withIntermediateDirectories: true)
        try "[paths]\ncontent = \"\(root)/content\"\n[voice]\nengine = \"espeak\"\n[timer]\nchoices = [30]\n\(configLines)"
            .write(toFile: root + "/sleepbox.toml", atomically: true, encoding: .utf8)
        // Twelve minutes: three short sentences around long silences.
        try "title: Twelve Minutes\nkind: meditation\nauthor: me\n---\nSettle in. (6m)\nBreathe. (355s)\nRest now.\n"
            .write(toFile: root + "/content/meditations/med-twelve.txt", atomically: true, encoding: .utf8)
        let file = try loadConfigFile(root + "/sleepbox.toml")
        let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        let format = AudioFormat(sampleRate: file.devices.sampleRate)
        let content = ContentSetup.load(devices: file.devices, config: file.config, stateDirectory: root + "/state",
                                        format: format, logger: logger)
        let sound = SoundSide(content: content, config: file.config, format: format, seed: 1, work: InlineExecutor(),
                              opening: InlineExecutor(), menuVoiceThreaded: false, logger: logger)
        let audio = SimulatorAudio(engine: sound.engine, sink: nil)
        let lines = Lines()
        let sim = Simulator(config: file.config, catalog: content.catalog, startWall: 1_795_000_000, seed: 1, store: nil,
                            trace: TraceRecorder { lines.all.append($0) }, frames: nil, audio: audio, logger: logger)
        sim.start()
        _ = sim.perform(.press(.leaf))          // meditation: the one item plays
        sim.advance(to: 1)
        _ = sim.perform(.press(.timer))         // the timer's choice, at Off
        sim.advance(to: 1.5)
        _ = sim.perform(.turn(1))               // 30 min
        sim.advance(to: 2)
        _ = sim.perform(.press(.knob))          // taken
        sim.advance(to: 3)
        #expect(sim.box.state.timer?.choice == .minutes(30))
        #expect(sim.box.state.playback?.item == "med-twelve")
        sim.advance(to: 1900)
        sim.finishInput()
        sim.finish()
        audio.close()
        let trace = try lines.all.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        return Night(levels: audio.meter.levels, trace: trace)
    }

    /// The 30-minute timer over the 12-minute meditation: the bed sounds from the item's end to the
    /// timer's end, fades over the timer's 30 s from there, and the box is silent after.
    @Test func aBedCarriesOnAfterTheItemUntilTheTimersFadeAtThirtyMinutes() throws {
        let night = try Self.night(configLines: "")
        let ended = try #require(night.trace.first { ($0["event"] as? String)?.hasPrefix("itemFinished") == true }?["t"] as? Double,
                                 "the item ends")
        #expect(ended > 700 && ended < 740, "a 12-minute item: \(ended)")
        let fade = try #require(night.first("fadeBed"), "the bed's fade is in the trace")
        #expect(abs(fade - 1802) < 0.5, "the timer set at 2 s runs out at 30 min: \(fade)")
        // The bed: quiet, but never silent, from the item's end to the fade.
        #expect(night.quietest(ended + 5, fade) > -90, "the bed sounds on: \(night.quietest(ended + 5, fade)) dBFS")
        #expect(night.loudest(ended + 5, fade) < -20, "a soft bed: \(night.loudest(ended + 5, fade)) dBFS")
        // The fade: lower by the middle, gone by its end.
        #expect(night.loudest(fade + 14, fade + 16) < night.quietest(fade - 10, fade) - 6)
        #expect(night.loudest(fade + 31, 1900) == -.infinity, "silence after the fade")
    }

    /// `bed_after_item = "none"`: the box goes silent when the item ends, as before.
    @Test func noBedAfterTheItemWhenSwitchedOff() throws {
        let night = try Self.night(configLines: "bed_after_item = \"none\"\n")
        let ended = try #require(night.trace.first { ($0["event"] as? String)?.hasPrefix("itemFinished") == true }?["t"] as? Double)
        #expect(night.first("fadeBed") == nil)
        #expect(night.loudest(ended + 5, 1900) == -.infinity)
    }
}
