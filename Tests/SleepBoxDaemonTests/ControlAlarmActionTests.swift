import Foundation
import Logging
import SleepBoxCore
import Testing
@testable import SleepBoxDaemon
@testable import SleepBoxRunner
@testable import SleepBoxSimulator
@testable import SleepBoxSystem

/// Snooze, dismiss, the sleep timer and an alarm's own dawn from outside the box's controls
/// (`sleepbox ctl`, the control socket, a simulator script): what a phone or a home's
/// automation asks for, carried out as the box's own controls do.
@Suite struct ControlAlarmActionTests {
    static func answer(_ control: ControlProtocol, _ line: String, _ sim: Simulator) throws -> [String: Any] {
        try ControlProtocolTests.object(control.answer(line: line, at: sim.clock.now))
    }

    static func error(_ line: String) -> String? {
        if case .failure(let e) = ControlProtocol.parse(line) { return e.message }
        return nil
    }

    @Test func theWordsMakeTheRequests() throws {
        #expect(try ControlProtocol.requestLine(words: ["snooze"]) == #"{"cmd":"snooze"}"#)
        #expect(try ControlProtocol.requestLine(words: ["dismiss"]) == #"{"cmd":"dismiss"}"#)
        #expect(try ControlProtocol.requestLine(words: ["timer", "30"]) == #"{"cmd":"timer","set":30}"#)
        #expect(try ControlProtocol.requestLine(words: ["timer", "end"]) == #"{"cmd":"timer","set":"end"}"#)
        #expect(try ControlProtocol.requestLine(words: ["timer", "off"]) == #"{"cmd":"timer","set":"off"}"#)
        #expect(try ControlProtocol.requestLine(words: ["alarm", "2", "dawn", "20"]) == #"{"cmd":"alarm","alarm":2,"dawnMinutes":20}"#)
        #expect(try ControlProtocol.requestLine(words: ["alarm", "dawn", "off"]) == #"{"cmd":"alarm","dawnMinutes":0}"#)
        #expect(try ControlProtocol.requestLine(words: ["alarm", "dawn", "default"]) == #"{"cmd":"alarm","dawnMinutes":null}"#)
        #expect(throws: ControlError.self) { try ControlProtocol.requestLine(words: ["snooze", "5"]) }
        #expect(throws: ControlError.self) { try ControlProtocol.requestLine(words: ["timer", "soon"]) }
        #expect(throws: ControlError.self) { try ControlProtocol.requestLine(words: ["timer"]) }
    }

    @Test func valuesOutsideTheirRangeAreRefusedNamingTheField() {
        let timer = "\"set\" must be minutes from 1 to 1440, \"end\" (to the end of what plays) or \"off\""
        #expect(Self.error(#"{"cmd":"timer","set":0}"#) == timer)
        #expect(Self.error(#"{"cmd":"timer","set":1441}"#) == timer)
        #expect(Self.error(#"{"cmd":"timer","set":"later"}"#) == timer)
        #expect(Self.error(#"{"cmd":"timer","set":true}"#) == timer)
        #expect(Self.error(#"{"cmd":"timer"}"#) == timer)
        #expect(Self.error(#"{"cmd":"snooze","minutes":5}"#) == "unknown field \"minutes\" in a snooze request (it has none)")
        #expect(Self.error(#"{"cmd":"timer","minutes":5}"#) == "unknown field \"minutes\" in a timer request (set)")
        let dawn = "\"dawnMinutes\" must be 0 (no dawn) or a whole number from 15 to 90 (minutes), or null for the configuration's"
        #expect(Self.error(#"{"cmd":"alarm","dawnMinutes":10}"#) == dawn)
        #expect(Self.error(#"{"cmd":"alarm","dawnMinutes":91}"#) == dawn)
        #expect(Self.error(#"{"cmd":"alarm","dawnMinutes":20.5}"#) == dawn)
        #expect(Self.error(#"{"cmd":"alarm","dawnMinutes":"20"}"#) == dawn)
        #expect(Self.error(#"{"cmd":"alarm","dawnMinutes":20,"volume":5}"#)?.hasPrefix("\"volume\" and \"dawnMinutes\" cannot go in one request") == true)
    }

