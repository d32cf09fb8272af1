import Foundation
import Logging
import SleepBoxCore
import SleepBoxDaemon
import SleepBoxHardware
import SleepBoxSystem
import Testing
@testable import SleepBoxRunner
@testable import SleepBoxTools

/// Stand-in system clocks: a wall clock that setting moves, a boot clock, a synchronised flag,
/// and a refusal to set (as without CAP_SYS_TIME).
final class StandInClocks: @unchecked Sendable {
    var wall = 1_795_000_000.0
    var sinceBoot = 120.0
    var synchronised = false
    var refusal: Int32?
    var sets: [Double] = []

    var clocks: ClockKeeper.Clocks {
        ClockKeeper.Clocks(wall: { self.wall }, sinceBoot: { self.sinceBoot }, synchronised: { self.synchronised },
                           setWall: { (w: Double) throws(SystemError) in
                               if let e = self.refusal { throw SystemError("clock_settime CLOCK_REALTIME", errno: e) }
                               self.sets.append(w)
                               self.wall = w
                           })
    }
}

@Suite struct ClockKeeperTests {
    /// A keeper over stand-in clocks, with no RTC (`/nonexistent/rtc0`), keeping its state in `directory`.
    static func keeper(directory: String) -> (keeper: ClockKeeper, clocks: StandInClocks) {
        let clocks = StandInClocks()
        return (ClockKeeper(stateDirectory: directory, rtc: RTCDevice(path: "/nonexistent/rtc0"), clocks: clocks.clocks), clocks)
    }

    static func folder() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sleepbox-clock-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// A started runner in Berlin on `clock`, with no devices.
    static func runner(_ clock: RealClock) -> BoxRunner {
        let runner = BoxRunner(config: BoxConfig(timeZone: SimulatorTests.berlin), catalog: BuiltInCatalog.catalog, seed: 1,
                               clock: clock, devices: BoxDevices(input: NoInputLines(), display: NoDisplay(),
                                                                 audio: SimulatedAudioOutput(catalog: BuiltInCatalog.catalog), state: nil),
                               screenSleeps: false, debounceSeconds: 0.005, logger: Logger(label: "test"))
        runner.start()
        return runner
    }

    @Test func theSourceRule() {
        let valid = RTCReading(path: "/dev/rtc0", time: 1_795_000_003, systemWall: 1_795_000_000, error: nil)
        let never = RTCReading(path: "/dev/rtc0", time: 946_684_800, systemWall: 946_684_800, error: nil)
        let apart = RTCReading(path: "/dev/rtc0", time: 1_795_000_000, systemWall: 1_795_000_011, error: nil)
        let none = RTCReading(path: "/dev/rtc0", time: nil, systemWall: 1_795_000_000, error: SystemError("open", errno: ENOENT))
        #expect(valid.isValid && !never.isValid && !apart.isValid && !none.isValid)
        #expect(ClockKeeper.source(synchronised: true, setByHand: true, rtc: valid) == .ntp)
        #expect(ClockKeeper.source(synchronised: false, setByHand: true, rtc: valid) == .setByHand)
        #expect(ClockKeeper.source(synchronised: false, setByHand: false, rtc: valid) == .rtc)
        #expect(ClockKeeper.source(synchronised: false, setByHand: false, rtc: never) == .untrusted)
        #expect(ClockKeeper.source(synchronised: false, setByHand: false, rtc: apart) == .untrusted)
        #expect(ClockKeeper.source(synchronised: false, setByHand: false, rtc: none) == .untrusted)
    }

    @Test func aHandSettingIsRememberedAcrossRestartsButNotAcrossBoots() throws {
        let dir = try Self.folder()
        let (keeper, clocks) = Self.keeper(directory: dir)
        #expect(keeper.source == .untrusted)
        let outcome = try keeper.set(1_795_100_000)
        #expect(clocks.sets == [1_795_100_000])
        #expect(outcome == ClockSetOutcome(rtc: .absent("/nonexistent/rtc0"), remembered: nil))
        #expect(keeper.source == .setByHand)

        // The daemon restarts 30 s later in the same boot.
        clocks.wall += 30
        clocks.sinceBoot += 30
        let restarted = ClockKeeper(stateDirectory: dir, rtc: RTCDevice(path: "/nonexistent/rtc0"), clocks: clocks.clocks)
        #expect(restarted.source == .setByHand)

        // Network time synchronises it: that wins.
        clocks.synchronised = true
        #expect(restarted.source == .ntp)
        clocks.synchronised = false

        // A power cut: the next boot counts from 0 again, with the clock wherever it came up.
        clocks.sinceBoot = 15
        clocks.wall = 1_795_000_000
        let nextBoot = ClockKeeper(stateDirectory: dir, rtc: RTCDevice(path: "/nonexistent/rtc0"), clocks: clocks.clocks)
        #expect(nextBoot.source == .untrusted)
        // Nor does a jump of the clock by anything else in the same boot.
        clocks.sinceBoot = 200
        clocks.wall = 1_795_100_080 + 3600
        restarted.refresh()
        #expect(restarted.source == .untrusted)
    }

