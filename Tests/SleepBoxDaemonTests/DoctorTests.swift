import Foundation
import Testing
@testable import SleepBoxDaemon
@testable import SleepBoxTools

/// What `sleepbox doctor` says on a machine that is not the box.
@Suite struct DoctorTests {
    struct ALSAFailure: Error, CustomStringConvertible {
        var description: String
    }

    static func checks(probe: @escaping (String) -> Result<String, Error>) -> [Doctor.Check] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A board profile that names no such machine: this PC has none.
        return Doctor(configPath: nil, stateDirectory: dir, socketPath: dir + "/control.sock",
                      boardPath: dir + "/no-such-profile.toml", probeAudio: probe).run()
    }

    @Test func withoutABoardTheGPIOAndDisplayRowsSayWhyTheyWereNotChecked() {
        let checks = Self.checks { _ in .success("S16_LE 48000 Hz") }
        let gpio = checks.first { $0.name == "GPIO" }
        let display = checks.first { $0.name == "display" }
        #expect(gpio?.outcome == .warning && gpio?.detail == "not checked: no board profile")
        #expect(display?.outcome == .warning && display?.detail == "not checked: no board profile")
        #expect(gpio?.fix.contains("--board") == true)
    }

    @Test func aDisplayThatIsNotThereIsDescribedOnceAndTheFixSaidOnce() throws {
        let board = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("board/pi-zero-2w.toml").path
        try #require(FileManager.default.fileExists(atPath: board))
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let checks = Doctor(configPath: nil, stateDirectory: dir, socketPath: dir + "/control.sock", boardPath: board,
                            probeAudio: { _ in .success("") }).run()
        let display = try #require(checks.first { $0.name == "display" })
        // No /dev/i2c-1 on this machine: the fix says to enable I2C, the detail says what failed.
        guard display.outcome == .failure else { return }
        #expect(display.fix.contains("enable I2C"))
        #expect(!display.detail.contains(display.fix))
        #expect(display.detail.contains("errno"))
    }

    /// The doctor only looks: a state folder that is not there stays missing and is reported
    /// (before, looking at the speech cache made the folder, and the check found it).
    @Test func aMissingStateFolderIsReportedNotMade() {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let checks = Doctor(configPath: nil, stateDirectory: dir, socketPath: dir + "/control.sock",
                            boardPath: dir + "/no-such-profile.toml", probeAudio: { _ in .success("") }).run()
        #expect(!FileManager.default.fileExists(atPath: dir))
        #expect(checks.first { $0.name == "state folder" }?.outcome == .failure)
    }

    @Test func theSoundDeviceIsNamedOnce() {
        let failing = Self.checks { _ in .failure(ALSAFailure(description: "default: cannot open: No such file or directory")) }
        #expect(failing.first { $0.name == "sound device" }?.detail == "default: cannot open: No such file or directory")
        let working = Self.checks { _ in .success("S16_LE 48000 Hz") }
        #expect(working.first { $0.name == "sound device" }?.detail == "default: S16_LE 48000 Hz")
    }
}
