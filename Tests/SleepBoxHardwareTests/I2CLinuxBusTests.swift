#if canImport(Glibc)
import Glibc
#endif
import CI2C
import SleepBoxUI
import Testing
@testable import SleepBoxHardware

/// `LinuxI2CBus` against the real kernel: the failures anywhere, a whole frame where a bus is
/// named (SLEEPBOX_TEST_I2C_BUS=/dev/i2c-0, SLEEPBOX_TEST_I2C_ADDRESS=0x3c; e.g. i2c-stub loaded
/// with chip_addr=0x3c functionality=0xffffffff in a VM).
@Suite struct I2CLinuxBusTests {
    /// The bus named by SLEEPBOX_TEST_I2C_BUS, when it exists.
    static var testBus: String? {
        guard let value = getenv("SLEEPBOX_TEST_I2C_BUS") else { return nil }
        let path = String(cString: value)
        return path.hasPrefix("/dev/i2c-") && access(path, F_OK) == 0 ? path : nil
    }

    static var testAddress: UInt8 {
        guard let value = getenv("SLEEPBOX_TEST_I2C_ADDRESS") else { return 0x3c }
        let text = String(cString: value)
        let digits = text.hasPrefix("0x") ? String(text.dropFirst(2)) : text
        return UInt8(digits, radix: 16) ?? 0x3c
    }

    @Test func missingBusSaysHowToEnableI2C() {
        #expect {
            try LinuxI2CBus(path: "/dev/i2c-sleepbox-missing", address: 0x3c)
        } throws: { error in
            guard let error = error as? I2CError else { return false }
            return error.operation == .open && error.errno == ENOENT
                && error.summary.contains("dtparam=i2c_arm=on")
        }
    }

    @Test func aFileThatIsNoI2CBusFailsAtSetAddress() {
        #expect {
            try LinuxI2CBus(path: "/dev/null", address: 0x3c)
        } throws: { error in
            (error as? I2CError).map { $0.operation == .setAddress && $0.errno == ENOTTY } ?? false
        }
    }

    @Test func reservedAddressesAreRefused() {
        #expect {
            try LinuxI2CBus(path: "/dev/null", address: 0x78)
        } throws: { error in
            (error as? I2CError).map { $0.operation == .setAddress && $0.errno == EINVAL } ?? false
        }
    }

    @Test(.enabled(if: I2CLinuxBusTests.testBus != nil, "needs SLEEPBOX_TEST_I2C_BUS naming an existing /dev/i2c-N"),
          arguments: OLEDController.allCases)
    func wholeFrameThroughTheKernel(_ controller: OLEDController) throws {
        let path = try #require(Self.testBus)
        let bus = try LinuxI2CBus(path: path, address: Self.testAddress)
        let panel = OLEDPanel(bus: bus, controller: controller)
        var frame = Framebuffer()
        frame.strokeRect(Framebuffer.bounds)
        frame.fill(PixelRect(x: 100, y: 40, width: 20, height: 20))
        #expect(panel.show(frame, now: 0) == .ok)
        #expect(panel.counters.dataBytes == 1024)
        #expect(panel.counters.errors == 0)
        var moved = frame
        moved.set(x: 64, y: 32)
        #expect(panel.show(moved, now: 1) == .ok)
        #expect(panel.blank(now: 2) == .ok)
        #expect(panel.state == .ready)
    }

    /// The other of 0x3c/0x3d, where nothing should answer: the panel goes unavailable instead of
    /// throwing (i2c-stub answers ENODEV there, the Pi's controller EREMOTEIO).
    @Test(.enabled(if: I2CLinuxBusTests.testBus != nil, "needs SLEEPBOX_TEST_I2C_BUS naming an existing /dev/i2c-N"))
    func emptyAddressMakesThePanelUnavailable() throws {
        let path = try #require(Self.testBus)
        let empty: UInt8 = Self.testAddress == 0x3c ? 0x3d : 0x3c
        let bus = try LinuxI2CBus(path: path, address: empty)
        let panel = OLEDPanel(bus: bus, controller: .ssd1306)
        let status = panel.show(Framebuffer(), now: 0)
        #expect(status != .ok)
        guard case .unavailable(let error, since: 0) = panel.state else {
            Issue.record("state is \(panel.state)")
            return
        }
        #expect(error.isNoDevice)
        #expect(error.summary.hasPrefix("nothing answers at \(empty == 0x3c ? "0x3c" : "0x3d") on \(path)"))
        #expect(panel.nextRetry == 1)
    }

    /// i2c-stub keeps a 256-register map: a block write with command byte C lands in registers
    /// C, C+1, …, so the last data chunk sits at 0x40 and the last command at 0x00.
    @Test(.enabled(if: I2CLinuxBusTests.testBus != nil && getenv("SLEEPBOX_TEST_I2C_STUB") != nil,
                   "needs SLEEPBOX_TEST_I2C_BUS and SLEEPBOX_TEST_I2C_STUB=1 (i2c-stub reads back)"))
    func stubReadsBackTheLastChunk() throws {
        let path = try #require(Self.testBus)
        let bus = try LinuxI2CBus(path: path, address: Self.testAddress)
        let panel = OLEDPanel(bus: bus, controller: .ssd1306)
        let frame = try #require(Framebuffer(bytes: (0..<1024).map { UInt8($0 & 0xFF) }))
        #expect(panel.show(frame, now: 0) == .ok)

        let fd = open(path, O_RDWR | O_CLOEXEC)
        try #require(fd >= 0)
        defer { close(fd) }
        try #require(sleepbox_i2c_set_address(fd, Int(Self.testAddress)) == 0)
        var chunk = [UInt8](repeating: 0, count: 32)
        let read = chunk.withUnsafeMutableBufferPointer { i2c_smbus_read_i2c_block_data(fd, 0x40, 32, $0.baseAddress) }
        #expect(read == 32)
        #expect(chunk == Array(frame.bytes[992..<1024]))
        #expect(i2c_smbus_read_byte_data(fd, 0x00) == 0xAF)
    }
}
