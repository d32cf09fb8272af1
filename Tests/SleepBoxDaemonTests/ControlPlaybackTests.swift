import Foundation
import Logging
import SleepBoxCore
import Testing
@testable import SleepBoxDaemon
@testable import SleepBoxRunner
@testable import SleepBoxSimulator
@testable import SleepBoxSystem

/// `sleepbox ctl play`, `stop`, the alarm's wake sound, ramp, snooze and volume, the bedtime
/// reminder and the meditation timer: the words, the socket's JSON, the ranges, and the box
/// carrying them out.
@Suite struct ControlPlaybackTests {
    static func answer(_ control: ControlProtocol, _ line: String, _ sim: Simulator) throws -> [String: Any] {
        try ControlProtocolTests.object(control.answer(line: line, at: sim.clock.now))
    }

    @Test func theWordsMakeTheRequests() throws {
        #expect(try ControlProtocol.requestLine(words: ["play", "poem-stars"]) == #"{"cmd":"play","item":"poem-stars"}"#)
        #expect(try ControlProtocol.requestLine(words: ["stop"]) == #"{"cmd":"stop"}"#)
        #expect(try ControlProtocol.requestLine(words: ["alarm", "sound", "rain"]) == #"{"cmd":"alarm","sound":"rain"}"#)
        #expect(try ControlProtocol.requestLine(words: ["alarm", "2", "ramp", "120"]) == #"{"cmd":"alarm","alarm":2,"rampSeconds":120}"#)
        #expect(try ControlProtocol.requestLine(words: ["alarm", "snooze", "default"]) == #"{"cmd":"alarm","snoozeMinutes":null}"#)
        #expect(try ControlProtocol.requestLine(words: ["alarm", "3", "volume", "60"]) == #"{"cmd":"alarm","alarm":3,"volume":60}"#)
        #expect(try ControlProtocol.requestLine(words: ["reminder", "set", "22:15", "weekdays"])
                == #"{"cmd":"reminder","time":"22:15","days":["weekdays"]}"#)
        #expect(try ControlProtocol.requestLine(words: ["reminder", "off"]) == #"{"cmd":"reminder","enabled":false}"#)
        #expect(try ControlProtocol.requestLine(words: ["meditation", "length", "20"]) == #"{"cmd":"meditation","minutes":20}"#)
        #expect(try ControlProtocol.requestLine(words: ["meditation", "sound", "none"]) == #"{"cmd":"meditation","sound":null}"#)
        #expect(try ControlProtocol.requestLine(words: ["meditation", "bells", "off"]) == #"{"cmd":"meditation","bellEveryMinutes":0}"#)
        #expect(try ControlProtocol.requestLine(words: ["meditation", "start"]) == #"{"cmd":"meditation","start":true}"#)
        #expect(throws: ControlError.self) { try ControlProtocol.requestLine(words: ["alarm", "ramp", "slow"]) }
        #expect(throws: ControlError.self) { try ControlProtocol.requestLine(words: ["meditation", "length", "ten"]) }
    }

    @Test func outOfRangeValuesAreRefusedNamingTheKey() {
        func error(_ line: String) -> String? {
            if case .failure(let e) = ControlProtocol.parse(line) { return e.message }
            return nil
        }
        #expect(error(#"{"cmd":"alarm","rampSeconds":0}"#)?.hasPrefix("\"rampSeconds\" must be a number from 1 to 1800 seconds") == true)
        #expect(error(#"{"cmd":"alarm","snoozeMinutes":61}"#)?.hasPrefix("\"snoozeMinutes\" must be a number from 1 to 60 minutes") == true)
        #expect(error(#"{"cmd":"alarm","volume":101}"#)?.hasPrefix("\"volume\" must be a whole number from 0 to 100") == true)
        #expect(error(#"{"cmd":"alarm","volume":true}"#)?.hasPrefix("\"volume\"") == true)
        #expect(error(#"{"cmd":"alarm","sound":"kazoo"}"#) == "\"sound\" must be one of chime, rain, ocean, forest, pink, brown, white")
        #expect(error(#"{"cmd":"alarm","sound":"rain","volume":50}"#)?.contains("one change at a time") == true)
        #expect(error(#"{"cmd":"meditation","minutes":0}"#) == "\"minutes\" must be a whole number from 1 to 180")
        #expect(error(#"{"cmd":"meditation","bellEveryMinutes":61}"#)?.hasPrefix("\"bellEveryMinutes\" must be 0") == true)
        #expect(error(#"{"cmd":"meditation","minutes":20,"guide":true}"#)?.contains("one change") == true)
        #expect(error(#"{"cmd":"reminder","skipNext":true}"#) == "unknown field \"skipNext\" in a reminder request (time, days, enabled)")
        #expect(error(#"{"cmd":"play"}"#)?.hasPrefix("\"item\" must be an item's id") == true)
        #expect(error(#"{"cmd":"stop","now":true}"#) == "unknown field \"now\" in a stop request (it has none)")
    }

