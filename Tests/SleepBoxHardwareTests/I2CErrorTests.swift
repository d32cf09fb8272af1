#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import SleepBoxHardware

/// The advice an `I2CError` gives for the usual faults on a Raspberry Pi.
@Suite struct I2CErrorTests {
    static func error(_ operation: I2CError.Operation, _ code: Int32, address: UInt8 = 0x3c) -> I2CError {
        I2CError(busPath: "/dev/i2c-1", address: address, operation: operation, errno: code)
    }

    @Test(arguments: [ENXIO, EREMOTEIO, ENODEV])
    func noDeviceAnswering(_ code: Int32) {
        let error = Self.error(.writeBlock, code)
        #expect(error.isNoDevice)
        #expect(error.summary == "nothing answers at 0x3c on /dev/i2c-1 — check the wiring and the address (0x3c or 0x3d)")
        #expect(error.description.contains("errno \(code)"))
    }

    @Test func busMissing() {
        let error = Self.error(.open, ENOENT)
        #expect(!error.isNoDevice)
        #expect(error.summary.contains("enable I2C: dtparam=i2c_arm=on in /boot/firmware/config.txt"))
        #expect(error.summary.hasPrefix("/dev/i2c-1 does not exist"))
    }

    @Test(arguments: [EACCES, EPERM])
    func permission(_ code: Int32) {
        #expect(Self.error(.open, code).summary.contains("add the user to group i2c"))
    }

    @Test func addressClaimedByAKernelDriver() {
        #expect(Self.error(.setAddress, EBUSY, address: 0x3d).summary.contains("a kernel driver already owns 0x3d"))
    }

    @Test func missingBlockWriteCapability() {
        #expect(Self.error(.checkFunctionality, EOPNOTSUPP).summary.contains("I2C_FUNC_SMBUS_WRITE_I2C_BLOCK"))
    }

    @Test func otherErrorsNameTheOperationAndErrno() {
        let error = Self.error(.writeBlock, ETIMEDOUT)
        #expect(error.description == "write block failed for 0x3c on /dev/i2c-1 (write block: Connection timed out, errno 110)")
    }

    @Test func eventsAreLoggable() {
        let lost = OLEDPanelEvent.lost(Self.error(.writeBlock, EREMOTEIO), at: 5)
        #expect(lost.logLevel == .warning)
        #expect(lost.description.hasPrefix("display lost: nothing answers at 0x3c"))
        let restored = OLEDPanelEvent.restored(at: 12, downtime: 7, attempts: 3)
        #expect(restored.logLevel == .notice)
        #expect(restored.description == "display restored after 7.0 s (3 tries)")
    }
}
