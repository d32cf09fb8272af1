/// One device on an I2C bus, as far as the OLED driver needs it: SMBus I2C-block writes.
///
/// The panel driver talks only through this, so tests can record every transfer and make the
/// bus fail on demand. `LinuxI2CBus` is the real one.
public protocol I2CBus: AnyObject {
    /// The bus device, e.g. "/dev/i2c-1" (for messages).
    var path: String { get }
    /// The 7-bit device address, e.g. 0x3c (for messages).
    var address: UInt8 { get }

    /// One SMBus I2C-block write: START, address, `command`, then `bytes`, STOP.
    ///
    /// `bytes` holds 1 to `I2CBlockWrite.maxLength` (32) bytes. On Linux this is
    /// `i2c_smbus_write_i2c_block_data` (the I2C_SMBUS ioctl, I2C_SMBUS_I2C_BLOCK_DATA).
    func writeBlock(command: UInt8, _ bytes: ArraySlice<UInt8>) throws(I2CError)
}

extension I2CBus {
    /// Sends `write` with `writeBlock(command:_:)`.
    public func send(_ write: I2CBlockWrite) throws(I2CError) {
        try writeBlock(command: write.command, write.bytes[...])
    }
}
