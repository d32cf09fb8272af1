#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Why the GPIO driver could not open, request, read or set its lines.
///
/// Each `description` is one line for the log that says what to do, e.g.
/// `no GPIO chip labelled pinctrl-bcm2711 (found: gpiochip0 "pinctrl-rp1" 54 lines)`.
public enum GPIOError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No chip has any of `labels`; `scan` is what was found.
    case chipNotFound(labels: [String], scan: GPIOChipScan)
    /// Opening a chip or requesting a line was refused (EACCES or EPERM).
    case permissionDenied(path: String, errno: Int32)
    /// A pin's offset is not a line of the chip.
    case lineOutOfRange(pin: BoardPin, offset: UInt32, chip: GPIOChipInfo)
    /// Two pins were given the same line.
    case sameLine(pins: [BoardPin], offset: UInt32)
    /// A line is already requested (EBUSY); `consumer` is who holds it, when the kernel says
    /// (`gpiod_line_consumer`).
    case lineBusy(pin: BoardPin, offset: UInt32, chip: GPIOChipInfo, consumer: String?, errno: Int32)
    /// Another libgpiod call failed: `function` is the C function, `pin` and `offset` the line
    /// it was about (nil for the chip itself).
    case failed(function: String, pin: BoardPin?, offset: UInt32?, chip: GPIOChipInfo?, errno: Int32)
    /// The driver was used after `close()`.
    case closed

    /// The C error number, when the error has one.
    public var errno: Int32? {
        switch self {
        case .permissionDenied(_, let code), .lineBusy(_, _, _, _, let code), .failed(_, _, _, _, let code):
            return code
        case .chipNotFound, .lineOutOfRange, .sameLine, .closed:
            return nil
        }
    }

    /// One line saying what went wrong and what to do.
    public var description: String {
        switch self {
        case let .chipNotFound(labels, scan):
            let wanted = labels.isEmpty ? "(no labels given)" : labels.joined(separator: " or ")
            var found = scan.chips.map(\.description) + scan.failures.map(\.description)
            if found.isEmpty { found = ["no GPIO chips in \(scan.directory)"] }
            return "no GPIO chip labelled \(wanted) (found: \(found.joined(separator: ", ")))"
        case let .permissionDenied(path, code):
            return "cannot open \(path): \(Self.reason(code)) (errno \(code)); add the user to the group gpio "
                + "(sudo usermod -aG gpio USER, then log in again)"
        case let .lineOutOfRange(pin, offset, chip):
            return "line \(offset) (\(pin.key)) is not on \(chip) (offsets 0 to \(max(0, chip.lineCount - 1))); "
                + "check [pins] in the board profile and the configuration"
        case let .sameLine(pins, offset):
            return "line \(offset) is given to \(pins.map(\.key).joined(separator: " and ")); every pin needs its own line"
        case let .lineBusy(pin, offset, chip, consumer, code):
            let holder: String
            if let consumer, !consumer.isEmpty {
                holder = "used by \"\(consumer)\""
                    + (consumer == "sleepbox" ? " (is another sleepbox running?)" : "")
            } else {
                holder = "used by another process or a kernel driver (gpioinfo shows the consumer; "
                    + "a device-tree overlay may claim the pin)"
            }
            return "line \(offset) (\(pin.key)) on \(chip) is busy (errno \(code)): \(holder)"
        case let .failed(function, pin, offset, chip, code):
            var subject = ""
            if let offset { subject += " for line \(offset)" + (pin.map { " (\($0.key))" } ?? "") }
            if let chip { subject += (offset == nil ? " for " : " on ") + chip.description }
            return "\(function) failed\(subject): \(Self.reason(code)) (errno \(code))"
        case .closed:
            return "the GPIO lines were already released (close() was called)"
        }
    }

    /// strerror(3) text for `code`: "Permission denied".
    static func reason(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
