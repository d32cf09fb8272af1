import Foundation
import SleepBoxHardware
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

    /// The Pi's own PWM takes GPIO12 and GPIO13: the standard wiring's knob switch on GPIO13 is
    /// named with the pin to move it to; a PCA9685 on I2C takes no GPIO.
    @Test func aKnobOnThePWMPinIsNamed() throws {
        var pins = BoardPins.standard
        #expect(Doctor.pwmPinClash(pins, channels: [0, 1]) == "knob_switch is on GPIO13, which PWM channel 1 takes under pwm-2chan")
        #expect(Doctor.pwmPinClash(pins, channels: [0]) == nil, "channel 0 is the LED's GPIO12, no button")
        pins.knobSwitch = 26
        #expect(Doctor.pwmPinClash(pins, channels: [0, 1]) == nil)
        let root = try PWMLightOutputTests.chip()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/devices/fe20c000.pwm", withIntermediateDirectories: true)
        #expect(symlink(root + "/devices/fe20c000.pwm", root + "/pwmchip0/device") == 0)
        var devices = DeviceSettings()
        devices.light.chip = 0
        let profile = BoardProfile(name: "pi-4", chipLabels: ["pinctrl-bcm2711"])
        let check = Self.doctor.lightCheck(devices, profile: profile, root: root)
        #expect(check.outcome == .warning && check.detail.contains("knob_switch is on GPIO13") && check.fix.contains("knob_switch = 26"), "\(check)")
    }
}
