#if canImport(Glibc)
import Glibc
#endif
@testable import SleepBoxHardware

/// A fake I2C device that records every block write and fails on demand.
final class I2CRecordingBus: I2CBus {
    let path = "/dev/i2c-1"
    let address: UInt8 = 0x3c
    /// Writes that went through, oldest first.
    private(set) var writes: [I2CBlockWrite] = []
    /// Every write attempted, including failed ones.
    private(set) var attempts = 0
    /// When set, every write fails with this errno (ENXIO: nothing answers).
    var failing: Int32?
    /// When set, this many more writes go through, then `failing` takes effect.
    var writesBeforeFailure: Int?

    func writeBlock(command: UInt8, _ bytes: ArraySlice<UInt8>) throws(I2CError) {
        attempts += 1
        if let remaining = writesBeforeFailure {
            if remaining == 0 {
                writesBeforeFailure = nil
                failing = failing ?? ENXIO
            } else {
                writesBeforeFailure = remaining - 1
            }
        }
        if let code = failing {
            throw I2CError(busPath: path, address: address, operation: .writeBlock, errno: code)
        }
        // The real bus refuses these; the driver must never produce them.
        guard (1...I2CBlockWrite.maxLength).contains(bytes.count) else {
            throw I2CError(busPath: path, address: address, operation: .writeBlock, errno: EMSGSIZE)
        }
        writes.append(I2CBlockWrite(command: command, bytes: Array(bytes)))
    }

    /// The writes recorded since the last call.
    func take() -> [I2CBlockWrite] {
        defer { writes.removeAll() }
        return writes
    }
}

extension I2CBlockWrite {
    /// `[0x00, ...]`: a command write.
    static func commands(_ bytes: UInt8...) -> I2CBlockWrite { I2CBlockWrite(command: 0x00, bytes: bytes) }
    /// `[0x40, ...]`: a display data write.
    static func data(_ bytes: [UInt8]) -> I2CBlockWrite { I2CBlockWrite(command: 0x40, bytes: bytes) }
}
