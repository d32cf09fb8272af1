import Foundation
import SleepBoxCore
import Testing
@testable import SleepBoxDaemon
@testable import SleepBoxRunner
@testable import SleepBoxSimulator

private func parse(_ text: String) throws(ScriptError) -> SimulatorScript {
    try SimulatorScript.parse(text: text, path: "night.jsonl")
}

/// The message `text` is rejected with.
private func errorText(_ text: String) -> String? {
    do {
        _ = try parse(text)
        return nil
    } catch {
        return error.description
    }
}

@Suite struct SimulatorScriptTests {
    @Test func readsEveryFormOfEvent() throws {
        let script = try parse("""
            # A night: meditation, a 30-minute timer, the alarm.
            {"at":"0s","press":"leaf"}
            // the timer
            {"at": 5, "press": "timer"}

              {"at":"5.5s","turn":2}
            {"at":"6s","turn":-1}
            {"at":"7s","press":"knob"}
            {"at":"90s","hold":"skip","for":"1.2s"}
            {"at":"1m30s","hold":"knob","for":2}
            {"at":"7h","clock":"2026-11-23T06:40:00"}
            {"at":"7h","clock":"2026-11-23T06:40:00+01:00"}
            {"at":"8h","clock":"2026-11-23T06:50:00Z"}
            {"at":"9h","end":true}
            """)
        let clock = try #require(LocalDateTime(year: 2026, month: 11, day: 23, hour: 6, minute: 40))
        let offset = try #require(LocalDateTime(year: 2026, month: 11, day: 23, hour: 6, minute: 40, utcOffsetSeconds: 3600))
        let zulu = try #require(LocalDateTime(year: 2026, month: 11, day: 23, hour: 6, minute: 50, utcOffsetSeconds: 0))
        #expect(script.steps == [
            ScriptStep(line: 2, at: 0, action: .press(.leaf)),
            ScriptStep(line: 4, at: 5, action: .press(.timer)),
            ScriptStep(line: 6, at: 5.5, action: .turn(2)),
            ScriptStep(line: 7, at: 6, action: .turn(-1)),
            ScriptStep(line: 8, at: 7, action: .press(.knob)),
            ScriptStep(line: 9, at: 90, action: .hold(.skip, seconds: 1.2)),
            ScriptStep(line: 10, at: 90, action: .hold(.knob, seconds: 2)),
            ScriptStep(line: 11, at: 25_200, action: .clock(clock)),
            ScriptStep(line: 12, at: 25_200, action: .clock(offset)),
            ScriptStep(line: 13, at: 28_800, action: .clock(zulu)),
            ScriptStep(line: 14, at: 32_400, action: .end),
        ])
        #expect(script.endTime == 32_400)
    }

    @Test func anEmptyScriptHasNoStepsAndNoEnd() throws {
        let script = try parse("\n# nothing\n\r\n   \n")
        #expect(script.steps == [])
        #expect(script.endTime == nil)
    }

    @Test func windowsLineEndingsAndJSONEscapesAreFine() throws {
        let script = try parse("{\"at\":\"1s\",\"press\":\"le\\u0061f\"}\r\n{\"at\":2.0,\"end\":true}\r\n")
        #expect(script.steps == [
            ScriptStep(line: 1, at: 1, action: .press(.leaf)),
            ScriptStep(line: 2, at: 2, action: .end),
        ])
    }

    @Test func theErrorCarriesFileLineAndExitCode65() {
        do {
            _ = try parse("{\"at\":\"0s\",\"press\":\"leaf\"}\n\n{\"at\":\"3x\",\"press\":\"leaf\"}\n")
            Issue.record("accepted a bad duration")
        } catch {
            #expect(error == ScriptError(path: "night.jsonl", line: 3,
                                         message: #""3x" is not a duration (e.g. "250ms", "1.5s", "90s", "2m", "1h30m")"#))
            #expect(error.exitCode == 65)
        }
    }

    @Test func malformedJSONSaysWhereItBroke() {
        let hint = #"(each line is one event such as {"at":"90s","press":"skip"})"#
        #expect(errorText(#"{"at":"0s","press":"leaf""#) ==
            #"night.jsonl:1: malformed JSON at column 26: expected "," or "}" "# + hint)
        #expect(errorText("{\"at\":\"0s\",\"press\":\"leaf\",}") ==
            #"night.jsonl:1: malformed JSON at column 27: expected a key in double quotes "# + hint)
        #expect(errorText("\n{at:\"0s\"}") ==
            #"night.jsonl:2: malformed JSON at column 2: expected a key in double quotes "# + hint)
        #expect(errorText(#"["at","0s"]"#) ==
            #"night.jsonl:1: malformed JSON at column 1: expected an object starting with { "# + hint)
        #expect(errorText(#"{"at":"0s","press":"leaf"} {"at":"1s","press":"skip"}"#) ==
            #"night.jsonl:1: malformed JSON at column 28: unexpected text after the closing } "# + hint)
        #expect(errorText(#"{"at":1e999,"end":true}"#) ==
            #"night.jsonl:1: malformed JSON at column 7: the number 1e999 is too large "# + hint)
        #expect(errorText(#"{"at":"0s","press":"leaf","press":"skip"}"#) ==
            #"night.jsonl:1: malformed JSON at column 27: the key "press" appears twice "# + hint)
        #expect(errorText(#"{"at":"0s","press":tru}"#) ==
            #"night.jsonl:1: malformed JSON at column 23: expected a value (true, false, null, a number or a string) "# + hint)
        #expect(errorText(#"{"at":01,"end":true}"#) ==
            #"night.jsonl:1: malformed JSON at column 8: expected "," or "}" "# + hint)
        #expect(errorText(String(repeating: "[", count: 100)) ==
            #"night.jsonl:1: malformed JSON at column 1: expected an object starting with { "# + hint)
        #expect(errorText(#"{"a":"# + String(repeating: "[", count: 100)) ==
            #"night.jsonl:1: malformed JSON at column 37: nested too deeply "# + hint)
    }

    @Test func unknownKeysAreRejectedWithASuggestion() {
        #expect(errorText(#"{"at":"0s","presss":"leaf"}"#) ==
            #"night.jsonl:1: unknown key "presss"; did you mean "press"? (allowed: at, press, hold, for, turn, clock, setClock, alarm, set, days, enabled, skipNext, clear, setting, value, light, snooze, dismiss, timer, companion, soundDevice, end, sound, rampSeconds, snoozeMinutes, volume, dawnMinutes)"#)
        #expect(errorText(#"{"at":"0s","press":"leaf","note":"x"}"#) ==
            #"night.jsonl:1: unknown key "note" (allowed: at, press, hold, for, turn, clock, setClock, alarm, set, days, enabled, skipNext, clear, setting, value, light, snooze, dismiss, timer, companion, soundDevice, end, sound, rampSeconds, snoozeMinutes, volume, dawnMinutes)"#)
    }

    @Test func unknownButtonsAreRejected() {
        #expect(errorText(#"{"at":"0s","press":"leef"}"#) ==
            #"night.jsonl:1: unknown button "leef"; did you mean "leaf"? (leaf, skip, timer, knob)"#)
        #expect(errorText(#"{"at":"0s","hold":"power","for":"1s"}"#) ==
            #"night.jsonl:1: unknown button "power" (leaf, skip, timer, knob)"#)
        #expect(errorText(#"{"at":"0s","press":1}"#) ==
            #"night.jsonl:1: "press" must be a button (leaf, skip, timer, knob), found a number"#)
    }

    @Test func quotedValuesStayOnOneLine() {
        #expect(errorText(#"{"at":"0s","press":"le\naf"}"#) ==
            #"night.jsonl:1: unknown button "le\naf"; did you mean "leaf"? (leaf, skip, timer, knob)"#)
        #expect(errorText("{\"at\":\u{7}}") ==
            #"night.jsonl:1: malformed JSON at column 7: unexpected "\u0007"; expected a value (each line is one event such as {"at":"90s","press":"skip"})"#)
    }

    @Test func oneActionPerLine() {
        #expect(errorText(#"{"at":"0s","press":"leaf","turn":2}"#) ==
            #"night.jsonl:1: two actions in one line ("press" and "turn"); write one event per line"#)
        #expect(errorText(#"{"at":"0s","end":true,"clock":"2026-11-23T06:40:00","hold":"skip"}"#) ==
            #"night.jsonl:1: 3 actions in one line ("hold", "clock", "end"); write one event per line"#)
        #expect(errorText(#"{"at":"0s"}"#) ==
            "night.jsonl:1: no action; give one of press, hold, turn, clock, setClock, alarm, setting, light, snooze, dismiss, timer, companion, soundDevice, end")
        #expect(errorText(#"{"at":"0s","press":"skip","for":"1s"}"#) ==
            #"night.jsonl:1: "for" goes with "hold" only"#)
    }

    @Test func theCompanionKey() throws {
        let script = try parse(#"{"at":"1s","companion":"on"}"# + "\n" + #"{"at":"2s","companion":"forget"}"# + "\n"
                               + #"{"at":"3s","companion":"off"}"#)
        #expect(script.steps.map(\.action) == [.companion(.on), .companion(.forget), .companion(.off)])
        #expect(errorText(#"{"at":"0s","companion":true}"#) == #"night.jsonl:1: "companion" must be "on", "off" or "forget""#)
    }

    @Test func atIsRequiredAndMustBeADuration() {
        #expect(errorText(#"{"press":"leaf"}"#) ==
            #"night.jsonl:1: missing "at" (when the event happens, e.g. "at":"90s")"#)
        #expect(errorText(#"{"at":"3x","press":"leaf"}"#) ==
            #"night.jsonl:1: "3x" is not a duration (e.g. "250ms", "1.5s", "90s", "2m", "1h30m")"#)
        #expect(errorText(#"{"at":"90","press":"leaf"}"#) ==
            #"night.jsonl:1: "90" is not a duration (e.g. "250ms", "1.5s", "90s", "2m", "1h30m")"#)
        #expect(errorText(#"{"at":-1,"press":"leaf"}"#) ==
            #"night.jsonl:1: "at" must not be negative, found -1"#)
        #expect(errorText(#"{"at":true,"press":"leaf"}"#) ==
            #"night.jsonl:1: "at" must be a duration (e.g. "250ms", "1.5s", "90s", "2m", "1h30m") or a number of seconds, found true"#)
    }

    @Test func eventsMustNotGoBackInTime() {
        #expect(errorText("{\"at\":\"2m\",\"press\":\"leaf\"}\n# later\n{\"at\":\"1m\",\"press\":\"skip\"}") ==
            #"night.jsonl:3: "at" 1m is before the previous event (2m, line 1); events must be in time order"#)
    }

    @Test func holdNeedsAPositiveFor() {
        #expect(errorText(#"{"at":"90s","hold":"skip"}"#) ==
            #"night.jsonl:1: "hold" needs "for" (how long the button is held, e.g. "for":"1.2s")"#)
        #expect(errorText(#"{"at":"90s","hold":"skip","for":"0s"}"#) ==
            #"night.jsonl:1: "for" must be longer than 0s"#)
        #expect(errorText(#"{"at":"90s","hold":"skip","for":"long"}"#) ==
            #"night.jsonl:1: "long" is not a duration (e.g. "250ms", "1.5s", "90s", "2m", "1h30m")"#)
    }

    @Test func turnMustBeANonZeroWholeNumber() {
        #expect(errorText(#"{"at":"2m","turn":0}"#) ==
            #"night.jsonl:1: "turn" 0 turns nothing; give a non-zero number of detents (negative = counter-clockwise)"#)
        #expect(errorText(#"{"at":"2m","turn":1.5}"#) ==
            #"night.jsonl:1: "turn" must be a whole number of detents, found 1.5"#)
        #expect(errorText(#"{"at":"2m","turn":1e300}"#) ==
            #"night.jsonl:1: "turn" must be a whole number of detents, found 1e+300"#)
        #expect(errorText(#"{"at":"2m","turn":"3"}"#) ==
            #"night.jsonl:1: "turn" must be a whole number of detents, found a string"#)
    }

    @Test func clockNeedsADateAndTime() {
        #expect(errorText(#"{"at":"7h","clock":"06:40"}"#) ==
            #"night.jsonl:1: "06:40" is not a date and time (YYYY-MM-DDTHH:MM:SS local time, or with Z or an offset such as +01:00)"#)
        #expect(errorText(#"{"at":"7h","clock":1795412400}"#) ==
            #"night.jsonl:1: "clock" must be a date and time such as "2026-11-23T06:40:00", found a number"#)
    }

    @Test func endMustBeTrueAndLast() {
        #expect(errorText(#"{"at":"9h","end":false}"#) == #"night.jsonl:1: "end" must be true, found false"#)
        #expect(errorText(#"{"at":"9h","end":1}"#) == #"night.jsonl:1: "end" must be true, found a number"#)
        #expect(errorText("{\"at\":\"9h\",\"end\":true}\n\n{\"at\":\"10h\",\"press\":\"leaf\"}") ==
            #"night.jsonl:3: an event after "end" (line 1); the run has ended there"#)
    }

    @Test func anUnreadableScriptNamesThePathAndExits66() {
        let missing = "/nonexistent-\(UUID().uuidString)/night.jsonl"
        do {
            _ = try SimulatorScript.load(path: missing)
            Issue.record("read a missing file")
        } catch {
            #expect(error.description == "\(missing): cannot read the script: No such file or directory (errno 2)")
            #expect(error.errno == 2)
            #expect(error.line == nil)
            #expect(error.exitCode == 66)
        }
    }

    @Test func aScriptFileIsLoaded() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("night-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("{\"at\":\"0s\",\"press\":\"leaf\"}\n{\"at\":\"1h\",\"end\":true}\n".utf8).write(to: URL(fileURLWithPath: path))
        let script = try SimulatorScript.load(path: path)
        #expect(script == SimulatorScript(steps: [
            ScriptStep(line: 1, at: 0, action: .press(.leaf)),
            ScriptStep(line: 2, at: 3600, action: .end),
        ]))
    }

    @Test func garbageNeverCrashes() {
        let lines = ["{", "}", "{\"", "{\"at\"", "{\"at\":", "{\"at\":\"", "\"", "\u{0}", "{\"at\":\"\\u12\"}",
                     "{\"at\":\"\\ud800\"}", "{\"at\":\"\\ud800\\u0041\"}", "{\"a\":-}", "{\"a\":1.}", "{\"a\":1e}",
                     "{\"a\":[1,]}", "{\"a\":{\"b\":}}", "{\"a\":\"\u{1}\"}", "{\"at\":\"\\q\"}", "🙂", "{\"🙂\":1}"]
        for line in lines {
            #expect(errorText(line)?.hasPrefix("night.jsonl:1: ") == true, "\(line)")
        }
    }
}
