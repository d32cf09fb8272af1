import Foundation

/// Is this a Raspberry Pi? (The device tree's model string says so.)
public enum BoardDetection {
    public static func model() -> String? {
        for path in ["/proc/device-tree/model", "/sys/firmware/devicetree/base/model"] {
            if let data = FileManager.default.contents(atPath: path) {
                return String(decoding: data.prefix { $0 != 0 }, as: UTF8.self)
            }
        }
        return nil
    }

    public static func isRaspberryPi() -> Bool { model()?.contains("Raspberry Pi") ?? false }
}