    @Test func aRefusedSettingChangesNothingAndSaysWhatIsMissing() throws {
        let dir = try Self.folder()
        let (keeper, clocks) = Self.keeper(directory: dir)
        clocks.refusal = EPERM
        #expect(throws: ClockSetError.self) { try keeper.set(1_795_100_000) }
        do {
            _ = try keeper.set(1_795_100_000)
        } catch {
            #expect(error.description == "the clock was not set: clock_settime CLOCK_REALTIME: Operation not permitted (errno 1): "
                    + "the service needs CAP_SYS_TIME (the packaged unit grants it; see deploy/README.md)")
        }
        #expect(clocks.wall == 1_795_000_000)
        #expect(keeper.source == .untrusted)
        #expect(!FileManager.default.fileExists(atPath: dir + "/clock-set-by-hand"))
    }

    /// `sleepbox ctl clock set` on the box: the request goes through the core's `setClock` to the
    /// real clock's keeper; a refusal comes back as the answer and on the screen.
    @Test func theControlSocketSetsTheClockThroughTheCore() throws {
        let dir = try Self.folder()
        let (keeper, clocks) = Self.keeper(directory: dir)
        let clock = try RealClock(keeper: keeper)
        let runner = Self.runner(clock)
        #expect(runner.box.state.clockSource == .untrusted)
        let control = ControlProtocol(runner: runner, rtcReading: { keeper.rtcReading })

        clocks.refusal = EPERM
        let refused = try ControlProtocolTests.object(control.answer(line: #"{"cmd":"clock","set":"2026-11-25 22:30"}"#, at: clock.now))
        #expect(refused["ok"] as? Bool == false)
        #expect((refused["error"] as? String)?.contains("CAP_SYS_TIME") == true)
        #expect(runner.box.state.clockSource == .untrusted)
        #expect(runner.box.display(at: clock.now).screen == .message("Clock not set"))

        clocks.refusal = nil
        let set = try ControlProtocolTests.object(control.answer(line: #"{"cmd":"clock","set":"2026-11-25 22:30"}"#, at: clock.now))
        #expect(set["ok"] as? Bool == true)
        #expect(set["source"] as? String == "setByHand")
        #expect(set["set"] as? String == "no RTC (/nonexistent/rtc0): the time lasts until the next power cut")
        // 22:30 in Berlin is 21:30 UTC.
        #expect(clocks.sets == [1_795_642_200])
        #expect(runner.box.state.clockSource == .setByHand)

        let status = try ControlProtocolTests.object(control.answer(line: #"{"cmd":"clock"}"#, at: clock.now))
        #expect(status["source"] as? String == "setByHand")
        #expect(status["timeZone"] as? String == "Europe/Berlin")
        let rtc = try #require(status["rtc"] as? [String: Any])
        #expect(rtc["device"] as? String == "/nonexistent/rtc0")
        #expect(rtc["valid"] as? Bool == false)
    }

    @Test func ctlWordsBecomeClockRequests() throws {
        #expect(try ControlProtocol.requestLine(words: ["clock"]) == #"{"cmd":"clock"}"#)
        #expect(try ControlProtocol.requestLine(words: ["clock", "set", "2026-11-25 22:30"]) == #"{"cmd":"clock","set":"2026-11-25 22:30"}"#)
        #expect(try ControlProtocol.requestLine(words: ["clock", "set", "2026-11-25", "22:30"]) == #"{"cmd":"clock","set":"2026-11-25 22:30"}"#)
        #expect(throws: ControlError.self) { try ControlProtocol.requestLine(words: ["clock", "sett"]) }
        let local = try #require(LocalDateTime(parsing: "2026-11-25T22:30"))
        #expect(try ControlProtocol.parse(#"{"cmd":"clock","set":"2026-11-25 22:30"}"#).get() == .setClock(local))
        #expect(try ControlProtocol.parse(#"{"cmd":"clock"}"#).get() == .clockStatus)
        for bad in [#"{"cmd":"clock","set":"25.11.2026 22:30"}"#, #"{"cmd":"clock","set":"2026-11-25 22:30Z"}"#,
                    #"{"cmd":"clock","set":"2026-02-30 10:00"}"#, #"{"cmd":"clock","set":1}"#] {
            guard case .failure(let error) = ControlProtocol.parse(bad) else {
                Issue.record("accepted \(bad)")
                continue
            }
            #expect(error.message == "\"set\" must be a local date and time YYYY-MM-DD HH:MM (the box's time zone)")
        }
    }

    @Test func anRTCTimeRoundTripsThroughTheIoctlsFields() throws {
        let wall = 1_795_642_200.0
        let t = RTCDevice.time(of: wall)
        #expect((t.tm_year, t.tm_mon, t.tm_mday, t.tm_hour, t.tm_min, t.tm_sec) == (126, 10, 25, 21, 30, 0))
        #expect(RTCDevice.seconds(of: t) == wall)
        var broken = t
        broken.tm_mon = 12
        #expect(RTCDevice.seconds(of: broken) == nil)
    }

    @Test func theDoctorReportsTheSourceAndTheRTC() throws {
        let dir = try Self.folder()
        let (keeper, _) = Self.keeper(directory: dir)
        let checks = Doctor.clockChecks(keeper)
        #expect(checks.map(\.name) == ["clock", "RTC"])
        #expect(checks[0].outcome == .warning)
        #expect(checks[0].detail == "source untrusted: not synchronised, no valid RTC, not set by hand; alarms use the clock as it is")
        #expect(checks[1].outcome == .ok)
        #expect(checks[1].detail == "none (/nonexistent/rtc0): after a power cut the clock needs the network or a hand setting")
        _ = try keeper.set(1_795_100_000)
        let after = Doctor.clockChecks(keeper)[0]
        #expect(after.outcome == .ok && after.detail == "source set by hand since this boot" && after.fix.isEmpty)
    }
}
