/// The controller chip on a 128x64 OLED module; they differ in init commands and RAM width.
public enum OLEDController: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Solomon SSD1306: 128-column RAM, internal charge pump.
    case ssd1306
    /// Sino Wealth SH1106 (most 1.3" modules): 132-column RAM with the panel on columns 2-129,
    /// internal DC-DC converter, page addressing only.
    case sh1106

    public var description: String { rawValue }

    /// The RAM column shown in the panel's leftmost column.
    public var columnOffset: Int {
        switch self {
        case .ssd1306: return 0
        // The 128-pixel glass is bonded to the middle of the 132 segment outputs (SEG2-SEG129);
        // it stays there with 0xA1 (segment remap) too, as the remap is symmetric.
        case .sh1106: return 2
        }
    }

    /// The commands that set the controller up from any state, one command with its arguments
    /// per element, leaving the display off (0xAE): the driver writes a whole frame before it
    /// sends display on (0xAF), so the undefined RAM of a cold panel never shows.
    public func initCommands(rotated180: Bool, contrast: UInt8) -> [[UInt8]] {
        typealias C = OLEDCommand
        // 0xA1 + 0xC8 is the upright picture on the usual modules (pins on top); 0xA0 + 0xC0
        // turns it by 180 degrees.
        let segmentRemap = rotated180 ? C.segmentRemapNormal : C.segmentRemapMirrored
        let comScan = rotated180 ? C.comScanIncrementing : C.comScanDecrementing
        switch self {
        case .ssd1306:
            return [
                [C.displayOff],
                [C.setClockDivide, 0x80],          // divide by 1, oscillator 8 of 15 (reset value)
                [C.setMultiplexRatio, 0x3F],       // 64 COM lines
                [C.setDisplayOffset, 0x00],
                [C.setStartLine | 0x00],
                [C.ssd1306ChargePump, 0x14],       // charge pump on: the modules have no external VCC
                // Page addressing is the reset value, but a previous program may have left
                // horizontal mode, where 0xB0-0xB7 and the column nibble commands do nothing.
                [C.ssd1306AddressingMode, 0x02],
                [segmentRemap],
                [comScan],
                [C.setCOMPins, 0x12],              // alternative COM pins, no left/right remap
                [C.setContrast, contrast],
                [C.setPrecharge, 0xF1],            // phase 1 = 1, phase 2 = 15 clocks: for the charge pump
                [C.setVCOMH, 0x20],                // ~0.77 x VCC (reset value; 0x40 in some code is undocumented)
                // Writing RAM while a scroll a previous program started is running corrupts it.
                [C.ssd1306DeactivateScroll],
                [C.displayFollowsRAM],
                [C.normalDisplay],
            ]
        case .sh1106:
            return [
                [C.displayOff],
                [C.setClockDivide, 0x50],          // divide by 1, oscillator +0% (power-on value)
                [C.setMultiplexRatio, 0x3F],       // 64 COM lines
                [C.setDisplayOffset, 0x00],
                [C.setStartLine | 0x00],
                // The SH1106 has no 0x8D charge pump command: its DC-DC is 0xAD 0x8B.
                [C.sh1106DCDC, 0x8B],
                [C.sh1106PumpVoltage | 0x02],      // DC-DC output 8.0 V (power-on value)
                [segmentRemap],
                [comScan],
                [C.setCOMPins, 0x12],              // alternative COM pads
                [C.setContrast, contrast],
                [C.setPrecharge, 0x22],            // 2 + 2 clocks (power-on value)
                [C.setVCOMH, 0x35],                // 0.770 x VREF (power-on value)
                [C.displayFollowsRAM],
                [C.normalDisplay],
            ]
        }
    }
}
