import Foundation
import Logging
import SleepBoxCore
import Testing
@testable import SleepBoxDaemon
@testable import SleepBoxRunner
@testable import SleepBoxSimulator
@testable import SleepBoxSystem

/// The control socket's protocol, answered by a runner on the virtual clock: the same requests a
/// script makes, parsed from the socket's JSON lines.
@Suite struct ControlProtocolTests {
    static func simulator() -> Simulator {
        Simulator(config: BoxConfig(timeZone: SimulatorTests.berlin), catalog: BuiltInCatalog.catalog,
                  startWall: SimulatorTests.evening, seed: 7, store: nil, trace: nil, frames: nil, logger: Logger(label: "test"))
    }

    static func object(_ value: JSONValue) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(value.serialized.utf8)) as? [String: Any])
    }

    @Test func requestsParseIntoTheRequestsAScriptMakes() throws {
        #expect(try ControlProtocol.parse(#"{"cmd":"press","button":"leaf"}"#).get() == .press(.leaf))
        #expect(try ControlProtocol.parse(#"{"cmd":"hold","button":"skip","seconds":1.5}"#).get() == .hold(.skip, seconds: 1.5))
        #expect(try ControlProtocol.parse(#"{"cmd":"turn","detents":-2}"#).get() == .turn(-2))
        #expect(try ControlProtocol.parse(#"{"cmd":"alarm","time":"06:45","days":["mon","sun"]}"#).get()
                == .alarmSlot(0, .set(hour: 6, minute: 45, weekdays: [2, 1])))
        #expect(try ControlProtocol.parse(#"{"cmd":"alarm","clear":true}"#).get() == .alarmSlot(0, .clear))
    }

    @Test func otherAlarmsAndSettingsHaveTheSameWords() throws {
        #expect(try ControlProtocol.requestLine(words: ["alarm", "2", "set", "08:15", "weekends"])
                == #"{"cmd":"alarm","alarm":2,"time":"08:15","days":["weekends"]}"#)
        #expect(try ControlProtocol.requestLine(words: ["alarm", "3", "skip-next"]) == #"{"cmd":"alarm","alarm":3,"skipNext":true}"#)
        #expect(try ControlProtocol.requestLine(words: ["setting", "language", "de"])
                == #"{"cmd":"setting","key":"language","value":"de"}"#)
        #expect(try ControlProtocol.requestLine(words: ["setting", "language", "default"])
                == #"{"cmd":"setting","key":"language","value":null}"#)
        #expect(try ControlProtocol.parse(#"{"cmd":"alarm","alarm":2,"time":"08:15","days":["weekends"]}"#).get()
                == .alarmSlot(1, .set(hour: 8, minute: 15, weekdays: [1, 7])))
        #expect(try ControlProtocol.parse(#"{"cmd":"alarm","alarm":4,"enabled":false}"#).get() == .alarmSlot(3, .enable(false)))
        #expect(try ControlProtocol.parse(#"{"cmd":"setting","key":"display.clock_24h","value":"off"}"#).get()
                == .setting(key: "display.clock_24h", value: "off"))

        // Carried out: alarm 2 set, a setting made; a fifth alarm and a value not offered are refused.
        let sim = Self.simulator()
        let t = sim.clock.now
        #expect(sim.runner.perform(.alarmSlot(1, .set(hour: 8, minute: 15, weekdays: [1, 7])), at: t) == nil)
        #expect(sim.runner.box.state.alarms[1] == AlarmSettings(hour: 8, minute: 15, weekdays: [1, 7]))
        #expect(sim.runner.perform(.alarmSlot(1, .skipNext(true)), at: t) == nil)
        #expect(sim.runner.box.state.alarms[1]?.skipNext == true)
        #expect(sim.runner.perform(.alarmSlot(2, .enable(true)), at: t) == "alarm 3 is not set; set one with a time first")
        #expect(sim.runner.perform(.setting(key: "display.clock_24h", value: "off"), at: t) == nil)
        #expect(sim.runner.box.config.display.twentyFourHour == false)
        #expect(sim.runner.perform(.setting(key: "language", value: "fr"), at: t) == "\"fr\" is not a value of language (en, de, or default)")
    }

    @Test func alarmDaysTakeTheConfigurationsWords() throws {
        #expect(try ControlProtocol.parse(#"{"cmd":"alarm","time":"07:00","days":["weekends"]}"#).get()
                == .alarmSlot(0, .set(hour: 7, minute: 0, weekdays: [1, 7])))
        #expect(try ControlProtocol.parse(#"{"cmd":"alarm","time":"06:30","days":["Weekdays","sat"]}"#).get()
                == .alarmSlot(0, .set(hour: 6, minute: 30, weekdays: [2, 3, 4, 5, 6, 7])))
        #expect(try ControlProtocol.parse(#"{"cmd":"alarm","time":"06:30","days":["daily"]}"#).get()
                == .alarmSlot(0, .set(hour: 6, minute: 30, weekdays: Set(1...7))))
        guard case .failure(let error) = ControlProtocol.parse(#"{"cmd":"alarm","time":"06:30","days":["someday"]}"#) else {
            Issue.record("an unknown day was accepted")
            return
        }
        #expect(error.message == #"unknown day "someday" (mon, tue, wed, thu, fri, sat, sun, or weekdays, weekends, daily)"#)
    }

    /// Each of these was taken (or crashed the daemon) before: numbers are range-checked before any
    /// conversion, and every value must have its JSON type.
    @Test(arguments: [
        (#"{"cmd":"turn","detents":-9223372036854775808}"#, #""detents" must be a whole number from -100 to 100, not 0"#),
        (#"{"cmd":"turn","detents":1e300}"#, #""detents" must be a whole number from -100 to 100, not 0"#),
        (#"{"cmd":"turn","detents":true}"#, #""detents" must be a whole number from -100 to 100, not 0"#),
        (#"{"cmd":"turn","detents":1.5}"#, #""detents" must be a whole number from -100 to 100, not 0"#),
        (#"{"cmd":"volume","percent":true}"#, #""percent" must be a whole number from 0 to 100"#),
        (#"{"cmd":"volume","percent":1000}"#, #""percent" must be a whole number from 0 to 100"#),
        (#"{"cmd":"hold","button":"skip","seconds":1e400}"#, #""seconds": the number 1e400 is too large"#),
        (#"{"cmd":"hold","button":"skip","seconds":false}"#, #""seconds" must be a number between 0 and 60"#),
        (#"{"cmd":"alarm","enabled":"true"}"#, #""enabled" must be true or false"#),
        (#"{"cmd":"alarm","enabled":1}"#, #""enabled" must be true or false"#),
        (#"{"cmd":"alarm","time":"06:45","days":"mon"}"#, #""days" must be a list of at least one day (mon, tue, wed, thu, fri, sat, sun, or weekdays, weekends, daily)"#),
        (#"{"cmd":"alarm","time":"06:45","days":[]}"#, #""days" must be a list of at least one day (mon, tue, wed, thu, fri, sat, sun, or weekdays, weekends, daily)"#),
        (#"{"cmd":"alarm","time":"06:45","days":[1]}"#, "unknown day 1 (mon, tue, wed, thu, fri, sat, sun, or weekdays, weekends, daily)"),
        (#"{"cmd":"alarm","time":"+6:45"}"#, #""time" must be HH:MM (00:00-23:59)"#),
        (#"{"cmd":"alarm","time":"-0:45"}"#, #""time" must be HH:MM (00:00-23:59)"#),
        (#"{"cmd":"alarm","time":"25:61"}"#, #""time" must be HH:MM (00:00-23:59)"#),
    ])
    func outsideValuesAreCheckedBeforeTheyAreUsed(line: String, message: String) {
        guard case .failure(let error) = ControlProtocol.parse(line) else {
            Issue.record("\(line) was taken")
            return
        }
        #expect(error.message == message)
    }

    @Test func wellTypedAlarmRequestsStillParse() throws {
        #expect(try ControlProtocol.parse(#"{"cmd":"alarm","time":"6:45"}"#).get() == .alarmSlot(0, .set(hour: 6, minute: 45, weekdays: nil)))
        #expect(try ControlProtocol.parse(#"{"cmd":"alarm","enabled":false}"#).get() == .alarmSlot(0, .enable(false)))
        #expect(try ControlProtocol.parse(#"{"cmd":"alarm","skipNext":true}"#).get() == .alarmSlot(0, .skipNext(true)))
        #expect(try ControlProtocol.parse(#"{"cmd":"volume","percent":40}"#).get() == .volume(40))
        #expect(try ControlProtocol.parse(#"{"cmd":"turn","detents":-3}"#).get() == .turn(-3))
    }

    @Test func aBadRequestIsAnsweredWithWhatIsWrong() throws {
        let sim = Self.simulator()
        sim.start()
        let answer = try Self.object(ControlProtocol(runner: sim.runner).answer(line: #"{"cmd":"jump"}"#, at: sim.now))
        #expect(answer["ok"] as? Bool == false)
        #expect(answer["error"] as? String == #"unknown command "jump" (status, nights, watch, press, hold, turn, alarm, setting, volume, frame, clock, light, play, stop, reminder, meditation, snooze, dismiss, timer, companion, pair)"#)
    }

    @Test func enablingAnAlarmThatIsNotSetIsRefused() throws {
        let sim = Self.simulator()
        sim.start()
        let answer = try Self.object(ControlProtocol(runner: sim.runner).answer(line: #"{"cmd":"alarm","enabled":true}"#, at: sim.now))
        #expect(answer["ok"] as? Bool == false)
        #expect(answer["error"] as? String == "no alarm is set; set one with a time first")
        #expect(sim.box.state.alarm == nil)
    }

    @Test func setAfterSkipNextAndOffRingsTheNewAlarmTheNextMorning() throws {
        let sim = Self.simulator()
        sim.start()
        let control = ControlProtocol(runner: sim.runner)
        for line in [#"{"cmd":"alarm","time":"06:30"}"#, #"{"cmd":"alarm","skipNext":true}"#,
                     #"{"cmd":"alarm","enabled":false}"#, #"{"cmd":"alarm","time":"06:45"}"#] {
            #expect(try Self.object(control.answer(line: line, at: sim.now))["ok"] as? Bool == true, "\(line)")
        }
        #expect(sim.box.state.alarm == AlarmSettings(hour: 6, minute: 45))
        // Monday 2026-11-23 06:45 in Berlin, 8 h 15 min after the start.
        sim.advance(to: 8 * 3600 + 15 * 60)
        #expect(sim.box.state.phase.isAlarmActive)
        #expect(sim.box.state.alarmLog.lastSkipped == nil)
    }

    @Test func aPressOnTheSocketGoesThroughTheDecoderLikeAScriptedOne() throws {
        let sim = Self.simulator()
        sim.start()
        let control = ControlProtocol(runner: sim.runner)
        #expect(try Self.object(control.answer(line: #"{"cmd":"press","button":"leaf"}"#, at: sim.now))["ok"] as? Bool == true)
        // Nothing happens before the edges do.
        #expect(sim.box.state.mode == .off)
        sim.advance(to: 1)
        #expect(sim.box.state.mode == .meditation)
        let status = try #require(try Self.object(control.answer(line: #"{"cmd":"status"}"#, at: sim.now))["status"] as? [String: Any])
        #expect(status["mode"] as? String == "meditation")
        #expect(status["t"] as? Double == 1)
        #expect(status["clock"] as? String == "2026-11-22T22:30:01")
    }

    @Test func theWallClockOfTheSystemCannotJumpByAScriptRequest() throws {
        let clock = try RealClock(keeper: ClockKeeperTests.keeper(directory: "/nonexistent").keeper)
        let runner = BoxRunner(config: BoxConfig(timeZone: SimulatorTests.berlin), catalog: BuiltInCatalog.catalog, seed: 1,
                               clock: clock, devices: BoxDevices(input: NoInputLines(), display: NoDisplay(),
                                                                 audio: SimulatedAudioOutput(catalog: BuiltInCatalog.catalog), state: nil),
                               screenSleeps: false, debounceSeconds: 0.005, logger: Logger(label: "test"))
        let local = try #require(LocalDateTime(parsing: "2026-11-23T06:40:00"))
        #expect(runner.perform(.clock(local), at: clock.now) == "the wall clock is the system's; set it with setClock")
    }
}
