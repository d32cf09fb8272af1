#if canImport(Glibc)
import Glibc
#endif
import CI2C
import SleepBoxSystem

/// One device on a Linux I2C bus (/dev/i2c-N through i2c-dev), written with SMBus I2C-block
/// transfers, which both the Raspberry Pi's controller and the kernel's i2c-stub support.
public final class LinuxI2CBus: I2CBus {
    public let path: String
    public let address: UInt8
    /// The adapter's I2C_FUNC_* bits, as the I2C_FUNCS ioctl reported them.
    public let functionality: UInt
    private let fd: Int32

    /// Opens `path` with `open(O_RDWR | O_CLOEXEC)`, selects `address` with the I2C_SLAVE ioctl
    /// and checks with the I2C_FUNCS ioctl that the adapter has I2C_FUNC_SMBUS_WRITE_I2C_BLOCK.
    public init(path: String, address: UInt8) throws(I2CError) {
        self.path = path
        self.address = address
        func failure(_ operation: I2CError.Operation, _ code: Int32) -> I2CError {
            I2CError(busPath: path, address: address, operation: operation, errno: code)
        }
        // i2c-dev rejects anything above 0x7f; 0x00-0x02 and 0x78-0x7f are reserved addresses.
        guard (0x03...0x77).contains(address) else { throw failure(.setAddress, EINVAL) }

        let opened = SystemCall.retryingEINTR { open(path, O_RDWR | O_CLOEXEC) }
        guard opened >= 0 else { throw failure(.open, errno) }

        var result = SystemCall.retryingEINTR { sleepbox_i2c_set_address(opened, Int(address)) }
        guard result >= 0 else {
            let code = errno
            close(opened)
            throw failure(.setAddress, code)
        }

        var funcs: UInt = 0
        result = SystemCall.retryingEINTR { sleepbox_i2c_functionality(opened, &funcs) }
        guard result >= 0 else {
            let code = errno
            close(opened)
            throw failure(.checkFunctionality, code)
        }
        guard funcs & UInt(I2C_FUNC_SMBUS_WRITE_I2C_BLOCK) != 0 else {
            close(opened)
            throw failure(.checkFunctionality, EOPNOTSUPP)
        }
        self.functionality = funcs
        self.fd = opened
    }

    /// Opens /dev/i2c-`bus` (e.g. 1 on a Raspberry Pi's GPIO header); see `init(path:address:)`.
    public convenience init(bus: Int, address: UInt8) throws(I2CError) {
        try self.init(path: "/dev/i2c-\(bus)", address: address)
    }

    deinit { close(fd) }

    /// `i2c_smbus_write_i2c_block_data(fd, command, count, bytes)`, retried on EINTR.
    public func writeBlock(command: UInt8, _ bytes: ArraySlice<UInt8>) throws(I2CError) {
        // libi2c silently truncates longer blocks to 32 bytes; refuse instead.
        guard (1...I2CBlockWrite.maxLength).contains(bytes.count) else {
            throw I2CError(busPath: path, address: address, operation: .writeBlock, errno: EMSGSIZE)
        }
        let result = SystemCall.retryingNegatedEINTR {
            bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return -EINVAL }
                return i2c_smbus_write_i2c_block_data(fd, command, UInt8(buffer.count), base)
            }
        }
        // libi2c returns -errno on failure (and leaves errno set).
        guard result >= 0 else {
            throw I2CError(busPath: path, address: address, operation: .writeBlock, errno: -result)
        }
    }
}
