/// One GPIO chip character device, as libgpiod describes it.
public struct GPIOChipInfo: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The device file it was opened through: `/dev/gpiochip0`.
    public var path: String
    /// The kernel's name for it (`gpiod_chip_name`): `gpiochip0`.
    public var name: String
    /// Its label (`gpiod_chip_label`), which says what the chip is: `pinctrl-bcm2711`. The
    /// kernel reports "unknown" for a chip without one.
    public var label: String
    /// How many lines it has (`gpiod_chip_num_lines`); line offsets run from 0 to one less.
    public var lineCount: Int

    /// `gpiochip0 "pinctrl-bcm2711" 58 lines`.
    public var description: String {
        "\(name) \"\(label)\" \(lineCount) line\(lineCount == 1 ? "" : "s")"
    }
}
