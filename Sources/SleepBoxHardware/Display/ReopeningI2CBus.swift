/// An I2C bus device that opens itself on first use and again after an error, so a display
/// that is missing at start (i2c-dev not loaded yet, a loose cable) comes up when it appears:
/// the panel driver's backoff paces the attempts.
public final class ReopeningI2CBus: I2CBus {
    public let path: String
    public let address: UInt8
    private var bus: LinuxI2CBus?

    public init(path: String, address: UInt8) {
        self.path = path
        self.address = address
    }

    public func writeBlock(command: UInt8, _ bytes: ArraySlice<UInt8>) throws(I2CError) {
        let open: LinuxI2CBus
        if let bus { open = bus } else {
            open = try LinuxI2CBus(path: path, address: address)
            bus = open
        }
        do {
            try open.writeBlock(command: command, bytes)
        } catch {
            // ENODEV/ENXIO: the adapter or the device went away; start afresh next time.
            bus = nil
            throw error
        }
    }
}
