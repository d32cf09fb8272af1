import Foundation
import Logging
import SleepBoxCore
import Testing
@testable import SleepBoxRunner
@testable import SleepBoxSimulator

/// The wake light in a simulated morning, read from the trace as `sleepbox simulate` writes it.
@Suite struct LightSimulatorTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin") ?? .current
    /// 2026-11-24T05:00:00 in Berlin: Tuesday morning.
    static let early: Double = 1_795_492_800

    static func config(_ alarm: AlarmSettings) -> BoxConfig {
        var config = BoxConfig(timeZone: berlin)
        config.alarm = alarm
        config.light.isPresent = true
        return config
    }

    /// Runs `steps` with a two-channel simulated light; the trace's light lines and all records.
    static func run(_ config: BoxConfig, _ steps: [ScriptStep], history: Bool = false)
        throws -> (light: [[String: Any]], all: [[String: Any]], sim: Simulator) {
        let lines = SimulatorTests.Lines()
        let trace = TraceRecorder { lines.all.append($0) }
        let sim = Simulator(config: config, catalog: BuiltInCatalog.catalog, startWall: early, seed: 7, store: nil,
                            trace: trace, frames: nil,
                            light: SimulatedLight(channels: [LightChannel(kelvin: 1800), LightChannel(kelvin: 5000)]),
                            logger: Logger(label: "test"))
        ScriptRunner(script: SimulatorScript(steps: steps)).run(on: sim)
        let all = try SimulatorTests.records(lines)
        return (all.filter { ($0["event"] as? String) == "light" }, all, sim)
    }

    static func lightness(_ record: [String: Any]) -> Double { ((record["light"] as? [String: Any])?["lstar"] as? Double) ?? -1 }
    static func kelvin(_ record: [String: Any]) -> Double { ((record["light"] as? [String: Any])?["kelvin"] as? Double) ?? -1 }
    static func clock(_ record: [String: Any]) -> String { record["clock"] as? String ?? "" }

    @Test func aDawnRisesFrom0615ToFullAt0645WithoutAVisibleStep() throws {
        let (light, _, _) = try Self.run(Self.config(AlarmSettings(hour: 6, minute: 45)),
                                         [ScriptStep(line: 1, at: 7000, action: .end)])
        let dawn = light.filter { Self.clock($0) < "2026-11-24T06:45:00" }
        let first = try #require(dawn.first)
        #expect(Self.clock(first) == "2026-11-24T06:15:00", "the dawn begins 30 minutes before the ring")
        #expect(Self.lightness(first) == 0)
        var steps = 0
        for (a, b) in zip(dawn, dawn.dropFirst()) {
            let step = Self.lightness(b) - Self.lightness(a)
            #expect(step >= 0, "monotonic: \(Self.clock(a)) \(Self.lightness(a)) -> \(Self.lightness(b))")
            #expect(step <= 0.5, "no step over 0.5 L* at \(Self.clock(b)): \(step)")
            #expect(Self.kelvin(b) >= Self.kelvin(a), "warm to cool")
            steps += 1
        }
        #expect(steps >= 1000, "at least 1000 distinct levels over the dawn, found \(steps)")
        #expect(Self.kelvin(first) == 1900)
        let atRing = try #require(light.first { Self.clock($0) >= "2026-11-24T06:45:00" })
        #expect(Self.clock(atRing) == "2026-11-24T06:45:00")
        #expect(Self.lightness(atRing) == 100)
        #expect((atRing["light"] as? [String: Any])?["duty"] as? [Double] == [1_000_000, 1_000_000], "full at the ring")
    }

    @Test func aSkippedAlarmHasNoDawn() throws {
        var alarm = AlarmSettings(hour: 6, minute: 45)
        alarm.skipNext = true
        let (light, _, _) = try Self.run(Self.config(alarm), [ScriptStep(line: 1, at: 7000, action: .end)])
        #expect(light.filter { Self.lightness($0) > 0 }.isEmpty, "\(light.prefix(3))")
    }

    @Test func theSoundDeviceRemovedBeforeTheRingLightsFullAndIsRecorded() throws {
        var alarm = AlarmSettings(hour: 6, minute: 45)
        alarm.dawn = false
        let steps = [ScriptStep(line: 1, at: 600, action: .soundDevice(lost: true)),
                     ScriptStep(line: 2, at: 7000, action: .end)]
        let (light, all, sim) = try Self.run(Self.config(alarm), steps)
        let ring = try #require(light.first { Self.lightness($0) > 0 })
        #expect(Self.clock(ring) == "2026-11-24T06:45:00")
        #expect(Self.lightness(ring) == 100)
        #expect(sim.box.state.history.events.contains { $0.kind == .rangWithoutSound })
        let ringing = try #require(all.first { ($0["phase"] as? String) == "ringing" })
        #expect(ringing["ringWithoutSound"] as? Bool == true)
        #expect(ringing["screen"] as? String == "alarm")
    }
}
