import Foundation
import Glibc
import SleepBoxCore
import Testing
@testable import SleepBoxHardware
import SleepBoxSystem

/// The driver's paths that need no GPIO chip: settings, and a device directory without chips.
@Suite struct GPIOInputTests {
    private func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sleepbox-dev-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func settingsFromAProfile() throws {
        let profile = try BoardProfile.load(name: "pi-4", directory: boardDirectory)
        let settings = GPIOInputSettings(profile: profile)
        #expect(settings.chipLabels == ["pinctrl-bcm2711", "pinctrl-bcm2835"])
        #expect(settings.inputs == [.leaf: 17, .skip: 27, .timer: 22, .knobA: 5, .knobB: 6, .knobSwitch: 13])
        #expect(settings.led == 12)
        #expect(settings.activeLow)
        #expect(settings.bias == .pullUp)
        #expect(settings.consumer == "sleepbox")
        #expect(settings.deviceDirectory == "/dev")
        #expect(settings.requests.map(\.pin) == [.leaf, .skip, .timer, .knobSwitch, .knobA, .knobB, .led])
    }

    @Test func aPWMLightLeavesTheLEDPinToThePWM() throws {
        let settings = GPIOInputSettings(profile: try BoardProfile.load(name: "pi-4", directory: boardDirectory))
        #expect(settings.leavingThePinTo(PWMLightSettings()).led == 12)
        var pwm = PWMLightSettings()
        pwm.chip = 0
        let withPWM = settings.leavingThePinTo(pwm)
        #expect(withPWM.led == nil)
        #expect(withPWM.requests.map(\.pin) == [.leaf, .skip, .timer, .knobSwitch, .knobA, .knobB])
    }

    @Test func twoPinsOnOneLineAreRefusedBeforeAnyChipIsOpened() {
        let settings = GPIOInputSettings(chipLabels: ["x"], inputs: [.leaf: 3, .skip: 4], led: 3,
                                         deviceDirectory: "/nonexistent")
        #expect(throws: GPIOError.sameLine(pins: [.leaf, .led], offset: 3)) {
            try GPIOInput(settings: settings)
        }
    }

    @Test func aDirectoryWithoutChipsFindsNone() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let scan = GPIOInput.scanChips(directory: directory)
        #expect(scan.chips.isEmpty)
        #expect(scan.failures.isEmpty)
        let settings = GPIOInputSettings(chipLabels: ["pinctrl-bcm2711"], inputs: [.leaf: 17], deviceDirectory: directory)
        do {
            _ = try GPIOInput(settings: settings)
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "no GPIO chip labelled pinctrl-bcm2711 (found: no GPIO chips in \(directory))")
        }
    }

    @Test func aFileThatIsNotAChipIsListedWithItsError() throws {
        // libgpiod refuses anything but a GPIO character device (ENOTTY, as its ioctl would).
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data().write(to: URL(fileURLWithPath: directory + "/gpiochip0"))
        try Data().write(to: URL(fileURLWithPath: directory + "/not-a-chip"))
        let scan = GPIOInput.scanChips(directory: directory)
        #expect(scan.chips.isEmpty)
        #expect(scan.failures == [SystemError("gpiod_chip_open", errno: ENOTTY, path: directory + "/gpiochip0")])
        let settings = GPIOInputSettings(chipLabels: ["pinctrl-rp1"], inputs: [.leaf: 17], deviceDirectory: directory)
        #expect(throws: GPIOError.chipNotFound(labels: ["pinctrl-rp1"], scan: scan)) {
            try GPIOInput(settings: settings)
        }
    }

    @Test func anUnreadableChipMeansTheGroupGPIO() throws {
        // As root every file opens; the check only means something for other users.
        guard geteuid() != 0 else { return }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/gpiochip0"
        try Data().write(to: URL(fileURLWithPath: path))
        chmod(path, 0)
        let settings = GPIOInputSettings(chipLabels: ["pinctrl-rp1"], inputs: [.leaf: 17], deviceDirectory: directory)
        #expect(throws: GPIOError.permissionDenied(SystemError("gpiod_chip_open", errno: EACCES, path: path))) {
            try GPIOInput(settings: settings)
        }
    }
}
