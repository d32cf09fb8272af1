import Foundation
import SleepBoxSystem

/// Is this a Raspberry Pi? (The device tree's model string says so.)
public enum BoardDetection {
    public static func model() -> String? {
        for path in ["/proc/device-tree/model", "/sys/firmware/devicetree/base/model"] {
            if let text = try? TextFile.read(path: path, limit: 4096) {
                return String(text.prefix { $0 != "\0" })
            }
        }
        return nil
    }

    public static func isRaspberryPi() -> Bool { model()?.contains("Raspberry Pi") ?? false }
}
