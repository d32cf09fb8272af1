#if canImport(Glibc)
import Glibc
#endif
import SleepBoxSystem

/// Channels of one PWM chip through the kernel's PWM class in sysfs (the stable ABI since Linux
/// 3.11, Documentation/ABI/testing/sysfs-class-pwm): `/sys/class/pwm/pwmchipN/npwm`, `export`,
/// and per channel `pwmM/period`, `pwmM/duty_cycle` (both in nanoseconds) and `pwmM/enable`.
/// The Pi's own PWM (`pwm-bcm2835`, the Pi 5's `rp1-pwm`) and a PCA9685 (`pwm-pca9685`) look
/// the same here.
///
/// Every attribute is opened, checked to be a regular file, written whole and closed: sysfs takes
/// one value per write, and a chip that disappears (its driver unbound, the board unplugged)
/// turns into an error naming the file, never into a crash.
public final class SysfsPWM {
    public let root: String
    public let chip: Int
    public let channels: [Int]
    public let periodNanoseconds: Int
    /// The duties last written, in nanoseconds (nil: not yet, or after a failure).
    private var written: [Int?]

    /// Channels `channels` of `root`/pwmchip`chip`, at `periodNanoseconds`.
    public init(root: String = "/sys/class/pwm", chip: Int, channels: [Int], periodNanoseconds: Int) {
        self.root = root
        self.chip = chip
        self.channels = channels
        self.periodNanoseconds = periodNanoseconds
        self.written = channels.map { _ in nil }
    }

    /// `/sys/class/pwm/pwmchip0`.
    public var chipPath: String { root + "/pwmchip\(chip)" }
    /// `pwmchip0 channels 0, 1`.
    public var name: String { "pwmchip\(chip) channel\(channels.count == 1 ? "" : "s") " + channels.map(String.init).joined(separator: ", ") }

    /// The chip's channel count (`npwm`).
    public func channelCount() throws(PWMError) -> Int {
        guard isDirectory(chipPath) else { throw PWMError.noChip(path: chipPath) }
        let text = try read(chipPath + "/npwm")
        guard let n = Int(String(text.filter { !$0.isWhitespace })) else {
            throw PWMError.failed(SystemError("read", errno: EINVAL, path: chipPath + "/npwm"), wrote: nil)
        }
        return n
    }

    /// Exports each channel that is not yet, sets its polarity to normal and its period with the
    /// duty at 0, and enables it.
    public func open() throws(PWMError) {
        let count = try channelCount()
        for channel in channels where channel >= count || channel < 0 {
            throw PWMError.noChannel(chip: chipPath, channel: channel, count: count)
        }
        for (index, channel) in channels.enumerated() {
            let dir = chipPath + "/pwm\(channel)"
            if !isDirectory(dir) {
                try write(chipPath + "/export", String(channel))
                // udev may still be giving the new files to the box's group: wait a little.
                var tries = 0
                while !(isDirectory(dir) && access(dir + "/duty_cycle", W_OK) == 0) && tries < 50 {
                    usleep(10_000)
                    tries += 1
                }
                guard isDirectory(dir) else { throw PWMError.notExported(path: dir) }
            }
            // A channel left inversed (by another program before the box) would be full where
            // the box asks for dark: normal polarity, which the kernel takes only while the
            // channel is disabled. A driver without the file has no other polarity.
            let polarity = dir + "/polarity"
            if let current = try? read(polarity), current.filter({ !$0.isWhitespace }) != "normal" {
                try? write(dir + "/enable", "0")
                try write(polarity, "normal")
            }
            // The kernel refuses any state with a period of 0, which a freshly exported channel
            // may have (writing the duty first then fails with EINVAL and the light stays dark:
            // `make hil`'s pwm-sim showed it), and a period shorter than the duty: the period
            // first; when that is refused, the duty to 0 and the period again.
            do {
                try write(dir + "/period", String(periodNanoseconds))
            } catch {
                try write(dir + "/duty_cycle", "0")
                try write(dir + "/period", String(periodNanoseconds))
            }
            try write(dir + "/duty_cycle", "0")
            try write(dir + "/enable", "1")
            written[index] = 0
        }
    }

    /// Sets each channel's duty cycle (a fraction 0...1 of the period, in whole nanoseconds);
    /// only the channels whose duty changed are written.
    public func set(_ fractions: [Double]) throws(PWMError) {
        for (index, channel) in channels.enumerated() where index < fractions.count {
            let f = fractions[index].isFinite ? min(1, max(0, fractions[index])) : 0
            let ns = Int((f * Double(periodNanoseconds)).rounded())
            guard written[index] != ns else { continue }
            do {
                try write(chipPath + "/pwm\(channel)/duty_cycle", String(ns))
                written[index] = ns
            } catch {
                written[index] = nil
                throw error
            }
        }
    }

    /// Whether each channel is still exported and enabled as `open` left it. A chip whose driver
    /// was unbound and bound again comes back with its channels unexported and dark, which no
    /// write is made to notice while the light holds steady. Throws what is wrong.
    public func check() throws(PWMError) {
        for channel in channels {
            let dir = chipPath + "/pwm\(channel)"
            guard isDirectory(dir) else { throw PWMError.notExported(path: dir) }
            guard try read(dir + "/enable").filter({ !$0.isWhitespace }) == "1" else { throw PWMError.disabled(path: dir) }
        }
    }

    /// The duty in nanoseconds a fraction gives (for the status and the tests).
    public func nanoseconds(_ fraction: Double) -> Int { Int((min(1, max(0, fraction)) * Double(periodNanoseconds)).rounded()) }

    /// Duty 0 and disabled (on exit); errors are ignored, the light is going away anyway.
    public func close() {
        for channel in channels {
            let dir = chipPath + "/pwm\(channel)"
            try? write(dir + "/duty_cycle", "0")
            try? write(dir + "/enable", "0")
        }
        written = channels.map { _ in nil }
    }

    // MARK: - Files

    private func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// Writes `text` to a sysfs attribute: a regular file, opened without creating it (and
    /// truncated, as a shell's `echo 1 > enable` does: sysfs takes the value written whole;
    /// without blocking, so a FIFO put in its place is refused, not waited on).
    private func write(_ path: String, _ text: String) throws(PWMError) {
        let fd = SystemCall.retryingEINTR { Glibc.open(path, O_WRONLY | O_TRUNC | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW) }
        guard fd >= 0 else { throw PWMError.failed(SystemError("open", path: path), wrote: text) }
        defer { Glibc.close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw PWMError.failed(SystemError("fstat", path: path), wrote: text) }
        guard (st.st_mode & S_IFMT) == S_IFREG else { throw PWMError.notRegularFile(path: path) }
        let bytes = Array(text.utf8)
        let n = bytes.withUnsafeBytes { buffer in SystemCall.retryingEINTR { Glibc.write(fd, buffer.baseAddress, buffer.count) } }
        guard n == bytes.count else {
            throw PWMError.failed(SystemError("write", errno: n < 0 ? SystemError.currentErrno : EIO, path: path), wrote: text)
        }
    }

    /// Reads a small sysfs attribute (a regular file; sysfs says each is a page, 4096 bytes).
    private func read(_ path: String) throws(PWMError) -> String {
        switch RegularFile.read(path, limit: 4096) {
        case .success(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .failure(let failure):
            if case .notRegular = failure { throw PWMError.notRegularFile(path: path) }
            throw PWMError.failed(SystemError("read", errno: failure.errno ?? EIO, path: path), wrote: nil)
        }
    }
}
