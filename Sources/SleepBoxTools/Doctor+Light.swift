#if canImport(Glibc)
import Glibc
#endif
import SleepBoxConfig
import SleepBoxHardware

extension Doctor {
    /// The light: the `[light]` PWM chip and its channels (without changing them), or the board's
    /// LED as a one-channel light, or none.
    func lightCheck(_ devices: DeviceSettings, profile: BoardProfile?, root: String = "/sys/class/pwm") -> Check {
        let light = devices.light
        guard let chip = light.chip else {
            if let led = profile?.pins.led {
                return Check(name: "light", outcome: .ok,
                             detail: "no PWM light ([light] chip not set); the breathing LED on line \(led) is a one-channel light",
                             fix: "")
            }
            return Check(name: "light", outcome: .ok, detail: "none: no [light] chip and no LED; the box has no light", fix: "")
        }
        let pwm = SysfsPWM(root: root, chip: chip, channels: light.channels, periodNanoseconds: light.periodNanoseconds)
        let count: Int
        do {
            count = try pwm.channelCount()
        } catch {
            return Check(name: "light", outcome: .failure, detail: "\(error)",
                         fix: "add the overlay (board/README.md, \"A wake light\") or set [light] chip to one of `ls \(root)`")
        }
        if let missing = light.channels.first(where: { $0 >= count }) {
            return Check(name: "light", outcome: .failure, detail: "\(pwm.chipPath) has \(count) channels, not channel \(missing)",
                         fix: "set [light] channels to channels 0 to \(count - 1)")
        }
        var device = ""
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink(pwm.chipPath + "/device", &buffer, buffer.count - 1)
        if n > 0 {
            let target = String(decoding: buffer[0..<Int(n)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            device = " (" + (target.split(separator: "/").last.map(String.init) ?? target) + ")"
        }
        let detail = "\(light.summary)\(device), \(count) channel\(count == 1 ? "" : "s") on the chip"
        if access(pwm.chipPath + "/export", W_OK) != 0 {
            return Check(name: "light", outcome: .warning, detail: detail + "; \(pwm.chipPath)/export is not writable for this user",
                         fix: "the package's udev rule gives the PWM class to the group gpio: add the user to gpio")
        }
        return Check(name: "light", outcome: .ok, detail: detail, fix: "")
    }
}
