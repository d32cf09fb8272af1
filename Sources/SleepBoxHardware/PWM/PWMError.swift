import SleepBoxSystem

/// What went wrong with a PWM chip of the kernel's PWM class, naming the file.
public enum PWMError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The chip's folder (`/sys/class/pwm/pwmchipN`) is not there: no overlay, no driver.
    case noChip(path: String)
    /// The chip has fewer channels than the configuration names.
    case noChannel(chip: String, channel: Int, count: Int)
    /// A sysfs attribute that is not a regular file (the box writes only regular files).
    case notRegularFile(path: String)
    /// The channel did not appear after `export`.
    case notExported(path: String)
    /// A channel the box enabled reads disabled (its chip was reset under the box).
    case disabled(path: String)
    /// A call failed on a file (open, write), with what was written.
    case failed(SystemError, wrote: String?)

    public var description: String {
        switch self {
        case .noChip(let path):
            return "\(path): no such PWM chip (is the overlay in /boot/firmware/config.txt, e.g. dtoverlay=pwm-2chan,pin=12,func=4,pin2=13,func2=4?)"
        case .noChannel(let chip, let channel, let count):
            return "\(chip): has \(count) channel\(count == 1 ? "" : "s") (0 to \(count - 1)), not channel \(channel)"
        case .notRegularFile(let path):
            return "\(path): not a regular file"
        case .notExported(let path):
            return "\(path): the channel did not appear after export"
        case .disabled(let path):
            return "\(path): disabled under the box (its chip was reset?)"
        case .failed(let error, let wrote):
            return wrote.map { "\(error) (writing \"\($0)\")" } ?? error.description
        }
    }
}
