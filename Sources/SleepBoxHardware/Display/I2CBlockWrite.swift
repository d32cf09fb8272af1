/// One SMBus I2C-block write as data: the command byte and up to 32 bytes after it.
///
/// For the OLED controllers the command byte is the I2C control byte: 0x00 (Co = 0, D/C# = 0)
/// makes every following byte a command, 0x40 (Co = 0, D/C# = 1) makes them display RAM data.
public struct I2CBlockWrite: Sendable, Hashable, CustomStringConvertible {
    /// At most this many bytes follow the command byte (I2C_SMBUS_BLOCK_MAX).
    public static let maxLength = 32
    /// I2C bus time of one write besides its bytes: START, the address byte with R/W and its
    /// ACK (9 bits) and STOP, counted as one bit time each for START and STOP.
    public static let overheadBits = 1 + 9 + 1

    public var command: UInt8
    public var bytes: [UInt8]

    public init(command: UInt8, bytes: [UInt8]) {
        self.command = command
        self.bytes = bytes
    }

    /// Bytes after the address: the command byte and the data.
    public var payloadCount: Int { 1 + bytes.count }

    /// Bit times on the wire: START, address + ACK, 9 bits (8 + ACK) per payload byte, STOP.
    public var wireBits: Int { I2CBlockWrite.overheadBits + 9 * payloadCount }

    public var description: String {
        "[" + ([command] + bytes).map { I2CBlockWrite.hex($0) }.joined(separator: " ") + "]"
    }

    /// "0x3c": a byte as two lower-case hex digits.
    static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16)
        return "0x" + (digits.count < 2 ? "0" + digits : digits)
    }
}
