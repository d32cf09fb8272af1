/// Command bytes of the SSD1306 and SH1106, named as in their datasheets.
///
/// Both take them after the I2C control byte 0x00; a command's argument bytes follow it in the
/// same stream.
enum OLEDCommand {
    /// I2C control byte: every following byte is a command (Co = 0, D/C# = 0).
    static let commandStream: UInt8 = 0x00
    /// I2C control byte: every following byte is display RAM data (Co = 0, D/C# = 1).
    static let dataStream: UInt8 = 0x40

    static let displayOff: UInt8 = 0xAE
    static let displayOn: UInt8 = 0xAF
    /// + divide ratio (low nibble, minus 1) and oscillator frequency (high nibble).
    static let setClockDivide: UInt8 = 0xD5
    /// + number of COM lines minus 1.
    static let setMultiplexRatio: UInt8 = 0xA8
    /// + vertical shift of the COM lines.
    static let setDisplayOffset: UInt8 = 0xD3
    /// OR the RAM row (0-63) shown on the top COM line.
    static let setStartLine: UInt8 = 0x40
    /// SSD1306 only: + 0x14 enables the internal charge pump, 0x10 disables it.
    static let ssd1306ChargePump: UInt8 = 0x8D
    /// SH1106 only: + 0x8B switches the internal DC-DC converter on, 0x8A off.
    static let sh1106DCDC: UInt8 = 0xAD
    /// SH1106 only: OR 0-3 sets the DC-DC output to 6.4, 7.4, 8.0 or 9.0 V.
    static let sh1106PumpVoltage: UInt8 = 0x30
    /// SSD1306 only: + 0x00 horizontal, 0x01 vertical, 0x02 page addressing.
    static let ssd1306AddressingMode: UInt8 = 0x20
    /// SSD1306 only: stops any hardware scroll.
    static let ssd1306DeactivateScroll: UInt8 = 0x2E
    /// Page addressing: OR the page (0-7).
    static let setPage: UInt8 = 0xB0
    /// Page addressing: OR the low nibble of the column.
    static let setColumnLow: UInt8 = 0x00
    /// Page addressing: OR the high nibble of the column.
    static let setColumnHigh: UInt8 = 0x10
    /// Column 0 drives SEG0 (0xA0) or the last segment (0xA1): mirrors left-right.
    static let segmentRemapNormal: UInt8 = 0xA0
    static let segmentRemapMirrored: UInt8 = 0xA1
    /// COM scan from COM0 (0xC0) or towards COM0 (0xC8): mirrors top-bottom.
    static let comScanIncrementing: UInt8 = 0xC0
    static let comScanDecrementing: UInt8 = 0xC8
    /// + COM pin layout: 0x12 alternative, the wiring of 128x64 modules.
    static let setCOMPins: UInt8 = 0xDA
    /// + contrast 0x00-0xFF (segment current).
    static let setContrast: UInt8 = 0x81
    /// + pre-charge (high nibble, phase 2) and discharge (low nibble, phase 1) periods in clocks.
    static let setPrecharge: UInt8 = 0xD9
    /// + VCOMH deselect level.
    static let setVCOMH: UInt8 = 0xDB
    /// The pixels follow RAM (0xA5 would light them all).
    static let displayFollowsRAM: UInt8 = 0xA4
    /// Lit bit = lit pixel (0xA7 would invert).
    static let normalDisplay: UInt8 = 0xA6
}
