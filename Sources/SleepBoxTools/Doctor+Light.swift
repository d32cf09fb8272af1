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
        // The Pi's own PWM (a platform device, "fe20c000.pwm", "1f00098000.pwm") drives GPIO12
        // and GPIO13 under pwm-2chan: a button or the knob on one of them is lost to the light.
        if device.hasSuffix(".pwm)"), let pins = profile?.pins, let clash = Self.pwmPinClash(pins, channels: light.channels) {
            return Check(name: "light", outcome: .warning, detail: detail + "; \(clash)",
                         fix: "move it off the PWM pin: [pins] knob_switch = 26 (board/README.md, \"A wake light\")")
        }
        if access(pwm.chipPath + "/export", W_OK) != 0 {
            return Check(name: "light", outcome: .warning, detail: detail + "; \(pwm.chipPath)/export is not writable for this user",
                         fix: "the package's udev rule gives the PWM class to the group gpio: add the user to gpio")
        }
        return Check(name: "light", outcome: .ok, detail: detail, fix: "")
    }

    /// A button's or the knob's line on the GPIO that the Pi's PWM channel `c` takes under
    /// `dtoverlay=pwm-2chan,pin=12,func=4,pin2=13,func2=4` (channel 0 GPIO12, 1 GPIO13), named.
    static func pwmPinClash(_ pins: BoardPins, channels: [Int]) -> String? {
        let inputs: [(String, UInt32)] = [("leaf", pins.leaf), ("skip", pins.skip), ("timer", pins.timer),
                                          ("knob_a", pins.knobA), ("knob_b", pins.knobB), ("knob_switch", pins.knobSwitch)]
        for channel in channels where channel == 0 || channel == 1 {
            let gpio: UInt32 = channel == 0 ? 12 : 13
            if let (name, _) = inputs.first(where: { $0.1 == gpio }) {
                return "\(name) is on GPIO\(gpio), which PWM channel \(channel) takes under pwm-2chan"
            }
        }
        return nil
    }
}
