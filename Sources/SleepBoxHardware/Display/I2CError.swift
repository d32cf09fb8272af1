#if canImport(Glibc)
import Glibc
#endif
import SleepBoxSystem

/// A failed I2C operation: which bus, which device, what was being done and the errno.
///
/// `description` says what to do about the usual causes on a Raspberry Pi.
public struct I2CError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was being done.
    public enum Operation: String, Sendable, Hashable {
        /// `open()` of the bus device.
        case open
        /// The I2C_SLAVE ioctl.
        case setAddress = "set address"
        /// The I2C_FUNCS ioctl, or a capability it did not report.
        case checkFunctionality = "check functionality"
        /// `i2c_smbus_write_i2c_block_data`.
        case writeBlock = "write block"

        /// The C call behind the operation.
        var call: String {
            switch self {
            case .open: return "open"
            case .setAddress: return "ioctl(I2C_SLAVE)"
            case .checkFunctionality: return "ioctl(I2C_FUNCS)"
            case .writeBlock: return "i2c_smbus_write_i2c_block_data"
            }
        }
    }

    /// The 7-bit device address.
    public var address: UInt8
    public var operation: Operation
    /// The failed call, with the bus device as its path (EOPNOTSUPP when the adapter lacks a
    /// capability).
    public var system: SystemError

    /// The error of `operation` on the bus at `busPath`, with `errno`.
    public init(busPath: String, address: UInt8, operation: Operation, errno: Int32) {
        self.address = address
        self.operation = operation
        system = SystemError(operation.call, errno: errno, path: busPath)
    }

    /// The bus device, e.g. "/dev/i2c-1".
    public var busPath: String { system.path ?? "" }
    /// The errno the call failed with.
    public var errno: Int32 { system.errno }

    /// True when the bus works but no device acknowledged the address.
    public var isNoDevice: Bool {
        guard operation != .open else { return false }
        // i2c-bcm2835 reports a NACK as EREMOTEIO, most other adapters as ENXIO; i2c-stub
        // answers ENODEV for an address it does not emulate.
        return errno == ENXIO || errno == EREMOTEIO || errno == ENODEV
    }

    /// The advice for this error, without the errno detail.
    public var summary: String {
        let device = I2CBlockWrite.hex(address)
        switch (operation, errno) {
        case (.open, ENOENT), (.open, ENXIO), (.open, ENODEV):
            return "\(busPath) does not exist — enable I2C: dtparam=i2c_arm=on in /boot/firmware/config.txt, then reboot"
        case (.open, EACCES), (.open, EPERM):
            return "no permission to open \(busPath) — add the user to group i2c (usermod -aG i2c USER)"
        case (.setAddress, EBUSY):
            return "a kernel driver already owns \(device) on \(busPath) — remove the display overlay (dtoverlay=ssd1306…) from config.txt"
        case (.checkFunctionality, EOPNOTSUPP):
            return "the adapter behind \(busPath) cannot do SMBus I2C-block writes (I2C_FUNC_SMBUS_WRITE_I2C_BLOCK missing from I2C_FUNCS; i2c-stub needs functionality=0xffffffff)"
        case (.writeBlock, EMSGSIZE):
            return "an I2C-block write to \(device) on \(busPath) must carry 1 to \(I2CBlockWrite.maxLength) bytes"
        default:
            if isNoDevice {
                return "nothing answers at \(device) on \(busPath) — check the wiring and the address (0x3c or 0x3d)"
            }
            return "\(operation.rawValue) failed for \(device) on \(busPath)"
        }
    }

    public var description: String {
        "\(summary) (\(operation.rawValue): \(system.reason), errno \(errno))"
    }
}
