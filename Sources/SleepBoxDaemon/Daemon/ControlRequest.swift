import Foundation
import SleepBoxCore

/// One request on the control socket: a JSON object on one line, `{"cmd": ...}`.
///
/// | request | does |
/// |---|---|
/// | `{"cmd":"status"}` | the state, with the same fields as the simulator's trace |
/// | `{"cmd":"press","button":"leaf"}` | a short press (leaf, skip, timer, knob) |
/// | `{"cmd":"hold","button":"leaf","seconds":2.5}` | hold a button |
/// | `{"cmd":"turn","detents":-2}` | turn the knob |
/// | `{"cmd":"alarm","time":"06:45","days":["mon","tue"]}` | set the alarm (enabled) |
/// | `{"cmd":"alarm","enabled":false}` / `{"cmd":"alarm","skipNext":true}` / `{"cmd":"alarm","clear":true}` | change it |
/// | `{"cmd":"volume","percent":40}` | set the volume |
/// | `{"cmd":"frame"}` | the display's current frame: 1024 bytes in SSD1306 page layout, as hex |
public enum ControlRequest: Equatable, Sendable {
    case status
    case press(Button)
    case hold(Button, seconds: Double)
    case turn(Int)
    case setAlarm(hour: Int, minute: Int, weekdays: Set<Int>?)
    case enableAlarm(Bool)
    case skipNextAlarm(Bool)
    case clearAlarm
    case volume(Int)
    case frame

    /// Parses one line; the error says what is wrong in words a person can act on.
    public static func parse(_ line: String) -> Result<ControlRequest, ControlError> {
        guard let data = line.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            return .failure(ControlError("not a JSON object: \(line.prefix(80))"))
        }
        guard let cmd = object["cmd"] as? String else { return .failure(ControlError("missing \"cmd\"")) }
        func button() -> Result<Button, ControlError> {
            guard let name = object["button"] as? String, let b = Button(rawValue: name) else {
                return .failure(ControlError("\"button\" must be one of leaf, skip, timer, knob"))
            }
            return .success(b)
        }
        switch cmd {
        case "status": return .success(.status)
        case "frame": return .success(.frame)
        case "press": return button().map { .press($0) }
        case "hold":
            guard let s = object["seconds"] as? Double, s > 0, s <= 60 else {
                return .failure(ControlError("\"seconds\" must be a number between 0 and 60"))
            }
            return button().map { .hold($0, seconds: s) }
        case "turn":
            guard let d = object["detents"] as? Int, d != 0, abs(d) <= 100 else {
                return .failure(ControlError("\"detents\" must be a whole number from -100 to 100, not 0"))
            }
            return .success(.turn(d))
        case "volume":
            guard let p = object["percent"] as? Int, (0...100).contains(p) else {
                return .failure(ControlError("\"percent\" must be a whole number from 0 to 100"))
            }
            return .success(.volume(p))
        case "alarm":
            if object["clear"] as? Bool == true { return .success(.clearAlarm) }
            if let e = object["enabled"] as? Bool, object["time"] == nil { return .success(.enableAlarm(e)) }
            if let s = object["skipNext"] as? Bool { return .success(.skipNextAlarm(s)) }
            guard let time = object["time"] as? String, let (h, m) = parseTime(time) else {
                return .failure(ControlError("\"time\" must be HH:MM (00:00-23:59)"))
            }
            var weekdays: Set<Int>? = nil
            if let days = object["days"] as? [String] {
                var set = Set<Int>()
                for d in days {
                    guard let w = weekdayNumbers[d.lowercased()] else {
                        return .failure(ControlError("unknown day \"\(d)\" (mon, tue, wed, thu, fri, sat, sun)"))
                    }
                    set.insert(w)
                }
                weekdays = set
            }
            return .success(.setAlarm(hour: h, minute: m, weekdays: weekdays))
        default:
            return .failure(ControlError("unknown command \"\(cmd)\" (status, press, hold, turn, alarm, volume, frame)"))
        }
    }

    static let weekdayNumbers = ["sun": 1, "mon": 2, "tue": 3, "wed": 4, "thu": 5, "fri": 6, "sat": 7]

    static func parseTime(_ text: String) -> (Int, Int)? {
        let parts = text.split(separator: ":")
        guard parts.count == 2, let h = Int(parts[0]), let m = Int(parts[1]), parts[1].count == 2,
              (0...23).contains(h), (0...59).contains(m) else { return nil }
        return (h, m)
    }
}

/// A request the box could not take, with the reason.
public struct ControlError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
