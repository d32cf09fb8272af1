import SleepBoxCore
import SleepBoxSystem

/// The page's forms as control socket requests, each field checked before anything is sent: a
/// form the page never makes is refused whole, naming the field.
enum PageForms {
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ d: String) { description = d }
    }

    static func requests(_ path: String, _ form: [(name: String, value: String)], status: JSONValue) throws(Failure) -> [JSONValue] {
        func field(_ name: String) -> String? { form.first { $0.name == name }?.value }
        func cmd(_ name: String, _ fields: [(String, JSONValue)] = []) -> JSONValue { .object([("cmd", .string(name))] + fields) }
        switch path {
        case "/snooze": return [cmd("snooze")]
        case "/dismiss": return [cmd("dismiss")]
        case "/volume":
            guard let text = field("percent"), let p = Int(text), (0...100).contains(p) else { throw Failure("volume: a whole percent from 0 to 100") }
            return [cmd("volume", [("percent", .number(Double(p)))])]
        case "/timer":
            switch field("set") {
            case "end"?: return [cmd("timer", [("set", .string("end"))])]
            case "off"?: return [cmd("timer", [("set", .string("off"))])]
            case let text?:
                guard let m = Int(text), (1...1440).contains(m) else { throw Failure("timer: minutes from 1 to 1440, end or off") }
                return [cmd("timer", [("set", .number(Double(m)))])]
            case nil: throw Failure("timer: minutes from 1 to 1440, end or off")
            }
        case "/light":
            switch field("set") {
            case "on"?, "off"?: return [cmd("light", [("set", .string(field("set")!))])]
            case "dawn"?: return [cmd("light", [("set", .string("dawn"))])]
            case let text?:
                guard let l = Int(text), (0...100).contains(l) else { throw Failure("light: on, off, dawn or a lightness from 0 to 100") }
                var fields: [(String, JSONValue)] = [("set", .number(Double(l)))]
                if let k = field("kelvin"), !k.isEmpty {
                    guard let kelvin = Int(k), (1000...10000).contains(kelvin) else { throw Failure("light: kelvin from 1000 to 10000") }
                    fields.append(("kelvin", .number(Double(kelvin))))
                }
                return [cmd("light", fields)]
            case nil: throw Failure("light: on, off, dawn or a lightness from 0 to 100")
            }
        case "/alarm":
            return try alarm(form, status: status)
        default:
            throw Failure("no such form: \(path)")
        }
    }

    /// An alarm's form: its time and days (which switch it on), then on/off, skip next and dawn
    /// as separate requests, as `ctl` sends them.
    private static func alarm(_ form: [(name: String, value: String)], status: JSONValue) throws(Failure) -> [JSONValue] {
        func field(_ name: String) -> String? { form.first { $0.name == name }?.value }
        guard let text = field("alarm"), let n = Int(text), (1...4).contains(n) else { throw Failure("alarm: 1 to 4") }
        guard let time = field("time"), isTime(time) else { throw Failure("alarm \(n): a time HH:MM") }
        let days = form.filter { $0.name == "days" }.map(\.value)
        guard !days.isEmpty else { throw Failure("alarm \(n): at least one day") }
        guard days.allSatisfy({ AlarmDays.dayNames.contains($0) }) else { throw Failure("alarm \(n): days are mon to sun") }
        let number: (String, JSONValue) = ("alarm", .number(Double(n)))
        var out: [JSONValue] = [
            .object([("cmd", .string("alarm")), number, ("time", .string(time)), ("days", .array(days.map(JSONValue.string)))]),
        ]
        if field("enabled") != "on" { out.append(.object([("cmd", .string("alarm")), number, ("enabled", .bool(false))])) }
        let wasSkipping = status["alarms"]?.array?[safe: n - 1]?["skipNext"]?.bool ?? false
        if field("skip") == "on" || wasSkipping {
            out.append(.object([("cmd", .string("alarm")), number, ("skipNext", .bool(field("skip") == "on"))]))
        }
        if let dawn = field("dawn") {
            guard let m = Int(dawn), m == 0 || (15...90).contains(m) else { throw Failure("alarm \(n): dawn 0 or 15 to 90 minutes") }
            out.append(.object([("cmd", .string("alarm")), number, ("dawnMinutes", .number(Double(m)))]))
        }
        return out
    }

    /// `HH:MM`, 00:00 to 23:59 (what a browser's time input sends).
    static func isTime(_ s: String) -> Bool {
        let p = s.split(separator: ":")
        guard p.count == 2, p[0].count == 2, p[1].count == 2, let h = Int(p[0]), let m = Int(p[1]) else { return false }
        return (0...23).contains(h) && (0...59).contains(m)
    }
}

extension Array {
    /// The element at `index`, or nil past either end (the box's answers are read, not trusted).
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
