import Foundation
import Testing
@testable import SleepBoxConfig
@testable import SleepBoxTools

/// `sleepbox doctor`'s light row: the chip and its channels, a chip that is not there, none.
@Suite struct DoctorLightTests {
    static var doctor: Doctor { Doctor(configPath: nil, stateDirectory: "/nonexistent", socketPath: "/nonexistent/control.sock",
                               boardPath: nil) }

    @Test func theChipAndItsChannelsAreNamedOrTheirAbsenceIs() throws {
        let root = try PWMLightOutputTests.chip()
        defer { try? FileManager.default.removeItem(atPath: root) }
        var devices = DeviceSettings()
        let none = Self.doctor.lightCheck(devices, profile: nil, root: root)
        #expect(none.outcome == .ok && none.detail.contains("no light"), "\(none)")
        devices.light.chip = 0
        let ok = Self.doctor.lightCheck(devices, profile: nil, root: root)
        #expect(ok.outcome == .ok, "\(ok)")
        #expect(ok.detail.contains("pwmchip0 channels 0 (1800 K), 1 (5000 K), period 1000000 ns"), "\(ok)")
        devices.light.channels = [0, 2]
        let missing = Self.doctor.lightCheck(devices, profile: nil, root: root)
        #expect(missing.outcome == .failure && missing.detail.contains("not channel 2"), "\(missing)")
        devices.light.chip = 5
        let absent = Self.doctor.lightCheck(devices, profile: nil, root: root)
        #expect(absent.outcome == .failure && absent.detail.contains("pwmchip5: no such PWM chip"), "\(absent)")
    }
}
