#if canImport(Glibc)
import Glibc
#endif
import CLinux
import Foundation
import SleepBoxSystem

/// A battery-backed real-time clock through the kernel's RTC character device (`/dev/rtc0`:
/// a DS3231 on I2C with the `i2c-rtc,ds3231` overlay, the Pi 5's own RTC, a PC's CMOS clock).
/// The clock keeps UTC, as Debian's `hwclock` and systemd expect.
///
/// Each call opens the device, does one ioctl and closes it again: the box reads it at start and
/// when the wall clock changes, and writes it when the owner sets the time, never more often.
public struct RTCDevice: Sendable, Equatable {
    /// The device the box uses.
    public static let defaultPath = "/dev/rtc0"
    /// An RTC reading before this (2024-01-01T00:00:00Z) is not a time anybody set: a clock whose
    /// battery ran flat, or one never set, counts from 1970 or 2000.
    public static let earliestPlausible: Double = 1_704_067_200

    public let path: String

    public init(path: String = RTCDevice.defaultPath) { self.path = path }

    /// Whether the device node exists.
    public var exists: Bool { access(path, F_OK) == 0 }

    /// The driver's name from sysfs (`rtc_cmos`, `rtc-ds1307`, `rpi-rtc`), when it has one.
    public var driverName: String? {
        let device = path.split(separator: "/").last.map(String.init) ?? "rtc0"
        guard let name = try? TextFile.read(path: "/sys/class/rtc/\(device)/name") else { return nil }
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// The clock's time in UTC seconds since 1970 (open and ioctl RTC_RD_TIME). A DS3231 whose
    /// oscillator stopped (its battery ran flat) refuses the read with EINVAL.
    public func read() throws(SystemError) -> Double {
        let fd = try open(O_RDONLY)
        defer { close(fd) }
        var time = rtc_time()
        guard SystemCall.retryingEINTR({ sleepbox_rtc_read_time(fd, &time) }) == 0 else {
            throw SystemError("ioctl RTC_RD_TIME", path: path)
        }
        guard let seconds = RTCDevice.seconds(of: time) else {
            throw SystemError("ioctl RTC_RD_TIME", errno: EINVAL, path: path)
        }
        return seconds
    }

    /// Sets the clock to `wall` (UTC seconds since 1970, whole seconds: the clock has no finer
    /// resolution) with ioctl RTC_SET_TIME; needs CAP_SYS_TIME and write access to the device.
    public func set(_ wall: Double) throws(SystemError) {
        let fd = try open(O_RDWR)
        defer { close(fd) }
        var time = RTCDevice.time(of: wall)
        guard SystemCall.retryingEINTR({ sleepbox_rtc_set_time(fd, &time) }) == 0 else {
            throw SystemError("ioctl RTC_SET_TIME", path: path)
        }
    }

    private func open(_ flags: Int32) throws(SystemError) -> Int32 {
        let fd = SystemCall.retryingEINTR { Glibc.open(path, flags | O_CLOEXEC) }
        guard fd >= 0 else { throw SystemError("open", path: path) }
        return fd
    }

    /// The broken-down UTC time the RTC ioctls take for `wall` (rounded to the nearest second).
    public static func time(of wall: Double) -> rtc_time {
        var seconds = time_t(wall.rounded())
        var fields = tm()
        gmtime_r(&seconds, &fields)
        var t = rtc_time()
        for (rtc, broken) in sharedFields + weekdayFields { t[keyPath: rtc] = fields[keyPath: broken] }
        t.tm_isdst = 0
        return t
    }

    /// UTC seconds since 1970 of a time read from an RTC; nil when its fields are out of range
    /// (a clock that was never set can hold anything).
    public static func seconds(of t: rtc_time) -> Double? {
        guard (0...59).contains(t.tm_sec), (0...59).contains(t.tm_min), (0...23).contains(t.tm_hour),
              (1...31).contains(t.tm_mday), (0...11).contains(t.tm_mon), (70...1100).contains(t.tm_year) else { return nil }
        var fields = tm()
        for (rtc, broken) in sharedFields { fields[keyPath: broken] = t[keyPath: rtc] }
        return Double(timegm(&fields))
    }

    /// The fields an RTC time and C's broken-down time share, named once for both directions:
    /// the date and time of day, then the day of the week and of the year (which `timegm`
    /// works out itself).
    private static var sharedFields: [(WritableKeyPath<rtc_time, Int32>, WritableKeyPath<tm, Int32>)] {
        [(\.tm_sec, \.tm_sec), (\.tm_min, \.tm_min), (\.tm_hour, \.tm_hour),
         (\.tm_mday, \.tm_mday), (\.tm_mon, \.tm_mon), (\.tm_year, \.tm_year)]
    }
    private static var weekdayFields: [(WritableKeyPath<rtc_time, Int32>, WritableKeyPath<tm, Int32>)] {
        [(\.tm_wday, \.tm_wday), (\.tm_yday, \.tm_yday)]
    }
}
