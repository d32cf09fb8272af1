import Foundation
import Logging
import SleepBoxCore
import Testing
@testable import SleepBoxDaemon
@testable import SleepBoxRunner
@testable import SleepBoxSimulator

/// `sleepbox ctl light on|off|LEVEL` and the light in the status.
@Suite struct ControlLightTests {
    /// A box with a light of these channels, at 10:30 in the morning (no night cap), started.
    static func litBox(_ channels: [LightChannel] = [LightChannel(kelvin: 2700)]) -> (Simulator, ControlProtocol, BoxConfig) {
        var config = BoxConfig(timeZone: SimulatorTests.berlin)
        config.light.isPresent = true
        let sim = Simulator(config: config, catalog: BuiltInCatalog.catalog, startWall: SimulatorTests.evening - 12 * 3600, seed: 1,
                            store: nil, trace: nil, frames: nil, light: SimulatedLight(channels: channels), logger: Logger(label: "test"))
        sim.start()
        return (sim, ControlProtocol(runner: sim.runner), config)
    }

    /// The status's `light` field.
    static func light(_ control: ControlProtocol, _ sim: Simulator) throws -> [String: Any] {
        try #require(try status(control, sim)["light"] as? [String: Any])
    }

    static func status(_ control: ControlProtocol, _ sim: Simulator) throws -> [String: Any] {
        let answer = try JSONSerialization.jsonObject(with: Data(control.answer(line: #"{"cmd":"status"}"#, at: sim.now).serialized.utf8))
        return try #require((answer as? [String: Any])?["status"] as? [String: Any])
    }

    @Test func lightRequestsParseFromWordsAndJSON() throws {
        #expect(try ControlProtocol.requestLine(words: ["light", "on"]) == #"{"cmd":"light","set":"on"}"#)
        #expect(try ControlProtocol.requestLine(words: ["light", "40"]) == #"{"cmd":"light","set":40}"#)
        #expect(throws: ControlError.self) { try ControlProtocol.requestLine(words: ["light", "bright"]) }
        #expect(throws: ControlError.self) { try ControlProtocol.requestLine(words: ["light", "101"]) }
        #expect(try ControlProtocol.parse(#"{"cmd":"light","set":"off"}"#).get() == .light(.off))
        #expect(try ControlProtocol.parse(#"{"cmd":"light","set":12.5}"#).get() == .light(.level(12.5)))
        #expect(throws: ControlError.self) { try ControlProtocol.parse(#"{"cmd":"light","set":true}"#).get() }
        #expect(throws: ControlError.self) { try ControlProtocol.parse(#"{"cmd":"light","set":1e400}"#).get() }
    }

    @Test func theStatusShowsTheLightAndCtlLightSetsIt() throws {
        let (sim, control, _) = Self.litBox()
        func status() throws -> [String: Any] { try Self.status(control, sim) }
        #expect(try status()["led"] as? Bool == false)
        _ = control.answer(line: #"{"cmd":"light","set":50}"#, at: sim.now)
        sim.advance(to: 1)
        let light = try #require(try status()["light"] as? [String: Any])
        #expect(light["lstar"] as? Double == 50)
        #expect(light["plan"] as? String == "steady")
        #expect(light["duty"] as? [Double] == [184_187], "L* 50 is 18.4187 % of full luminance, in millionths")
        #expect(try status()["led"] as? Bool == true)
        _ = control.answer(line: #"{"cmd":"light","set":"off"}"#, at: sim.now)
        sim.advance(to: 2)
        #expect((try status()["light"] as? [String: Any])?["lstar"] as? Double == 0)
    }

    @Test func aDawnAskedForNowRisesAndStaysFullUntilSwitched() throws {
        #expect(try ControlProtocol.requestLine(words: ["light", "dawn"]) == #"{"cmd":"light","set":"dawn"}"#)
        #expect(try ControlProtocol.requestLine(words: ["light", "dawn", "10"]) == #"{"cmd":"light","set":"dawn","minutes":10}"#)
        #expect(try ControlProtocol.parse(#"{"cmd":"light","set":"dawn","minutes":10}"#).get() == .light(.dawn(minutes: 10)))
        #expect(try ControlProtocol.parse(#"{"cmd":"light","set":"dawn"}"#).get() == .light(.dawn(minutes: nil)))
        for minutes in ["0", "91", "2.5", "\"10\""] {
            #expect(throws: ControlError.self) { try ControlProtocol.parse(#"{"cmd":"light","set":"dawn","minutes":"# + minutes + "}").get() }
        }
        let (sim, control, config) = Self.litBox()
        func light() throws -> [String: Any] { try Self.light(control, sim) }
        _ = control.answer(line: #"{"cmd":"light","set":"dawn","minutes":10}"#, at: sim.now)
        sim.advance(to: 1)
        #expect(try light()["plan"] as? String == "ramp")
        let early = try #require(try light()["lstar"] as? Double)
        sim.advance(to: 5 * 60)
        let halfway = try #require(try light()["lstar"] as? Double)
        let warm = try #require(try light()["kelvin"] as? Double)
        sim.advance(to: 10 * 60 + 5)
        let full = try #require(try light()["lstar"] as? Double)
        #expect(early < 5 && halfway > early && full > halfway, "\(early) \(halfway) \(full)")
        #expect(full == config.light.alarmLightness)
        #expect(try light()["kelvin"] as? Double == config.light.dawnEndKelvin)
        #expect(warm < config.light.dawnEndKelvin)
        // It stays full, an hour on, until the light is switched off.
        sim.advance(to: 70 * 60)
        #expect(try light()["lstar"] as? Double == full)
        _ = control.answer(line: #"{"cmd":"light","set":"off"}"#, at: sim.now)
        sim.advance(to: 70 * 60 + 1)
        #expect(try light()["lstar"] as? Double == 0)
        // On the box, the held timer button (which switches the night light) puts it out too.
        _ = control.answer(line: #"{"cmd":"light","set":"dawn","minutes":1}"#, at: sim.now)
        sim.advance(to: 73 * 60)
        #expect(try light()["lstar"] as? Double == full)
        _ = control.answer(line: #"{"cmd":"hold","button":"timer","seconds":1.5}"#, at: sim.now)
        sim.advance(to: 73 * 60 + 3)
        #expect(try light()["lstar"] as? Double == 0)
        #expect(sim.box.state.light.sunriseStart == nil)
    }

    @Test func aLevelMayCarryItsColourTemperature() throws {
        #expect(try ControlProtocol.requestLine(words: ["light", "40", "2700"]) == #"{"cmd":"light","set":40,"kelvin":2700}"#)
        #expect(try ControlProtocol.requestLine(words: ["light", "40", "2700K"]) == #"{"cmd":"light","set":40,"kelvin":2700}"#)
        #expect(throws: ControlError.self) { try ControlProtocol.requestLine(words: ["light", "40", "warm"]) }
        #expect(try ControlProtocol.parse(#"{"cmd":"light","set":40,"kelvin":4000}"#).get() == .light(.level(40, kelvin: 4000)))
        for kelvin in ["999", "10001", "\"warm\"", "true"] {
            #expect(throws: ControlError.self) { try ControlProtocol.parse(#"{"cmd":"light","set":40,"kelvin":"# + kelvin + "}").get() }
        }
        let (sim, control, config) = Self.litBox([LightChannel(kelvin: 2700), LightChannel(kelvin: 6500)])
        func light() throws -> [String: Any] { try Self.light(control, sim) }
        _ = control.answer(line: #"{"cmd":"light","set":40,"kelvin":4000}"#, at: sim.now)
        sim.advance(to: 1)
        #expect(try light()["kelvin"] as? Double == 4000)
        #expect(try light()["lstar"] as? Double == 40)
        _ = control.answer(line: #"{"cmd":"light","set":40}"#, at: sim.now)
        sim.advance(to: 2)
        #expect(try light()["kelvin"] as? Double == config.light.onKelvin)
    }
}
