import SleepBoxSystem
import SleepBoxUI

/// `sleepbox ctl frame --png FILE`: the frame the box answered with (`{"cmd":"frame"}`), as the
/// simulator draws its frames.
public enum FramePicture {
    /// The PNG of the frame in a `frame` answer line, `scale` times the display's 128x64 pixels,
    /// dimmed as the display shows it.
    public static func png(answer: String, scale: Int = 4) throws(ControlError) -> [UInt8] {
        let object: [String: JSONValue]
        do {
            object = Dictionary(try JSONParser.parseObject(answer[...]), uniquingKeysWith: { first, _ in first })
        } catch {
            throw ControlError("the box's answer is not a JSON object: \(answer.prefix(80))")
        }
        guard let hex = object["frame"]?.string, let bytes = bytes(hex: hex), let framebuffer = Framebuffer(bytes: bytes) else {
            throw ControlError("the box's answer has no frame of \(Framebuffer.width * Framebuffer.pageCount) bytes")
        }
        do {
            return try PNGWriter(scale: scale).pngData(framebuffer, dimmed: object["dimmed"]?.bool ?? false)
        } catch {
            throw ControlError("cannot draw the frame: \(error)")
        }
    }

    /// The bytes of a string of hex digit pairs; nil when it is not one.
    static func bytes(hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(digits.count / 2)
        var i = 0
        while i < digits.count {
            guard let high = value(digits[i]), let low = value(digits[i + 1]) else { return nil }
            out.append(high << 4 | low)
            i += 2
        }
        return out
    }

    private static func value(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
