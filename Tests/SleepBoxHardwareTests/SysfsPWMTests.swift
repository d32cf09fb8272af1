import Foundation
import SleepBoxHardware
import SleepBoxSystem
import Testing

/// The PWM class's sysfs files, on a folder laid out as the kernel lays out
/// /sys/class/pwm/pwmchip0 (channels already exported: a plain folder cannot make `pwmM` appear
/// on a write to `export`, as the kernel does).
@Suite struct SysfsPWMTests {
    /// A temporary `pwmchip0` with `npwm` channels, the first `exported` of them exported.
    static func chip(npwm: Int = 2, exported: Int = 2) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pwm-\(UUID().uuidString)").path
        let chip = root + "/pwmchip0"
        try FileManager.default.createDirectory(atPath: chip, withIntermediateDirectories: true)
        try "\(npwm)\n".write(toFile: chip + "/npwm", atomically: false, encoding: .utf8)
        try "".write(toFile: chip + "/export", atomically: false, encoding: .utf8)
        for m in 0..<exported {
            try FileManager.default.createDirectory(atPath: chip + "/pwm\(m)", withIntermediateDirectories: true)
            for name in ["period", "duty_cycle", "enable"] {
                try "0\n".write(toFile: chip + "/pwm\(m)/\(name)", atomically: false, encoding: .utf8)
            }
        }
        return root
    }

    static func read(_ path: String) -> String { ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "?").trimmingCharacters(in: .whitespacesAndNewlines) }

    @Test func openSetsThePeriodAndEnablesAndDutiesAreWholeNanoseconds() throws {
        let root = try Self.chip()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let pwm = SysfsPWM(root: root, chip: 0, channels: [0, 1], periodNanoseconds: 1_000_000)
        try pwm.open()
        #expect(Self.read(root + "/pwmchip0/pwm0/period") == "1000000")
        #expect(Self.read(root + "/pwmchip0/pwm1/enable") == "1")
        #expect(Self.read(root + "/pwmchip0/pwm1/duty_cycle") == "0")
        try pwm.set([0.0001234, 0.5])
        #expect(Self.read(root + "/pwmchip0/pwm0/duty_cycle") == "123")
        #expect(Self.read(root + "/pwmchip0/pwm1/duty_cycle") == "500000")
        try pwm.set([2, .nan])
        #expect(Self.read(root + "/pwmchip0/pwm0/duty_cycle") == "1000000", "clamped to the period")
        #expect(Self.read(root + "/pwmchip0/pwm1/duty_cycle") == "0", "not a number: dark")
        pwm.close()
        #expect(Self.read(root + "/pwmchip0/pwm0/enable") == "0")
    }

    /// A channel another program left inversed is set back to normal (while disabled, as the
    /// kernel demands) before the box lights anything: inversed, dark would be full.
    @Test func aChannelLeftInversedIsSetToNormalPolarity() throws {
        let root = try Self.chip()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try "inversed\n".write(toFile: root + "/pwmchip0/pwm1/polarity", atomically: false, encoding: .utf8)
        try "1\n".write(toFile: root + "/pwmchip0/pwm1/enable", atomically: false, encoding: .utf8)
        let pwm = SysfsPWM(root: root, chip: 0, channels: [0, 1], periodNanoseconds: 1_000_000)
        try pwm.open()
        #expect(Self.read(root + "/pwmchip0/pwm1/polarity") == "normal")
        #expect(Self.read(root + "/pwmchip0/pwm1/enable") == "1")
        #expect(!FileManager.default.fileExists(atPath: root + "/pwmchip0/pwm0/polarity"), "a driver without the file: left alone")
    }

    @Test func aMissingChipAChannelTooManyAndANonRegularFileAreNamed() throws {
        let root = try Self.chip(npwm: 1, exported: 1)
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(throws: PWMError.noChip(path: root + "/pwmchip3")) {
            try SysfsPWM(root: root, chip: 3, channels: [0], periodNanoseconds: 1_000_000).open()
        }
        #expect(throws: PWMError.noChannel(chip: root + "/pwmchip0", channel: 1, count: 1)) {
            try SysfsPWM(root: root, chip: 0, channels: [0, 1], periodNanoseconds: 1_000_000).open()
        }
        let duty = root + "/pwmchip0/pwm0/duty_cycle"
        try FileManager.default.removeItem(atPath: duty)
        #expect(mkfifo(duty, 0o600) == 0)
        // A FIFO is refused at once (opened without blocking, it has no reader), naming the file.
        do {
            try SysfsPWM(root: root, chip: 0, channels: [0], periodNanoseconds: 1_000_000).open()
            Issue.record("a FIFO was taken for a duty cycle")
        } catch {
            #expect(error.description.contains(duty), "\(error)")
        }
        // A folder where a file should be: not a regular file.
        try FileManager.default.removeItem(atPath: duty)
        try FileManager.default.createDirectory(atPath: duty, withIntermediateDirectories: false)
        #expect(throws: PWMError.failed(SystemError("open", errno: EISDIR, path: duty), wrote: "0")) {
            try SysfsPWM(root: root, chip: 0, channels: [0], periodNanoseconds: 1_000_000).open()
        }
    }

    @Test func aChipThatDisappearsIsAnErrorNamingTheFile() throws {
        let root = try Self.chip()
        let pwm = SysfsPWM(root: root, chip: 0, channels: [0, 1], periodNanoseconds: 1_000_000)
        try pwm.open()
        try FileManager.default.removeItem(atPath: root)
        do {
            try pwm.set([0.5, 0.5])
            Issue.record("a write to a chip that is gone succeeded")
        } catch {
            #expect(error.description.contains("pwmchip0/pwm0/duty_cycle"), "\(error)")
        }
    }
}
