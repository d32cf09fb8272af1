import Foundation
import Logging
import SleepBoxCore
import Testing
@testable import SleepBoxDaemon
@testable import SleepBoxRunner
@testable import SleepBoxSimulator
@testable import SleepBoxSystem

/// The companion's requests on the control socket, answered by a box in the simulator: the
/// switch, forgetting, a try of the pairing code, the status, the words of `sleepbox ctl`.
@Suite struct ControlCompanionTests {
    static func answer(_ sim: Simulator, _ line: String) throws -> [String: Any] {
        try ControlProtocolTests.object(ControlProtocol(runner: sim.runner).answer(line: line, at: sim.clock.now))
    }

    static func started() -> Simulator {
        let sim = ControlProtocolTests.simulator()
        sim.start()
        return sim
    }

    static func companion(_ sim: Simulator) throws -> [String: Any] {
        let status = try #require(try answer(sim, #"{"cmd":"status"}"#)["status"] as? [String: Any])
        return try #require(status["companion"] as? [String: Any])
    }

    /// Opens Settings > Connect > Pair a device with the knob, as the owner does.
    static func showCode(_ sim: Simulator) throws -> String {
        sim.runner.perform(.hold(.knob, seconds: 1), at: sim.clock.now)
        sim.advance(to: sim.time + 2)
        for label in ["Settings", "Connect", "Pair a device"] {
            let menu = try #require(sim.box.display(at: sim.clock.now).screen.menu, "a menu on the way to \(label)")
            let index = try #require(menu.rows.firstIndex { $0.label == label })
            if index != menu.selected { sim.runner.perform(.turn(index - menu.selected), at: sim.clock.now) }
            sim.advance(to: sim.time + 1)
            sim.runner.perform(.press(.knob), at: sim.clock.now)
            sim.advance(to: sim.time + 1)
        }
        let pairing = try #require(try companion(sim)["pairing"] as? [String: Any])
        return try #require(pairing["code"] as? String)
    }

    @Test func requestsParse() throws {
        #expect(try ControlProtocol.parse(#"{"cmd":"companion","set":"on"}"#).get() == .companion(.on))
        #expect(try ControlProtocol.parse(#"{"cmd":"companion","set":"off"}"#).get() == .companion(.off))
        #expect(try ControlProtocol.parse(#"{"cmd":"companion","forget":true}"#).get() == .companion(.forget))
        #expect(try ControlProtocol.parse(#"{"cmd":"pair","code":"012345"}"#).get() == .pair(code: "012345"))
        #expect(try ControlProtocol.requestLine(words: ["companion", "on"]) == #"{"cmd":"companion","set":"on"}"#)
        #expect(try ControlProtocol.requestLine(words: ["companion", "off"]) == #"{"cmd":"companion","set":"off"}"#)
        #expect(try ControlProtocol.requestLine(words: ["companion", "forget"]) == #"{"cmd":"companion","forget":true}"#)
        #expect(throws: ControlError.self) { try ControlProtocol.requestLine(words: ["companion", "maybe"]) }
    }

    @Test func badRequestsAreRefusedByName() {
        let refusals = [
            #"{"cmd":"companion","set":"on","epoch":3}"#: #"unknown field "epoch" in a companion request (set, forget, address)"#,
            #"{"cmd":"companion","set":"forget"}"#: #""set" must be "on" or "off""#,
            #"{"cmd":"companion","set":true}"#: #""set" must be "on" or "off""#,
            #"{"cmd":"companion","forget":false}"#: #""forget" must be true"#,
            #"{"cmd":"companion","set":"on","forget":true}"#: #"a companion request has "set" or "forget", not both"#,
            #"{"cmd":"companion"}"#: #"a companion request needs "set" ("on" or "off") or "forget":true"#,
            #"{"cmd":"pair","code":"12345"}"#: #""code" must be the six digits the box shows, as a string ("482913")"#,
            #"{"cmd":"pair","code":123456}"#: #""code" must be the six digits the box shows, as a string ("482913")"#,
            #"{"cmd":"pair"}"#: #""code" must be the six digits the box shows, as a string ("482913")"#,
            #"{"cmd":"pair","code":"123456","device":"x"}"#: #"unknown field "device" in a pair request (code)"#,
        ]
        for (line, message) in refusals {
            #expect(ControlProtocol.parse(line).failure == message, "\(line)")
        }
    }