    /// A script's alarm line takes the same fields as the socket's.
    @Test func aScriptTakesTheAlarmsOwnSoundRampSnoozeAndVolume() throws {
        let step = try ScriptLine.step(from: #"{"at":"1s","alarm":2,"rampSeconds":120}"#, line: 1, path: "night.jsonl")
        #expect(step.action == .alarmSlot(1, .rampSeconds(120)))
        #expect(try ScriptLine.step(from: #"{"at":"1s","alarm":1,"sound":"ocean"}"#, line: 1, path: "night.jsonl").action
                == .alarmSlot(0, .sound("ocean")))
        #expect(throws: ScriptError.self) { try ScriptLine.step(from: #"{"at":"1s","alarm":1,"volume":140}"#, line: 3, path: "night.jsonl") }
        #expect(throws: ScriptError.self) { try ScriptLine.step(from: #"{"at":"1s","press":"leaf","volume":40}"#, line: 4, path: "night.jsonl") }
    }

    @Test func theBoxCarriesThemOut() throws {
        let sim = ControlProtocolTests.simulator()
        sim.start()
        let control = ControlProtocol(runner: sim.runner)
        let id = try #require(BuiltInCatalog.catalog.items.first { $0.kind == .poem }?.id)

        #expect(try Self.answer(control, #"{"cmd":"play","item":"\#(id)"}"#, sim)["ok"] as? Bool == true)
        sim.advance(to: sim.time + 1)
        guard case .playing(let playing) = sim.runner.box.state.phase else {
            Issue.record("nothing plays: \(sim.runner.box.state.phase.name)")
            return
        }
        #expect(playing.item == id)
        let missing = try Self.answer(control, #"{"cmd":"play","item":"poem-nowhere"}"#, sim)
        #expect(missing["error"] as? String == "there is no item \"poem-nowhere\" in the library (sleepbox content list lists them)")
        #expect(try Self.answer(control, #"{"cmd":"stop"}"#, sim)["ok"] as? Bool == true)
        sim.advance(to: sim.time + 5)
        #expect(sim.runner.box.state.mode == .off)

        // The alarm's own sound, ramp, snooze and volume; null goes back to the configuration's.
        #expect(try Self.answer(control, #"{"cmd":"alarm","rampSeconds":120}"#, sim)["error"] as? String
                == "no alarm is set; set one with a time first")
        _ = try Self.answer(control, #"{"cmd":"alarm","time":"06:45"}"#, sim)
        for line in [#"{"cmd":"alarm","sound":"rain"}"#, #"{"cmd":"alarm","rampSeconds":120}"#,
                     #"{"cmd":"alarm","snoozeMinutes":5}"#, #"{"cmd":"alarm","volume":60}"#] {
            #expect(try Self.answer(control, line, sim)["ok"] as? Bool == true)
        }
        var alarm = try #require(sim.runner.box.state.alarms[0])
        #expect(alarm.sound == "rain" && alarm.rampSeconds == 120 && alarm.snoozeMinutes == 5 && alarm.volume == 60)
        _ = try Self.answer(control, #"{"cmd":"alarm","rampSeconds":null}"#, sim)
        _ = try Self.answer(control, #"{"cmd":"alarm","sound":"chime"}"#, sim)
        alarm = try #require(sim.runner.box.state.alarms[0])
        #expect(alarm.rampSeconds == nil && alarm.sound == nil && alarm.volume == 60)

        // The bedtime reminder.
        _ = try Self.answer(control, #"{"cmd":"reminder","time":"22:15","days":["weekdays"]}"#, sim)
        #expect(sim.runner.box.reminderSchedule == AlarmSettings(hour: 22, minute: 15, weekdays: Set(2...6)))
        _ = try Self.answer(control, #"{"cmd":"reminder","enabled":false}"#, sim)
        #expect(sim.runner.box.reminderSchedule.isEnabled == false)

        // The meditation timer: set up, then started.
        _ = try Self.answer(control, #"{"cmd":"meditation","minutes":20}"#, sim)
        _ = try Self.answer(control, #"{"cmd":"meditation","bellEveryMinutes":5}"#, sim)
        #expect(try Self.answer(control, #"{"cmd":"meditation","sound":"kazoo"}"#, sim)["error"] as? String
                == "\"kazoo\" is not one of the meditation timer's sounds (none, rain, ocean, forest, pink, white)")
        #expect(sim.runner.box.meditationChoice.minutes == 20 && sim.runner.box.meditationChoice.bellEveryMinutes == 5)
        _ = try Self.answer(control, #"{"cmd":"meditation","start":true}"#, sim)
        #expect(sim.runner.box.state.session?.kind == .meditation)
        #expect(sim.runner.box.state.session?.length == Double(20 * 60))
    }
}