    @Test func aRingingAlarmSnoozesAndIsDismissedAsItsButtonsWould() throws {
        let sim = ControlProtocolTests.simulator()
        sim.start()
        let control = ControlProtocol(runner: sim.runner)
        // Nothing rings yet: both are refused, and nothing changes.
        #expect(try Self.answer(control, #"{"cmd":"snooze"}"#, sim)["error"] as? String == "no alarm is ringing")
        #expect(try Self.answer(control, #"{"cmd":"dismiss"}"#, sim)["error"] as? String == "no alarm is ringing or snoozed")
        #expect(try Self.answer(control, #"{"cmd":"alarm","time":"06:45"}"#, sim)["ok"] as? Bool == true)
        // Monday 2026-11-23 06:45 in Berlin, 8 h 15 min after the start.
        sim.advance(to: 8 * 3600 + 15 * 60 + 5)
        guard case .ringing = sim.box.state.phase else { Issue.record("not ringing: \(sim.box.state.phase)"); return }
        // A sleep timer is no answer to a ringing alarm.
        #expect(try Self.answer(control, #"{"cmd":"timer","set":30}"#, sim)["error"] as? String
                == "an alarm is ringing; snooze or dismiss it first")
        #expect(sim.box.state.timer == nil)
        #expect(try Self.answer(control, #"{"cmd":"snooze"}"#, sim)["ok"] as? Bool == true)
        guard case .snoozed = sim.box.state.phase else { Issue.record("not snoozed: \(sim.box.state.phase)"); return }
        #expect(try Self.answer(control, #"{"cmd":"snooze"}"#, sim)["error"] as? String == "the alarm is snoozed already")
        // The snooze ends in a ring again, as it does after a button.
        sim.advance(to: 8 * 3600 + 15 * 60 + 5 + 9 * 60 + 5)
        guard case .ringing = sim.box.state.phase else { Issue.record("not ringing again: \(sim.box.state.phase)"); return }
        #expect(try Self.answer(control, #"{"cmd":"dismiss"}"#, sim)["ok"] as? Bool == true)
        #expect(sim.box.state.phase == .idle)
        let kinds = sim.box.state.history.events.map(\.kind)
        #expect(kinds.contains(.snoozed) && kinds.contains(.dismissed), "\(kinds)")
    }

    @Test func theNextRingIsGivenWithItsOffsetFromUTC() throws {
        let sim = ControlProtocolTests.simulator()
        sim.start()
        let control = ControlProtocol(runner: sim.runner)
        func status() throws -> [String: Any] {
            try #require(try Self.answer(control, #"{"cmd":"status"}"#, sim)["status"] as? [String: Any])
        }
        #expect(try status()["nextRingAt"] is NSNull)
        #expect(try Self.answer(control, #"{"cmd":"alarm","time":"06:45"}"#, sim)["ok"] as? Bool == true)
        // Berlin in November is an hour ahead of UTC.
        #expect(try status()["nextRingAt"] as? String == "2026-11-23T06:45:00+01:00")
        // Behind UTC, half an hour off it, and in summer time.
        let wall = 1_795_383_000.0
        #expect(LocalClock(timeZone: TimeZone(identifier: "America/New_York")!).isoWithOffset(wall).hasSuffix("-05:00"))
        #expect(LocalClock(timeZone: TimeZone(identifier: "Asia/Kolkata")!).isoWithOffset(wall).hasSuffix("+05:30"))
        #expect(LocalClock(timeZone: TimeZone(identifier: "Europe/Berlin")!).isoWithOffset(wall - 150 * 86_400).hasSuffix("+02:00"))
        #expect(LocalClock(timeZone: TimeZone(identifier: "UTC")!).isoWithOffset(0) == "1970-01-01T00:00:00+00:00")
    }

    @Test func theNightsForAChartCountTheMinutesHeardEachNight() throws {
        let sim = ControlProtocolTests.simulator()
        sim.start()
        let control = ControlProtocol(runner: sim.runner)
        #expect(try ControlProtocol.requestLine(words: ["nights", "7"]) == #"{"cmd":"nights","days":7}"#)
        #expect(Self.error(#"{"cmd":"nights","days":0}"#) == "\"days\" must be a whole number from 1 to 366")
        #expect(Self.error(#"{"cmd":"nights","days":367}"#) == "\"days\" must be a whole number from 1 to 366")
        #expect(Self.error(#"{"cmd":"nights","from":1}"#) == "unknown field \"from\" in a nights request (days)")
        // Sunday 2026-11-22, 22:30 in Berlin: nine minutes of Evening Breath, heard whole.
        #expect(try Self.answer(control, #"{"cmd":"play","item":"med-evening-breath"}"#, sim)["ok"] as? Bool == true)
        sim.advance(to: 12 * 60)
        let answer = try Self.answer(control, #"{"cmd":"nights","days":3}"#, sim)
        let nights = try #require(answer["nights"] as? [[String: Any]])
        #expect(nights.map { $0["night"] as? String } == ["2026-11-20", "2026-11-21", "2026-11-22"])
        #expect(nights.map { $0["sessions"] as? Double } == [0, 0, 1])
        let minutes = try #require(nights.last?["minutes"] as? Double)
        #expect(minutes >= 8.5 && minutes <= 9.5, "\(minutes)")
        // Without "days": the last thirty.
        #expect((try Self.answer(control, #"{"cmd":"nights"}"#, sim)["nights"] as? [Any])?.count == 30)
    }

    @Test func theSleepTimerIsSetAndCancelledAsOnTheBox() throws {
        let sim = ControlProtocolTests.simulator()
        sim.start()
        let control = ControlProtocol(runner: sim.runner)
        #expect(try Self.answer(control, #"{"cmd":"timer","set":"off"}"#, sim)["error"] as? String == "no sleep timer is running")
        // Set while nothing plays, it starts the last mode with it, as the timer button does.
        #expect(try Self.answer(control, #"{"cmd":"timer","set":30}"#, sim)["ok"] as? Bool == true)
        let timer = try #require(sim.box.state.timer)
        #expect(timer.choice == .minutes(30))
        #expect(timer.length == 1800)
        #expect(sim.box.state.phase.isContentSounding || sim.box.state.playback != nil)
        #expect(try Self.answer(control, #"{"cmd":"timer","set":"end"}"#, sim)["ok"] as? Bool == true)
        #expect(sim.box.state.timer?.choice == .endOfContent)
        #expect(try Self.answer(control, #"{"cmd":"timer","set":"off"}"#, sim)["ok"] as? Bool == true)
        #expect(sim.box.state.timer == nil)
    }

    @Test func anAlarmsOwnDawnIsSetSwitchedOffAndGivenBack() throws {
        let sim = ControlProtocolTests.simulator()
        sim.start()
        let control = ControlProtocol(runner: sim.runner)
        #expect(try Self.answer(control, #"{"cmd":"alarm","alarm":2,"dawnMinutes":20}"#, sim)["error"] as? String
                == "alarm 2 is not set; set one with a time first")
        #expect(try Self.answer(control, #"{"cmd":"alarm","alarm":2,"time":"07:15","days":["weekends"]}"#, sim)["ok"] as? Bool == true)
        #expect(try Self.answer(control, #"{"cmd":"alarm","alarm":2,"dawnMinutes":20}"#, sim)["ok"] as? Bool == true)
        var alarm = try #require(sim.box.state.alarms[1])
        #expect(alarm.dawn == true && alarm.dawnMinutes == 20)
        #expect(sim.box.dawnSeconds(alarm) == 1200)
        #expect(try Self.answer(control, #"{"cmd":"alarm","alarm":2,"dawnMinutes":0}"#, sim)["ok"] as? Bool == true)
        alarm = try #require(sim.box.state.alarms[1])
        #expect(alarm.dawn == false && alarm.dawnMinutes == nil)
        #expect(try Self.answer(control, #"{"cmd":"alarm","alarm":2,"dawnMinutes":null}"#, sim)["ok"] as? Bool == true)
        alarm = try #require(sim.box.state.alarms[1])
        #expect(alarm.dawn == nil && alarm.dawnMinutes == nil)
        #expect(alarm.hour == 7 && alarm.minute == 15)
    }

    @Test func aScriptAsksForTheSameInItsOwnWords() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("actions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("s.jsonl").path
        try """
            {"at":"1s","alarm":1,"set":"06:45"}
            {"at":"2s","alarm":1,"dawnMinutes":45}
            {"at":"3s","timer":20}
            {"at":"8h15m5s","snooze":true}
            {"at":"8h16m","dismiss":true}
            """.write(toFile: path, atomically: true, encoding: .utf8)
        let script = try SimulatorScript.load(path: path)
        let requests = script.steps.map(\.action)
        #expect(requests[1] == .alarmSlot(0, .dawnMinutes(45)))
        #expect(requests[2] == .sleepTimer(.minutes(20)))
        #expect(requests[3] == .snooze)
        #expect(requests[4] == .dismiss)
        try "{\"at\":\"1s\",\"timer\":0}\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: ScriptError.self) { try SimulatorScript.load(path: path) }
        try "{\"at\":\"1s\",\"snooze\":false}\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: ScriptError.self) { try SimulatorScript.load(path: path) }
    }
}