    @Test func theSwitchTheEpochAndTheStatus() throws {
        let sim = Self.started()
        var c = try Self.companion(sim)
        #expect(c["enabled"] as? Bool == false && c["epoch"] as? Int == 0 && c["language"] as? String == "en")
        #expect(c["flag"] is NSNull && c["pairing"] is NSNull)
        #expect(try Self.answer(sim, #"{"cmd":"companion","forget":true}"#)["error"] as? String
                == "the home network is switched off on the box")
        #expect(try Self.answer(sim, #"{"cmd":"companion","set":"on"}"#).count == 1)
        #expect(try Self.answer(sim, #"{"cmd":"companion","forget":true}"#)["ok"] as? Bool == true)
        c = try Self.companion(sim)
        #expect(c["enabled"] as? Bool == true && c["epoch"] as? Int == 1)
        let simulated = try #require(sim.runner.devices.companion as? SimulatedCompanion)
        #expect(simulated.link == CompanionSwitch(enabled: true, epoch: 1))
        #expect(try Self.answer(sim, #"{"cmd":"companion","set":"off"}"#)["ok"] as? Bool == true)
        #expect(simulated.link == CompanionSwitch(enabled: false, epoch: 1))
    }

    @Test func pairingAnswersWithTheEpochOrWhyNot() throws {
        let sim = Self.started()
        let pair = { (code: String) throws -> [String: Any] in try Self.answer(sim, #"{"cmd":"pair","code":"\#(code)"}"#) }
        #expect(try pair("123456")["error"] as? String == "the home network is switched off on the box")
        _ = try Self.answer(sim, #"{"cmd":"companion","set":"on"}"#)
        #expect(try pair("123456")["error"] as? String == "no pairing code is shown on the box")
        let code = try Self.showCode(sim)
        let shown = try #require(try Self.companion(sim)["pairing"] as? [String: Any])
        #expect(shown["address"] as? String == SimulatedCompanion.address)
        #expect(shown["triesLeft"] as? Int == 5)
        #expect((shown["secondsLeft"] as? Int).map { (170...180).contains($0) } == true)
        let wrong = String(format: "%06d", (Int(code)! + 1) % 1_000_000)
        #expect(try pair(wrong)["error"] as? String == "wrong code (4 more tries for this code)")
        #expect((try Self.companion(sim)["pairing"] as? [String: Any])?["triesLeft"] as? Int == 4)
        let answer = try pair(code)
        #expect(answer["ok"] as? Bool == true && answer["epoch"] as? Int == 0 && answer.count == 2)
        #expect(try Self.companion(sim)["pairing"] is NSNull)
        #expect(try pair(code)["error"] as? String == "no pairing code is shown on the box", "used up")

        // A new code: five wrong tries void it.
        let next = try Self.showCode(sim)
        let other = String(format: "%06d", (Int(next)! + 1) % 1_000_000)
        for left in [4, 3, 2] { #expect(try pair(other)["error"] as? String == "wrong code (\(left) more tries for this code)") }
        #expect(try pair(other)["error"] as? String == "wrong code (1 more try for this code)")
        #expect(try pair(other)["error"] as? String == "wrong code; that was its last try: show a new one on the box")
        #expect(try pair(next)["error"] as? String == "the code has lapsed; show a new one on the box")
        #expect(try Self.companion(sim)["pairing"] is NSNull)
    }

    @Test func aCodeLapsesAfter180Seconds() throws {
        let sim = Self.started()
        _ = try Self.answer(sim, #"{"cmd":"companion","set":"on"}"#)
        let code = try Self.showCode(sim)
        sim.advance(to: sim.time + 180)
        #expect(try Self.answer(sim, #"{"cmd":"pair","code":"\#(code)"}"#)["error"] as? String
                == "the code has lapsed; show a new one on the box")
        let status = try #require(try Self.answer(sim, #"{"cmd":"status"}"#)["status"] as? [String: Any])
        #expect((status["menu"] as? [String: Any])?["row"] as? String == "Press for a new code", "the page tells what to do")
    }
}

extension Screen {
    var menu: MenuScreen? {
        if case .menu(let m) = self { return m }
        return nil
    }
}

extension Result where Failure == ControlError {
    var failure: String? {
        if case .failure(let e) = self { return e.message }
        return nil
    }
}

extension ControlCompanionTests {
    /// The companion tells the box where its page answers; the next code is shown with it.
    @Test func theCompanionsAddressIsShownWithTheCode() throws {
        let sim = Self.started()
        #expect(try Self.answer(sim, #"{"cmd":"companion","address":"192.168.1.31:8080"}"#)["error"] as? String
                == "the home network is switched off on the box")
        _ = try Self.answer(sim, #"{"cmd":"companion","set":"on"}"#)
        for bad in [#""192.168.1.31""#, #""host:0""#, #""a b:80""#, #""[fe80::1:80""#, "8080"] {
            #expect(try Self.answer(sim, #"{"cmd":"companion","address":\#(bad)}"#)["ok"] as? Bool == false, "\(bad)")
        }
        #expect(try Self.answer(sim, #"{"cmd":"companion","address":"10.0.0.7:8080","set":"on"}"#)["ok"] as? Bool == false)
        #expect(try Self.answer(sim, #"{"cmd":"companion","address":"10.0.0.7:8080"}"#)["ok"] as? Bool == true)
        _ = try Self.showCode(sim)
        let pairing = try #require(try Self.companion(sim)["pairing"] as? [String: Any])
        #expect(pairing["address"] as? String == "10.0.0.7:8080")
        #expect(BoxRequest.isCompanionAddress("[fe80::1]:8080") && BoxRequest.isCompanionAddress("sleepbox.local:8080"))
    }
}
