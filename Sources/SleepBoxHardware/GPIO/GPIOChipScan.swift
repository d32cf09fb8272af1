import SleepBoxSystem

/// The GPIO chips found in a device directory, and the ones that could not be opened: what the
/// driver chooses its chip from, by label.
public struct GPIOChipScan: Sendable, Equatable {
    /// The directory that was searched: `/dev`.
    public var directory: String
    /// The chips that opened, in device-number order, each kernel chip once.
    public var chips: [GPIOChipInfo]
    /// The chip devices that did not open: `gpiod_chip_open` errors with the device's path.
    public var failures: [SystemError]

    /// A scan from its parts.
    public init(directory: String, chips: [GPIOChipInfo], failures: [SystemError] = []) {
        self.directory = directory
        self.chips = chips
        self.failures = failures
    }

    /// The chip to use: the first chip labelled with the first of `labels` that any chip has
    /// (the labels are in order of preference; among chips with the same label, the lowest
    /// numbered).
    ///
    /// Throws `GPIOError.permissionDenied` when no chip matches but a chip could not be opened
    /// for lack of permission (the wanted chip is likely that one), else
    /// `GPIOError.chipNotFound` listing what was found.
    public func chip(labelled labels: [String]) throws(GPIOError) -> GPIOChipInfo {
        for label in labels {
            if let chip = chips.first(where: { $0.label == label }) { return chip }
        }
        if let denied = failures.first(where: \.isPermissionDenied) {
            throw GPIOError.permissionDenied(denied)
        }
        throw GPIOError.chipNotFound(labels: labels, scan: self)
    }

    /// Whether a directory entry names a GPIO chip device: `gpiochip` and a number.
    public static func isChipDevice(_ name: String) -> Bool {
        chipNumber(name) != nil
    }

    /// The number of `gpiochipN`, or nil for any other name.
    static func chipNumber(_ name: String) -> Int? {
        let prefix = "gpiochip"
        guard name.hasPrefix(prefix) else { return nil }
        let digits = name.dropFirst(prefix.count)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    /// The chip devices among directory entries, by number (`gpiochip2` before `gpiochip10`).
    public static func chipDevices(among names: [String]) -> [String] {
        names.compactMap { name in chipNumber(name).map { (name, $0) } }
            .sorted { $0.1 < $1.1 }
            .map(\.0)
    }
}
