/// Contrast levels for the panel (the 0x81 command: segment current, 0x00-0xFF).
///
/// Even 0x00 leaves lit pixels visible, so night levels sit at the very bottom; in a dark
/// bedroom 0x01 is readable from the pillow. Above about 0xCF the brightness hardly rises while
/// the OLED ages faster.
public enum OLEDContrast {
    /// Night, dimmest: the default while the box dims (21:00 to 07:00 by default).
    public static let night: UInt8 = 0x01
    /// Night, for a brighter room.
    public static let nightBright: UInt8 = 0x10
    /// Day: half current.
    public static let day: UInt8 = 0x7F
    /// Day, brightest used.
    public static let dayBright: UInt8 = 0xCF
    /// The usable night levels, dimmest first.
    public static let nightRange: ClosedRange<UInt8> = 0x01...0x10
    /// The usable day levels.
    public static let dayRange: ClosedRange<UInt8> = 0x7F...0xCF

    /// `night` or `day` for a frame's `dimmed` flag.
    public static func level(dimmed: Bool) -> UInt8 { dimmed ? night : day }

    /// The contrast for the owner's brightness (0...100 %): at night across `nightRange`
    /// (0 % is `night`), by day from 0x2F to `dayBright` (50 % is `day`).
    public static func level(dimmed: Bool, percent: Int) -> UInt8 {
        let p = min(100, max(0, percent))
        if dimmed {
            return UInt8(Int(nightRange.lowerBound) + (Int(nightRange.upperBound - nightRange.lowerBound) * p + 50) / 100)
        }
        return UInt8(0x2F + ((Int(dayBright) - 0x2F) * p + 50) / 100)
    }
}
