import Foundation
@testable import SleepBoxCore
import Testing

/// Settings > Connect: the home network's switch and epoch (what the runner is told, what the
/// state file keeps), and the pairing code (drawn when its page opens, good for 180 s, five wrong
/// tries and only while the page shows).
@Suite struct BoxCompanionTests {
    /// A box at Monday 22:30 moved on by the owner's gestures, with every command it issued.
    struct Driver {
        var box: Box
        var now: Moment
        var commands: [Command] = []

        init(restoring snapshot: Snapshot? = nil) throws {
            box = Box(config: try Fixture.config(), catalog: Fixture.catalog, seed: 7)
            now = Moment(uptime: 100, wall: try utc(2026, 11, 23, 21, 30))
            commands = box.start(at: now, restoring: snapshot)
        }

        @discardableResult
        mutating func send(_ event: Event, after seconds: Double = 0.3) -> [Command] {
            now = now.advanced(by: seconds)
            let out = box.handle(event, at: now)
            commands += out
            return out
        }

        mutating func press() {
            send(.buttonPressed(.knob))
            send(.buttonReleased(.knob), after: 0.1)
        }

        mutating func hold() {
            send(.buttonPressed(.knob))
            send(.buttonHeld(.knob, seconds: 1), after: 1)
            send(.buttonReleased(.knob), after: 0.1)
        }

        var screen: Screen { box.display(at: now).screen }
        var menu: MenuScreen? {
            if case .menu(let m) = screen { return m }
            return nil
        }
        var pairingScreen: PairingScreen? {
            if case .pairing(let p) = screen { return p }
            return nil
        }
        var page: Page? {
            if case .pages(let stack, _)? = box.state.overlay { return stack.last }
            return nil
        }

        /// Selects the row that reads `label` and presses it.
        mutating func open(_ label: String) {
            guard let m = menu, let index = m.rows.firstIndex(where: { $0.label == label }) else {
                Issue.record("no row \(label) in \(menu?.title ?? screen.name)")
                return
            }
            for _ in 0..<abs(index - m.selected) { send(.knobTurned(detents: (index - m.selected).signum())) }
            press()
        }

        /// Settings > Connect from the idle screen.
        mutating func openConnect() {
            hold()
            open("Settings")
            open("Connect")
        }

        /// The companion's commands issued so far.
        var links: [CompanionSwitch] {
            commands.compactMap { if case .companion(let link) = $0 { return link } else { return nil } }
        }
    }

    /// Switched on, with the pairing page open and `code` drawn.
    static func pairing(code: String = "482913") throws -> Driver {
        var d = try Driver()
        d.send(.ownerRequested(.companion(.on)))
        d.openConnect()
        d.open("Pair a device")
        #expect(d.commands.last == .drawPairingCode)
        d.send(.pairingCodeDrawn(code: code, address: "192.168.1.20:8080"), after: 0.01)
        return d
    }

    @Test func aFreshBoxNeverTellsTheRunnerAndOffIsNoChange() throws {
        var d = try Driver()
        #expect(d.links.isEmpty)
        d.send(.ownerRequested(.companion(.off)))
        d.openConnect()
        #expect(d.menu?.rows.map(\.label) == ["Back", "Home network"], "Pair and Forget only while on")
        #expect(d.links.isEmpty)
        #expect(d.box.snapshot(at: d.now).companion == nil)
    }

    @Test func theSwitchOnThePageAndTheEpochAreTold() throws {
        var d = try Driver()
        d.openConnect()
        d.open("Home network")
        #expect(d.links == [CompanionSwitch(enabled: true, epoch: 0)])
        #expect(d.menu?.rows.map(\.label) == ["Back", "Home network", "Pair a device", "Forget devices"])
        #expect(d.menu?.rows[1].detail == "On")
        d.open("Forget devices")
        #expect(d.screen == .message("Devices forgotten"))
        #expect(d.links.last == CompanionSwitch(enabled: true, epoch: 1))
        #expect(d.commands.contains(.persist))
        d.send(.ownerRequested(.companion(.on)))
        #expect(d.links.count == 2, "already on: no change")
        d.send(.ownerRequested(.companion(.off)))
        #expect(d.links.last == CompanionSwitch(enabled: false, epoch: 1))
        #expect(d.box.snapshot(at: d.now).companion == Snapshot.CompanionSnapshot(enabled: false, epoch: 1))
    }

    @Test func theRightCodePairsOnceAndIsUsedUp() throws {
        var d = try Self.pairing()
        #expect(d.pairingScreen == PairingScreen(title: "Pair a device", code: "482913", lines: ["192.168.1.20:8080", "3:00 left"]))
        #expect(d.box.keepsPanelLit)
        #expect(d.box.pairingVerdict("482913", at: d.now) == .paired(epoch: 0))
        d.send(.ownerRequested(.pair("482913")))
        #expect(d.screen == .message("Device paired"))
        #expect(d.box.state.companion.pairing == nil)
        #expect(d.box.pairingVerdict("482913", at: d.now) == .noCode)
        #expect(!d.box.keepsPanelLit)
    }

