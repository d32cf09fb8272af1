import Testing
@testable import SleepBoxDaemon
@testable import SleepBoxSimulator
import SleepBoxSystem

/// Numbers in a simulator script are range-checked where they are read: a value past the range is
/// refused with its line and the range, never converted or run.
@Suite struct SimulatorScriptRangeTests {
    private func errorText(_ text: String) -> String? {
        do {
            _ = try SimulatorScript.parse(text: text, path: "night.jsonl")
            return nil
        } catch {
            return error.description
        }
    }

    @Test func atIsWithinTheLongestRun() {
        #expect(errorText(#"{"at":1e19,"end":true}"#) ==
            #"night.jsonl:1: "at" must be from 0s to 744h (31 days), found 1e+19s"#)
        #expect(errorText("{\"at\":\"0s\",\"press\":\"leaf\"}\n{\"at\":\"100000h\",\"press\":\"skip\"}") ==
            #"night.jsonl:2: "at" must be from 0s to 744h (31 days), found 100000h"#)
        #expect(errorText(#"{"at":"744h","end":true}"#) == nil)
    }

    @Test func aHoldIsAtMostAMinute() {
        #expect(errorText("{\"at\":\"0s\",\"press\":\"leaf\"}\n{\"at\":\"1s\",\"hold\":\"skip\",\"for\":1e308}") ==
            #"night.jsonl:2: "for" must be longer than 0s and at most 1m, found 1e+308s"#)
        #expect(errorText(#"{"at":"1s","hold":"skip","for":"61s"}"#) ==
            #"night.jsonl:1: "for" must be longer than 0s and at most 1m, found 1m1s"#)
        #expect(errorText(#"{"at":"1s","hold":"skip","for":"1m"}"#) == nil)
    }

    @Test func aTurnIsAtMostAHundredDetents() {
        #expect(errorText(#"{"at":"0s","turn":1000000}"#) ==
            #"night.jsonl:1: "turn" must be a whole number of detents from -100 to 100, found 1000000"#)
        #expect(errorText(#"{"at":"0s","turn":-101}"#) ==
            #"night.jsonl:1: "turn" must be a whole number of detents from -100 to 100, found -101"#)
        #expect(errorText(#"{"at":"0s","turn":-100}"#) == nil)
    }

    @Test func anObjectWithThousandsOfKeysIsRefusedAtTheCap() throws {
        let keys = (0..<20_000).map { "\"k\($0)\":1" }.joined(separator: ",")
        let message = try #require(errorText("{" + keys + "}"))
        #expect(message.hasPrefix("night.jsonl:1: malformed JSON at column "))
        #expect(message.contains(": more than \(JSONParser.Limits.line.members) keys in one object"))
        let twice = #"{"at":"0s","at":"1s","end":true}"#
        #expect(errorText(twice) == #"night.jsonl:1: malformed JSON at column 12: the key "at" appears twice (each line is one event such as {"at":"90s","press":"skip"})"#)
    }
}
