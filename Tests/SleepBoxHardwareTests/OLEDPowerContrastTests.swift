#if canImport(Glibc)
import Glibc
#endif
import SleepBoxUI
import Testing
@testable import SleepBoxHardware

/// Contrast (night dimming), power (screen timeout) and blanking (SIGTERM).
@Suite struct OLEDPowerContrastTests {
    static func started(_ controller: OLEDController = .ssd1306) -> (OLEDPanel, I2CRecordingBus) {
        let bus = I2CRecordingBus()
        let panel = OLEDPanel(bus: bus, controller: controller)
        panel.show(Framebuffer(), now: 0)
        _ = bus.take()
        return (panel, bus)
    }

    @Test(arguments: OLEDController.allCases)
    func contrastIsOneCommand(_ controller: OLEDController) {
        let (panel, bus) = Self.started(controller)
        #expect(panel.setContrast(OLEDContrast.night, now: 1) == .ok)
        #expect(bus.take() == [.commands(0x81, 0x01)])
        panel.setContrast(OLEDContrast.night, now: 2)
        #expect(bus.take().isEmpty)
        panel.setContrast(OLEDContrast.level(dimmed: false), now: 3)
        #expect(bus.take() == [.commands(0x81, 0x7F)])
        #expect(panel.contrast == 0x7F)
    }

    @Test func contrastLevels() {
        #expect(OLEDContrast.nightRange.contains(OLEDContrast.night))
        #expect(OLEDContrast.nightRange.contains(OLEDContrast.nightBright))
        #expect(OLEDContrast.dayRange.contains(OLEDContrast.day))
        #expect(OLEDContrast.dayRange.contains(OLEDContrast.dayBright))
        #expect(OLEDContrast.level(dimmed: true) == 0x01)
    }

    @Test func contrastSetWhileUnavailableIsUsedAtRecovery() {
        let (panel, bus) = Self.started()
        bus.failing = ENXIO
        panel.show({ var f = Framebuffer(); f.set(x: 0, y: 0); return f }(), now: 1)
        #expect(panel.setContrast(0x05, now: 1.5) != .ok)
        bus.failing = nil
        panel.retry(now: 2)
        #expect(bus.take().first?.bytes[16...17] == [0x81, 0x05])
    }

    @Test func powerOffAndOn() {
        let (panel, bus) = Self.started()
        #expect(panel.setPower(on: false, now: 1) == .ok)
        #expect(bus.take() == [.commands(0xAE)])
        panel.setPower(on: false, now: 2)
        #expect(bus.take().isEmpty)

        // While dark, frames are kept, not sent.
        var frame = Framebuffer()
        frame.set(x: 64, y: 63)  // page 7, bit 7
        panel.show(frame, now: 3)
        #expect(bus.take().isEmpty)

        // Woken: the frame first, then display on.
        #expect(panel.setPower(on: true, now: 4) == .ok)
        #expect(bus.take() == [.commands(0xB7, 0x00, 0x14), .data([0x80]), .commands(0xAF)])
        panel.setPower(on: true, now: 5)
        #expect(bus.take().isEmpty)
    }

    @Test func startingWhileOffInitialisesButStaysDark() {
        let bus = I2CRecordingBus()
        let panel = OLEDPanel(bus: bus, controller: .sh1106)
        panel.setPower(on: false, now: 0)
        #expect(bus.take().isEmpty)
        panel.show(Framebuffer(), now: 1)
        let writes = bus.take()
        #expect(writes.count == 1)
        #expect(writes.first?.bytes.first == 0xAE)
        panel.setPower(on: true, now: 2)
        let wake = bus.take()
        #expect(wake.filter { $0.command == 0x40 }.reduce(0) { $0 + $1.bytes.count } == 1024)
        #expect(wake.last == .commands(0xAF))
    }

    @Test func blankSwitchesOffThenClearsRAM() {
        let (panel, bus) = Self.started()
        var frame = Framebuffer()
        frame.set(x: 3, y: 3)
        frame.set(x: 120, y: 60)
        panel.show(frame, now: 1)
        _ = bus.take()
        #expect(panel.blank(now: 2) == .ok)
        #expect(bus.take() == [.commands(0xAE),
                               .commands(0xB0, 0x03, 0x10), .data([0x00]),
                               .commands(0xB7, 0x08, 0x17), .data([0x00])])
        #expect(!panel.isOn)
    }

    @Test func blankBeforeStartStillSwitchesOff() {
        let bus = I2CRecordingBus()
        let panel = OLEDPanel(bus: bus, controller: .ssd1306)
        #expect(panel.blank(now: 0) == .ok)
        #expect(bus.take() == [.commands(0xAE)])
    }

    @Test func blankWhileUnavailableTriesAndDoesNotThrow() {
        let (panel, bus) = Self.started()
        bus.failing = ENXIO
        panel.setContrast(0x10, now: 1)
        let retry = panel.nextRetry
        #expect(panel.blank(now: 1.2) != .ok)
        #expect(panel.nextRetry == retry)
        bus.failing = nil
        panel.blank(now: 1.3)
        #expect(bus.take() == [.commands(0xAE)])
    }
}
