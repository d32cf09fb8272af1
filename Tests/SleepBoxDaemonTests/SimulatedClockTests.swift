import Foundation
import SleepBoxCore
import SleepBoxDaemon
import SleepBoxSystem
import Testing
@testable import SleepBoxRunner

/// `sleepbox run --hardware sim` keeps a wall clock of its own: `ctl clock set` moves its offset
/// (kept in the state folder) and never sets the computer's clock or RTC. The computer's clocks
/// are stand-ins here that record every setting, so nothing here can set this machine's clock.
@Suite struct SimulatedClockTests {
    static func options(_ dir: String, simulated: Bool) -> Daemon.Options {
        Daemon.Options(configPath: nil, stateDirectory: dir, socketPath: dir + "/control.sock", seed: 1, simulatedClock: simulated)
    }

    @Test func simulatedHardwareSetsItsOwnClockNotTheComputers() throws {
        let dir = try ClockKeeperTests.folder()
        let computer = StandInClocks()
        let keeper = Daemon.clockKeeper(Self.options(dir, simulated: true), system: computer.clocks)
        let outcome = try keeper.set(1_795_100_000)
        #expect(computer.sets.isEmpty)
        #expect(computer.wall == 1_795_000_000)
        #expect(keeper.wallOffset == 100_000)
        #expect(keeper.source == .setByHand)
        #expect(outcome.rtc == .simulated(dir + "/" + SimulatedWallClock.fileName))
        #expect(outcome.summary.contains("this computer's clock and RTC were not touched"))

        // A restart 30 s later keeps the box's clock where it was set.
        computer.wall += 30
        computer.sinceBoot += 30
        let restarted = Daemon.clockKeeper(Self.options(dir, simulated: true), system: computer.clocks)
        #expect(restarted.wallOffset == 100_000)
        #expect(restarted.source == .setByHand)
        #expect(computer.sets.isEmpty)
    }

    @Test func onlyThePiSetsTheSystemClock() throws {
        let dir = try ClockKeeperTests.folder()
        let computer = StandInClocks()
        let keeper = Daemon.clockKeeper(Self.options(dir, simulated: false), system: computer.clocks)
        _ = try keeper.set(1_795_100_000)
        #expect(computer.sets == [1_795_100_000])
        #expect(keeper.wallOffset == 0)
        #expect(!FileManager.default.fileExists(atPath: dir + "/" + SimulatedWallClock.fileName))
    }

    @Test func aDamagedOffsetFileCountsAsNone() throws {
        let dir = try ClockKeeperTests.folder()
        try Data("1e300\n".utf8).write(to: URL(fileURLWithPath: dir + "/" + SimulatedWallClock.fileName))
        #expect(SimulatedWallClock(stateDirectory: dir).offset == 0)
        #expect(SimulatedWallClock(stateDirectory: dir).problem?.contains(SimulatedWallClock.fileName + ": 1e+300 s is beyond") == true,
                "a damaged file is named, not passed over in silence")
        try Data("soon\n".utf8).write(to: URL(fileURLWithPath: dir + "/" + SimulatedWallClock.fileName))
        #expect(SimulatedWallClock(stateDirectory: dir).offset == 0)
        #expect(SimulatedWallClock(stateDirectory: dir).problem?.contains("not a number") == true)
        // A FIFO in its place is refused without blocking, and named.
        try FileManager.default.removeItem(atPath: dir + "/" + SimulatedWallClock.fileName)
        #expect(mkfifo(dir + "/" + SimulatedWallClock.fileName, 0o600) == 0)
        let fifo = SimulatedWallClock(stateDirectory: dir)
        #expect(fifo.offset == 0 && fifo.problem != nil)
        #expect(SimulatedWallClock(stateDirectory: dir + "/none").problem == nil, "no file: no problem")
    }

    /// `ctl clock set` against a simulated box: the box's clock reads the new time, the answer says
    /// whose clock was set, and the computer's (read, never set) is untouched.
    @Test func theControlSocketSetsTheSimulatedClock() throws {
        let dir = try ClockKeeperTests.folder()
        let sets = SetRecorder()
        let computer = ClockKeeper.Clocks(wall: { SystemClock.realtimeSeconds() }, sinceBoot: { SystemClock.bootSeconds() },
                                          synchronised: { false },
                                          setWall: { (w: Double) throws(SystemError) in sets.record(w) })
        let keeper = Daemon.clockKeeper(Self.options(dir, simulated: true), system: computer)
        let clock = try RealClock(keeper: keeper)
        let control = ControlProtocol(runner: ClockKeeperTests.runner(clock))
        let set = try ControlProtocolTests.object(control.answer(line: #"{"cmd":"clock","set":"2031-03-04 05:06"}"#, at: clock.now))
        #expect(set["ok"] as? Bool == true)
        #expect(set["source"] as? String == "setByHand")
        #expect((set["clock"] as? String)?.hasPrefix("2031-03-04T05:06") == true)
        #expect((set["set"] as? String)?.hasPrefix("simulated hardware") == true)
        #expect(sets.values.isEmpty)
        #expect(abs(clock.now.wall - SystemClock.realtimeSeconds() - keeper.wallOffset) < 1)
    }
}

/// The settings a stand-in system clock was asked for.
final class SetRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [Double] = []
    func record(_ wall: Double) {
        lock.lock()
        list.append(wall)
        lock.unlock()
    }
    var values: [Double] {
        lock.lock()
        defer { lock.unlock() }
        return list
    }
}
