import SleepBoxSystem

/// Why the GPIO driver could not open, request, read or set its lines.
///
/// Each `description` is one line for the log that says what to do, e.g.
/// `no GPIO chip labelled pinctrl-bcm2711 (found: gpiochip0 "pinctrl-rp1" 54 lines)`.
public enum GPIOError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No chip has any of `labels`; `scan` is what was found.
    case chipNotFound(labels: [String], scan: GPIOChipScan)
    /// Opening a chip or requesting a line was refused (EACCES or EPERM); the error's path is
    /// the chip device.
    case permissionDenied(SystemError)
    /// A pin's offset is not a line of the chip.
    case lineOutOfRange(pin: BoardPin, offset: UInt32, chip: GPIOChipInfo)
    /// Two pins were given the same line.
    case sameLine(pins: [BoardPin], offset: UInt32)
    /// A line is already requested (EBUSY); `consumer` is who holds it, when the kernel says
    /// (`gpiod_line_consumer`).
    case lineBusy(pin: BoardPin, offset: UInt32, chip: GPIOChipInfo, consumer: String?, error: SystemError)
    /// Another libgpiod call failed (the error names the C function); `pin` and `offset` are the
    /// line it was about (nil for the chip itself).
    case failed(SystemError, pin: BoardPin?, offset: UInt32?, chip: GPIOChipInfo?)
    /// The driver was used after `close()`.
    case closed

    /// The failed system call, when the error has one.
    public var systemError: SystemError? {
        switch self {
        case .permissionDenied(let error), .lineBusy(_, _, _, _, let error), .failed(let error, _, _, _):
            return error
        case .chipNotFound, .lineOutOfRange, .sameLine, .closed:
            return nil
        }
    }

    /// The C error number, when the error has one.
    public var errno: Int32? { systemError?.errno }

    /// One line saying what went wrong and what to do.
    public var description: String {
        switch self {
        case let .chipNotFound(labels, scan):
            let wanted = labels.isEmpty ? "(no labels given)" : labels.joined(separator: " or ")
            var found = scan.chips.map(\.description) + scan.failures.map(Self.unopened)
            if found.isEmpty { found = ["no GPIO chips in \(scan.directory)"] }
            return "no GPIO chip labelled \(wanted) (found: \(found.joined(separator: ", ")))"
        case let .permissionDenied(error):
            return "cannot open \(error.path ?? "the GPIO chip"): \(error.reason) (errno \(error.errno)); add the user to the group gpio "
                + "(sudo usermod -aG gpio USER, then log in again)"
        case let .lineOutOfRange(pin, offset, chip):
            return "line \(offset) (\(pin.key)) is not on \(chip) (offsets 0 to \(max(0, chip.lineCount - 1))); "
                + "check [pins] in the board profile and the configuration"
        case let .sameLine(pins, offset):
            return "line \(offset) is given to \(pins.map(\.key).joined(separator: " and ")); every pin needs its own line"
        case let .lineBusy(pin, offset, chip, consumer, error):
            let holder: String
            if let consumer, !consumer.isEmpty {
                holder = "used by \"\(consumer)\""
                    + (consumer == "sleepbox" ? " (is another sleepbox running?)" : "")
            } else {
                holder = "used by another process or a kernel driver (gpioinfo shows the consumer; "
                    + "a device-tree overlay may claim the pin)"
            }
            return "line \(offset) (\(pin.key)) on \(chip) is busy (errno \(error.errno)): \(holder)"
        case let .failed(error, pin, offset, chip):
            var subject = ""
            if let offset { subject += " for line \(offset)" + (pin.map { " (\($0.key))" } ?? "") }
            if let chip { subject += (offset == nil ? " for " : " on ") + chip.description }
            return "\(error.call) failed\(subject): \(error.reason) (errno \(error.errno))"
        case .closed:
            return "the GPIO lines were already released (close() was called)"
        }
    }

    /// A chip device that did not open, as the chip list shows it:
    /// `gpiochip1 (cannot open: Permission denied, errno 13)`.
    static func unopened(_ failure: SystemError) -> String {
        let path = failure.path ?? ""
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return "\(file) (cannot open: \(failure.reason), errno \(failure.errno))"
    }
}
