import SleepBoxUI
import Testing
@testable import SleepBoxHardware

/// The init sequences, as reviewed against the SSD1306 (rev 1.1) and SH1106 (V2.3) datasheets.
@Suite struct OLEDInitSequenceTests {
    /// SSD1306, upright, contrast 0x7F: one command stream of 25 bytes.
    static let ssd1306: [UInt8] = [
        0xAE,        // display off (sleep)
        0xD5, 0x80,  // clock: divide ratio 1, oscillator frequency 8 (reset value)
        0xA8, 0x3F,  // multiplex ratio 64
        0xD3, 0x00,  // display offset 0
        0x40,        // display start line 0
        0x8D, 0x14,  // charge pump on
        0x20, 0x02,  // page addressing mode
        0xA1,        // segment remap: column 127 -> SEG0
        0xC8,        // COM scan from COM63 to COM0
        0xDA, 0x12,  // COM pins: alternative configuration, no left/right remap
        0x81, 0x7F,  // contrast
        0xD9, 0xF1,  // pre-charge: phase 1 = 1 DCLK, phase 2 = 15 DCLKs (internal charge pump)
        0xDB, 0x20,  // VCOMH deselect ~0.77 VCC
        0x2E,        // deactivate scroll
        0xA4,        // display follows RAM
        0xA6,        // normal (not inverted)
    ]

    /// SH1106, upright, contrast 0x7F: one command stream of 23 bytes.
    static let sh1106: [UInt8] = [
        0xAE,        // display off
        0xD5, 0x50,  // clock: divide ratio 1, oscillator +0% (POR)
        0xA8, 0x3F,  // multiplex ratio 64
        0xD3, 0x00,  // display offset 0
        0x40,        // display start line 0
        0xAD, 0x8B,  // DC-DC converter on (POR)
        0x32,        // pump voltage 8.0 V (POR)
        0xA1,        // segment remap (ADC reverse)
        0xC8,        // COM scan reverse
        0xDA, 0x12,  // common pads: alternative (POR)
        0x81, 0x7F,  // contrast
        0xD9, 0x22,  // discharge/pre-charge 2 + 2 DCLKs (POR)
        0xDB, 0x35,  // VCOM deselect 0.770 x VREF (POR)
        0xA4,        // display follows RAM
        0xA6,        // normal
    ]

    @Test func ssd1306InitSequenceBytes() {
        let bus = I2CRecordingBus()
        let panel = OLEDPanel(bus: bus, controller: .ssd1306)
        #expect(panel.show(Framebuffer(), now: 0) == .ok)
        let writes = bus.take()
        #expect(writes.first == I2CBlockWrite(command: 0x00, bytes: Self.ssd1306))
        #expect(writes.last == .commands(0xAF))
        #expect(panel.counters.inits == 1)
    }

    @Test func sh1106InitSequenceBytes() {
        let bus = I2CRecordingBus()
        let panel = OLEDPanel(bus: bus, controller: .sh1106)
        #expect(panel.show(Framebuffer(), now: 0) == .ok)
        let writes = bus.take()
        #expect(writes.first == I2CBlockWrite(command: 0x00, bytes: Self.sh1106))
        #expect(writes.last == .commands(0xAF))
    }

    @Test func rotated180FlipsSegmentAndCOMDirection() {
        let ssd = OLEDController.ssd1306.initCommands(rotated180: true, contrast: 0x7F).flatMap { $0 }
        var expected = Self.ssd1306
        expected[12] = 0xA0
        expected[13] = 0xC0
        #expect(ssd == expected)

        let sh = OLEDController.sh1106.initCommands(rotated180: true, contrast: 0x7F).flatMap { $0 }
        var expectedSH = Self.sh1106
        expectedSH[11] = 0xA0
        expectedSH[12] = 0xC0
        #expect(sh == expectedSH)
    }

    @Test func initUsesTheCurrentContrast() {
        let bus = I2CRecordingBus()
        let panel = OLEDPanel(bus: bus, controller: .ssd1306, contrast: OLEDContrast.night)
        panel.show(Framebuffer(), now: 0)
        #expect(bus.take().first?.bytes[16...17] == [0x81, 0x01])
    }

    @Test func everyInitCommandIsWholeInOneWrite() {
        for controller in OLEDController.allCases {
            let total = controller.initCommands(rotated180: false, contrast: 0xCF).reduce(0) { $0 + $1.count }
            #expect(total <= I2CBlockWrite.maxLength, "\(controller) init must fit one SMBus block")
        }
    }

    @Test func sh1106VisibleColumnsStartAtRAMColumn2() {
        #expect(OLEDController.sh1106.columnOffset == 2)
        #expect(OLEDController.ssd1306.columnOffset == 0)
    }
}
