import Foundation
import Logging
import SleepBoxCore
import Testing
@testable import SleepBoxDaemon
@testable import SleepBoxRunner
@testable import SleepBoxSimulator

/// Requests that were sent as broken JSON, acted on the wrong alarm, were answered "ok" without
/// being done, or were refused with a bare errno: each is now refused with what is wrong, naming
/// the field.
@Suite struct ControlRequestErrorTests {
    private func refusal(_ words: [String]) -> String? {
        do {
            _ = try ControlProtocol.requestLine(words: words)
            return nil
        } catch {
            return error.message
        }
    }

    private func parseError(_ line: String) -> String? {
        guard case .failure(let error) = ControlProtocol.parse(line) else { return nil }
        return error.message
    }

    @Test func anAlarmNumberIsDigitsGivenOnce() throws {
        #expect(refusal(["alarm", "+2", "set", "06:45"]) == #"alarm N: "+2" is not an alarm number (1 to 4)"#)
        #expect(refusal(["alarm", "-1", "on"]) == #"alarm N: "-1" is not an alarm number (1 to 4)"#)
        #expect(refusal(["alarm", "5", "on"]) == #"alarm N: "5" is not an alarm number (1 to 4)"#)
        #expect(refusal(["alarm", "1", "2", "3", "on"]) == "alarm N: one alarm number at a time (1 2 3 on)")
        #expect(refusal(["alarm", "1", "2", "on"]) == "alarm N: one alarm number at a time (1 2 on)")
        // A leading zero is still the number: the line sent is valid JSON.
        let line = try ControlProtocol.requestLine(words: ["alarm", "02", "set", "06:45"])
        #expect(line == #"{"cmd":"alarm","alarm":2,"time":"06:45"}"#)
        #expect(try ControlProtocol.parse(line).get() == .alarmSlot(1, .set(hour: 6, minute: 45, weekdays: nil)))
    }

    @Test func oneChangeOfAnAlarmARequest() {
        #expect(parseError(#"{"cmd":"alarm","alarm":3,"enabled":false,"time":"06:45"}"#)
                == #""time" and "enabled" cannot go in one request: one change at a time ("time" with "days", "enabled", "skipNext", "clear", "sound", "rampSeconds", "snoozeMinutes", "volume" or "dawnMinutes")"#)
        #expect(parseError(#"{"cmd":"alarm","clear":true,"skipNext":true}"#)
                == #""skipNext" and "clear" cannot go in one request: one change at a time ("time" with "days", "enabled", "skipNext", "clear", "sound", "rampSeconds", "snoozeMinutes", "volume" or "dawnMinutes")"#)
        #expect(parseError(#"{"cmd":"alarm","enabled":true,"days":["mon"]}"#) == #""days" goes with a "time""#)
        #expect(parseError(#"{"cmd":"alarm","alarm":1,"enable":false}"#)
                == #"unknown field "enable" in an alarm request (alarm, time, days, enabled, skipNext, clear, sound, rampSeconds, snoozeMinutes, volume, dawnMinutes)"#)
    }

    @Test func anEnabledFalseWithATimeIsNotAnsweredOkAndLeftOn() throws {
        let sim = ControlProtocolTests.simulator()
        sim.start()
        let control = ControlProtocol(runner: sim.runner)
        let set = try ControlProtocolTests.object(control.answer(line: #"{"cmd":"alarm","alarm":3,"time":"06:45"}"#, at: sim.now))
        #expect(set["ok"] as? Bool == true)
        let both = try ControlProtocolTests.object(control.answer(line: #"{"cmd":"alarm","alarm":3,"enabled":false,"time":"07:00"}"#, at: sim.now))
        #expect(both["ok"] as? Bool == false)
        #expect(sim.box.state.alarms[2] == AlarmSettings(hour: 6, minute: 45))
    }

    @Test func aNumberPastTheRangeOfJSONNamesItsField() {
        #expect(parseError(#"{"cmd":"volume","percent":1e400}"#) == #""percent": the number 1e400 is too large"#)
        #expect(parseError(#"{"cmd":"turn","detents":-1e400}"#) == #""detents": the number -1e400 is too large"#)
        // Text that is no JSON at all still says so.
        #expect(parseError("status") == "not a JSON object: status (column 1: expected an object starting with {)")
    }

    @Test func aClockTimeOutsideTheRangeSaysTheRange() {
        let range = "outside the times the clock can be set to, 2024-01-01 00:00 to 2099-12-31 23:59"
        #expect(parseError(#"{"cmd":"clock","set":"1969-12-31 23:59"}"#) == #""set": 1969-12-31 23:59 is "# + range)
        #expect(parseError(#"{"cmd":"clock","set":"9999-12-31 23:59"}"#) == #""set": 9999-12-31 23:59 is "# + range)
        #expect(parseError(#"{"cmd":"clock","set":"2099-12-31 23:59"}"#) == nil)
    }

    /// 28 March 2027 in Berlin: 02:00 becomes 03:00, so 02:30 never happens that night.
    @Test func aTimeTheClocksSkipIsRefusedNamingTheGap() throws {
        let sim = ControlProtocolTests.simulator()
        sim.start()
        let control = ControlProtocol(runner: sim.runner)
        let before = sim.now.wall
        let gap = try ControlProtocolTests.object(control.answer(line: #"{"cmd":"clock","set":"2027-03-28 02:30"}"#, at: sim.now))
        #expect(gap["ok"] as? Bool == false)
        #expect(gap["error"] as? String == "2027-03-28T02:30:00 does not exist in Europe/Berlin: the clocks go forward over it that night "
                + "(it would be 03:30); give a time before or after the gap")
        #expect(sim.now.wall == before)
        let after = try ControlProtocolTests.object(control.answer(line: #"{"cmd":"clock","set":"2027-03-28 03:30"}"#, at: sim.now))
        #expect(after["ok"] as? Bool == true)
        #expect(after["clock"] as? String == "2027-03-28T03:30:00")
    }

    /// The socket reads requests with the strict JSON reader the scripts use: a key given twice is
    /// refused, not settled by whichever copy a lenient parser keeps.
    @Test func aKeyGivenTwiceIsRefused() {
        #expect(parseError(#"{"cmd":"press","button":"leaf","button":"skip"}"#)
                == #"not a JSON object: {"cmd":"press","button":"leaf","button":"skip"} (column 32: the key "button" appears twice)"#)
        #expect(parseError(#"{"cmd":"status",}"#) == #"not a JSON object: {"cmd":"status",} (column 17: expected a key in double quotes)"#)
    }

    /// One alarm grammar for the socket and the scripts: `clear` must be true on both, and an
    /// unknown day is named the same way.
    @Test func theAlarmGrammarIsTheScripts() throws {
        #expect(parseError(#"{"cmd":"alarm","clear":false}"#) == #""clear" must be true"#)
        let script = #"{"at":"0s","alarm":2,"set":"08:15","days":"mon,someday"}"#
        do {
            _ = try SimulatorScript.parse(text: script, path: "night.jsonl")
            Issue.record("an unknown day was taken")
        } catch {
            #expect(error.message == #"unknown day "someday" (mon, tue, wed, thu, fri, sat, sun, or weekdays, weekends, daily)"#)
        }
    }
}
