import Foundation
import Logging
import SleepBoxCore
import SleepBoxHardware
import Testing
@testable import SleepBoxDaemon

/// The live light adapter: a chip missing at start or gone while the box runs is retried and
/// opened again, never taking the box down; the plan's duty comes back with it.
@Suite struct PWMLightOutputTests {
    /// A temporary `pwmchip0` of two exported channels, as the kernel lays it out.
    static func chip() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pwm-\(UUID().uuidString)").path
        let chip = root + "/pwmchip0"
        for m in 0..<2 {
            try FileManager.default.createDirectory(atPath: chip + "/pwm\(m)", withIntermediateDirectories: true)
            for name in ["period", "duty_cycle", "enable"] {
                try "0\n".write(toFile: chip + "/pwm\(m)/\(name)", atomically: false, encoding: .utf8)
            }
        }
        try "2\n".write(toFile: chip + "/npwm", atomically: false, encoding: .utf8)
        try "".write(toFile: chip + "/export", atomically: false, encoding: .utf8)
        return root
    }

    /// The light on `root`'s pwmchip0, with the default channels and period, at uptime 0.
    static func light(_ root: String) -> PWMLightOutput {
        var settings = PWMLightSettings()
        settings.chip = 0
        let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        return PWMLightOutput(settings: settings, chip: 0, root: root, now: Moment(uptime: 0, wall: 0), logger: logger)
    }

    static func read(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "?" }

    @Test func aChipThatGoesAwayIsReopenedAndShowsTheDutyAgain() throws {
        let root = try Self.chip()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let light = Self.light(root)
        #expect(light.nextRetry == nil)
        light.set([0.25, 0.5], at: Moment(uptime: 1, wall: 1))
        #expect(Self.read(root + "/pwmchip0/pwm0/duty_cycle") == "250000")
        // The chip goes away: the write fails, the adapter says so and asks to retry.
        try FileManager.default.removeItem(atPath: root + "/pwmchip0")
        light.set([0.3, 0.5], at: Moment(uptime: 2, wall: 2))
        let retry = try #require(light.nextRetry)
        #expect(retry > 2)
        #expect(light.statusText.contains("unavailable"), "\(light.statusText)")
        // Still gone at the retry: a longer pause.
        light.retry(at: Moment(uptime: retry, wall: retry))
        let later = try #require(light.nextRetry)
        #expect(later - retry > retry - 2)
        // Back: reopened, and the duty last asked for is shown.
        let again = try Self.chip()
        try FileManager.default.moveItem(atPath: again + "/pwmchip0", toPath: root + "/pwmchip0")
        light.retry(at: Moment(uptime: later, wall: later))
        #expect(light.nextRetry == later + PWMLightOutput.checkInterval, "lit: checked")
        #expect(Self.read(root + "/pwmchip0/pwm0/duty_cycle") == "300000")
        #expect(light.statusText.contains("ok"))
    }

    /// A chip reset under a steady light (unbound and bound again: its channels unexported, no
    /// write to fail) is found by the check and opened again with the duty it should show.
    @Test func aChipResetUnderASteadyLightIsFoundAndTakenAgain() throws {
        let root = try Self.chip()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let light = Self.light(root)
        #expect(light.nextRetry == nil, "dark: nothing to check")
        light.set([0.5, 1], at: Moment(uptime: 1, wall: 1))
        let check = try #require(light.nextRetry)
        light.retry(at: Moment(uptime: check, wall: check))
        #expect(light.statusText.contains("ok"), "a healthy chip stays open: \(light.statusText)")
        // Reset under the box: channel 1 disabled with its duty gone, as a bound-again driver has it.
        try "0\n".write(toFile: root + "/pwmchip0/pwm1/enable", atomically: false, encoding: .utf8)
        try "0\n".write(toFile: root + "/pwmchip0/pwm1/duty_cycle", atomically: false, encoding: .utf8)
        let next = try #require(light.nextRetry)
        light.retry(at: Moment(uptime: next, wall: next))
        #expect(light.statusText.contains("disabled"), "\(light.statusText)")
        let reopen = try #require(light.nextRetry)
        light.retry(at: Moment(uptime: reopen, wall: reopen))
        #expect(Self.read(root + "/pwmchip0/pwm1/enable") == "1")
        #expect(Self.read(root + "/pwmchip0/pwm1/duty_cycle") == "1000000")
        #expect(Self.read(root + "/pwmchip0/pwm0/duty_cycle") == "500000")
    }
}