    @Test func wrongCodesCountDownAndTheLastVoidsTheCode() throws {
        var d = try Self.pairing()
        for left in (0...4).reversed() {
            #expect(d.box.pairingVerdict("000000", at: d.now) == .wrong(triesLeft: left))
            d.send(.ownerRequested(.pair("000000")))
            #expect(d.box.state.companion.pairing?.triesLeft == left)
        }
        #expect(d.box.pairingVerdict("482913", at: d.now) == .lapsed, "even the right code, once the tries are used up")
        #expect(d.pairingScreen?.lines == ["Code lapsed", "Press for a new code"])
        d.press()
        #expect(d.commands.last == .drawPairingCode, "a press asks for a new code")
        d.send(.pairingCodeDrawn(code: "135790", address: nil), after: 0.01)
        #expect(d.pairingScreen?.lines.first == "No network address")
        #expect(d.box.pairingVerdict("135790", at: d.now) == .paired(epoch: 0))
    }

    @Test func theCodeLapsesAfter180Seconds() throws {
        var d = try Self.pairing()
        let drawn = d.now
        #expect(d.box.nextDeadline.uptime == drawn.uptime + 180)
        d.send(.timePassed, after: 179.9)
        #expect(d.box.pairingVerdict("482913", at: d.now) == .paired(epoch: 0))
        #expect(d.pairingScreen?.lines.last == "0:01 left")
        d.send(.timePassed, after: 0.1)
        #expect(d.box.pairingVerdict("482913", at: d.now) == .lapsed)
        #expect(d.pairingScreen?.code == nil)
        // The lapsed page closes as any page does.
        d.send(.timePassed, after: 30)
        #expect(d.page == nil)
        #expect(d.box.state.companion.pairing == nil)
    }

    @Test func leavingThePageVoidsTheCode() throws {
        var d = try Self.pairing()
        d.hold()
        #expect(d.page == .connect(ConnectPage(selected: 2)))
        #expect(d.box.state.companion.pairing == nil)
        #expect(d.box.pairingVerdict("482913", at: d.now) == .noCode)
        // A code drawn for a page no longer shown is not taken.
        d.send(.pairingCodeDrawn(code: "111111", address: nil))
        #expect(d.box.state.companion.pairing == nil)
        // Another button closes the pages: the code goes too.
        d.open("Pair a device")
        d.send(.pairingCodeDrawn(code: "222222", address: nil), after: 0.01)
        d.send(.buttonPressed(.skip))
        d.send(.buttonReleased(.skip), after: 0.1)
        #expect(d.page == nil)
        #expect(d.box.pairingVerdict("222222", at: d.now) == .noCode)
    }

    @Test func switchedOffThereIsNothingToPair() throws {
        var d = try Self.pairing()
        d.send(.ownerRequested(.companion(.off)))
        #expect(d.box.pairingVerdict("482913", at: d.now) == .switchedOff)
        #expect(d.box.state.companion.pairing == nil)
        d.press()
        #expect(d.page == .connect(ConnectPage(selected: 2)), "the pairing page goes back when pressed while off")
    }

    @Test func thePageStaysOpenWhileTheCodeIsGood() throws {
        var d = try Self.pairing()
        d.send(.timePassed, after: 100)
        #expect(d.page == .pairing(PairingPage()), "a page closes after 30 s; this one not before its code lapsed")
        #expect(d.box.keepsPanelLit)
    }

    @Test func theSwitchAndTheEpochSurviveARestartThePairingNot() throws {
        var d = try Self.pairing()
        d.send(.ownerRequested(.companion(.forget)))
        let saved = d.box.snapshot(at: d.now)
        #expect(saved.companion == Snapshot.CompanionSnapshot(enabled: true, epoch: 1))
        let data = try JSONEncoder().encode(saved)
        let decoded = try JSONDecoder().decode(Snapshot.self, from: data)
        #expect(decoded.validated().rejected.isEmpty)
        let restarted = try Driver(restoring: decoded.validated().snapshot)
        #expect(restarted.box.state.companion.enabled && restarted.box.state.companion.epoch == 1)
        #expect(restarted.box.state.companion.pairing == nil)
        #expect(restarted.links == [CompanionSwitch(enabled: true, epoch: 1)], "the runner keeps the switch again at the start")
    }

    @Test func aBadEpochIsRefusedByNameAndTheSwitchStaysOff() throws {
        var d = try Driver()
        d.send(.ownerRequested(.companion(.on)))
        var saved = d.box.snapshot(at: d.now)
        saved.companion?.epoch = 1_000_001
        let (checked, rejected) = saved.validated()
        #expect(rejected == ["companion.epoch: 1000001 is not 0...1000000; the home network stays off"])
        #expect(checked.companion == Snapshot.CompanionSnapshot(enabled: false, epoch: 0))
        let restarted = try Driver(restoring: checked)
        #expect(!restarted.box.state.companion.enabled)
        #expect(restarted.links == [CompanionSwitch(enabled: false, epoch: 0)], "a file left from before is taken away")
    }

    @Test func anOlderStateFileHasNoCompanion() throws {
        let d = try Driver()
        var object = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(d.box.snapshot(at: d.now))) as? [String: Any])
        object["companion"] = nil
        let snapshot = try JSONDecoder().decode(Snapshot.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(snapshot.companion == nil)
        #expect(try Driver(restoring: snapshot).links.isEmpty)
    }

    @Test func onlySixDigitsAreACode() {
        #expect(Pairing.isCode("012345"))
        for bad in ["12345", "1234567", "12345a", "１２３４５６", " 12345", ""] { #expect(!Pairing.isCode(bad), "\(bad)") }
    }
}
