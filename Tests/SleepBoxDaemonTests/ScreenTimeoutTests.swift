import Foundation
import Logging
import SleepBoxConfig
import SleepBoxCore
import Testing
@testable import SleepBoxRunner
@testable import SleepBoxSimulator

/// The screen timeout has one home, the core's display settings (`[display]
/// screen_timeout_seconds`, or the owner's over it): the runner asks the box, at start, after
/// each event and after a reload of the file (SIGHUP).
@Suite struct ScreenTimeoutTests {
    static func runner(_ config: BoxConfig, clock: VirtualClock, sleeps: Bool = true) -> BoxRunner {
        BoxRunner(config: config, catalog: BuiltInCatalog.catalog, seed: 1, clock: clock,
                  devices: BoxDevices(input: NoInputLines(), display: NoDisplay(),
                                      audio: SimulatedAudioOutput(catalog: BuiltInCatalog.catalog), state: nil),
                  screenSleeps: sleeps, debounceSeconds: 0.005, logger: Logger(label: "test"))
    }

    /// Whether the panel is lit at uptime `t` (nothing pressed since the start).
    static func lit(_ runner: BoxRunner, _ clock: VirtualClock, at t: Double) -> Bool {
        clock.move(to: t)
        runner.redraw(at: clock.now)
        return runner.displayLit
    }

    static func file(_ text: String) throws -> BoxConfig {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sleepbox-screen-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/sleepbox.toml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return try loadConfig(path)
    }

    @Test func aReloadAppliesAChangedScreenTimeout() throws {
        let clock = VirtualClock(startWall: 1_795_000_000)
        let runner = Self.runner(try Self.file("[display]\nscreen_timeout_seconds = 60\n"), clock: clock)
        runner.start()
        #expect(Self.lit(runner, clock, at: 20))
        runner.reconfigure(try Self.file("[display]\nscreen_timeout_seconds = 15\n"))
        #expect(!Self.lit(runner, clock, at: 21), "15 s after the last input, with the reloaded timeout")
        runner.reconfigure(try Self.file("[display]\nscreen_timeout_seconds = 0\n"))
        #expect(Self.lit(runner, clock, at: 22), "0 keeps it lit")
    }

    @Test func theOwnersTimeoutWinsOverTheFileUntilCleared() throws {
        let clock = VirtualClock(startWall: 1_795_000_000)
        let runner = Self.runner(try Self.file("[display]\nscreen_timeout_seconds = 15\n"), clock: clock)
        runner.start()
        _ = runner.perform(.setting(key: "display.screen_timeout_seconds", value: "300"), at: clock.now)
        #expect(Self.lit(runner, clock, at: 100))
        runner.reconfigure(try Self.file("[display]\nscreen_timeout_seconds = 30\n"))
        #expect(Self.lit(runner, clock, at: 200), "the owner's 300 s still holds after a reload")
        _ = runner.perform(.setting(key: "display.screen_timeout_seconds", value: nil), at: clock.now)
        #expect(!Self.lit(runner, clock, at: 201), "back to the file's 30 s")
    }

    @Test func aPanelThatNeverSleepsStaysLit() throws {
        let clock = VirtualClock(startWall: 1_795_000_000)
        let runner = Self.runner(try Self.file("[display]\nscreen_timeout_seconds = 15\n"), clock: clock, sleeps: false)
        runner.start()
        #expect(Self.lit(runner, clock, at: 100))
    }
}
