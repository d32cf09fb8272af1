import SleepBoxSystem

/// Home Assistant's view of the box over MQTT: one device discovery message
/// (`homeassistant/device/<id>/config`, device, origin and components), the state topics kept
/// current from the box's status, the commands Home Assistant publishes turned into the control
/// socket's requests, and the alarm's moments as an event entity.
///
/// Topics under `sleepbox/<id>/`: `availability` (online/offline, retained, offline by the last
/// will), `next_alarm`, `alarm/N/enabled`, `alarm/N/time`, `volume`, `playing`, `light` (JSON),
/// `event`; commands: `alarm/N/set` (ON/OFF), `alarm/N/time/set` (HH:MM), `volume/set`, `light/set`
/// (JSON), `snooze`, `dismiss`, `skip_next`, `dawn` (PRESS).
public struct HomeAssistant: Sendable {
    /// `sleepbox_` and 12 hex digits: unique per box, stable across installs of the same system.
    public let id: String
    /// Whether the box has a light: the light entity and the dawn button only then.
    public let hasLight: Bool
    public let version: String

    public init(id: String, hasLight: Bool, version: String) {
        self.id = id
        self.hasLight = hasLight
        self.version = version
    }

    /// The id from the machine's id (`/etc/machine-id`): its SHA-256, 12 hex digits.
    public static func id(machineID: String) -> String {
        "sleepbox_" + SHA256Hex.digest("sleepbox:" + machineID.filter { !$0.isWhitespace }).prefix(12)
    }

    public var base: String { "sleepbox/\(id)" }
    public var discoveryTopic: String { "homeassistant/device/\(id)/config" }
    public var availabilityTopic: String { "\(base)/availability" }
    public static let birthTopic = "homeassistant/status"
    public var commandTopics: String { "\(base)/#" }
    public var eventTopic: String { "\(base)/event" }

    /// The discovery message (retained).
    public func discovery() -> JSONValue {
        func s(_ v: String) -> JSONValue { .string(v) }
        func component(_ key: String, _ platform: String, _ name: String, _ fields: [(String, JSONValue)]) -> (String, JSONValue) {
            (key, .object([("platform", s(platform)), ("name", s(name)), ("unique_id", s("\(id)_\(key)"))] + fields))
        }
        var components: [(String, JSONValue)] = [
            component("next_alarm", "sensor", "Next alarm", [("device_class", s("timestamp")), ("state_topic", s("\(base)/next_alarm"))]),
        ]
        for n in 1...4 {
            components.append(component("alarm_\(n)", "switch", "Alarm \(n)", [
                ("state_topic", s("\(base)/alarm/\(n)/enabled")), ("command_topic", s("\(base)/alarm/\(n)/set")),
                ("payload_on", s("ON")), ("payload_off", s("OFF")), ("icon", s("mdi:alarm")),
            ]))
            components.append(component("alarm_\(n)_time", "text", "Alarm \(n) time", [
                ("state_topic", s("\(base)/alarm/\(n)/time")), ("command_topic", s("\(base)/alarm/\(n)/time/set")),
                // Empty for an alarm not set; a time sets it (every day, until its days are chosen).
                ("pattern", s("^(([01][0-9]|2[0-3]):[0-5][0-9])?$")), ("min", .number(0)), ("max", .number(5)), ("icon", s("mdi:clock-outline")),
            ]))
        }
        components += [
            component("volume", "number", "Volume", [
                ("state_topic", s("\(base)/volume")), ("command_topic", s("\(base)/volume/set")),
                ("min", .number(0)), ("max", .number(100)), ("step", .number(1)), ("unit_of_measurement", s("%")), ("icon", s("mdi:volume-high")),
            ]),
            component("playing", "sensor", "Playing", [("state_topic", s("\(base)/playing")), ("icon", s("mdi:music"))]),
            component("snooze", "button", "Snooze", [("command_topic", s("\(base)/snooze")), ("payload_press", s("PRESS"))]),
            component("dismiss", "button", "Dismiss", [("command_topic", s("\(base)/dismiss")), ("payload_press", s("PRESS"))]),
            component("skip_next", "button", "Skip next alarm", [("command_topic", s("\(base)/skip_next")), ("payload_press", s("PRESS"))]),
            component("alarm_event", "event", "Alarm", [
                ("state_topic", s(eventTopic)), ("event_types", .array([s("rang"), s("snoozed"), s("dismissed")])),
            ]),
        ]
        if hasLight {
            components += [
                component("light", "light", "Light", [
                    ("schema", s("json")), ("state_topic", s("\(base)/light")), ("command_topic", s("\(base)/light/set")),
                    ("brightness", .bool(true)), ("brightness_scale", .number(100)),
                    ("supported_color_modes", .array([s("color_temp")])), ("color_temp_kelvin", .bool(true)),
                    ("min_kelvin", .number(1800)), ("max_kelvin", .number(6500)),
                ]),
                component("start_dawn", "button", "Start dawn", [("command_topic", s("\(base)/dawn")), ("payload_press", s("PRESS"))]),
            ]
        }
        return .object([
            ("device", .object([("identifiers", .array([s(id)])), ("name", s("sleepbox")), ("manufacturer", s("sleepbox")),
                                ("model", s("sleepbox bedside box")), ("sw_version", s(version))])),
            ("origin", .object([("name", s("sleepbox-companion")), ("sw_version", s(version))])),
            ("availability_topic", s(availabilityTopic)),
            ("components", .object(components)),
        ])
    }

    /// The state topics' payloads (retained) from the box's status.
    public func states(_ status: JSONValue) -> [(topic: String, payload: String)] {
        var out: [(topic: String, payload: String)] = [("\(base)/next_alarm", status["nextRingAt"]?.string ?? "None")]
        let alarms = status["alarms"]?.array ?? []
        for n in 1...4 {
            let a = alarms[safe: n - 1] ?? .null
            out.append(("\(base)/alarm/\(n)/enabled", a["enabled"]?.bool == true ? "ON" : "OFF"))
            out.append(("\(base)/alarm/\(n)/time", a["time"]?.string ?? ""))
        }
        out.append(("\(base)/volume", String(Int(status["volume"]?.number ?? 0))))
        out.append(("\(base)/playing", status["item"]?["title"]?.string ?? "Nothing"))
        if hasLight {
            let l = status["light"]
            let lstar = Int((l?["lstar"]?.number ?? 0).rounded())
            let json: JSONValue = .object([("state", .string(lstar > 0 ? "ON" : "OFF")), ("brightness", .number(Double(lstar))),
                                           ("color_mode", .string("color_temp")), ("color_temp", .number((l?["kelvin"]?.number ?? 2700).rounded()))])
            out.append(("\(base)/light", json.serialized))
        }
        return out
    }

    /// The event entity's payload for a line of the box's watch, or nil for lines it does not show.
    public func event(_ line: JSONValue) -> String? {
        guard let name = line["event"]?.string, ["rang", "snoozed", "dismissed"].contains(name) else { return nil }
        var fields: [(String, JSONValue)] = [("event_type", .string(name))]
        if let alarm = line["alarm"] { fields.append(("alarm", alarm)) }
        if line["nap"]?.bool == true { fields.append(("nap", .bool(true))) }
        return JSONValue.object(fields).serialized
    }

    /// The control socket's requests for a command Home Assistant published, or why it is refused.
    public func requests(topic: String, payload: String, status: JSONValue?) -> Result<[JSONValue], CommandError> {
        guard topic.hasPrefix(base + "/") else { return .failure(CommandError("not a topic of this box: \(topic)")) }
        let path = topic.dropFirst(base.count + 1).split(separator: "/").map(String.init)
        let text = payload.trimmingCharacters(in: " \t\r\n")
        func cmd(_ name: String, _ fields: [(String, JSONValue)] = []) -> JSONValue { .object([("cmd", .string(name))] + fields) }
        switch path {
        case ["snooze"]: return .success([cmd("snooze")])
        case ["dismiss"]: return .success([cmd("dismiss")])
        case ["skip_next"]:
            guard let n = status?["nextRing"]?["alarm"]?.number else { return .failure(CommandError("skip next: no alarm is set to ring")) }
            return .success([cmd("alarm", [("alarm", .number(n)), ("skipNext", .bool(true))])])
        case ["dawn"] where hasLight:
            return .success([cmd("light", [("set", .string("dawn"))])])
        case ["volume", "set"]:
            guard let v = Double(text), v.isFinite, (0...100).contains(v.rounded()) else { return .failure(CommandError("volume: 0 to 100, not \(text)")) }
            return .success([cmd("volume", [("percent", .number(v.rounded()))])])
        case ["light", "set"] where hasLight:
            return lightRequests(text, status: status).map { [$0] }
        case let p where p.count == 3 && p[0] == "alarm" && p[2] == "set":
            guard let n = Int(p[1]), (1...4).contains(n) else { return .failure(CommandError("alarm: 1 to 4")) }
            guard text == "ON" || text == "OFF" else { return .failure(CommandError("alarm \(n): ON or OFF, not \(text)")) }
            return .success([cmd("alarm", [("alarm", .number(Double(n))), ("enabled", .bool(text == "ON"))])])
        case let p where p.count == 4 && p[0] == "alarm" && p[2] == "time" && p[3] == "set":
            guard let n = Int(p[1]), (1...4).contains(n) else { return .failure(CommandError("alarm: 1 to 4")) }
            guard PageForms.isTime(text) else { return .failure(CommandError("alarm \(n) time: HH:MM, not \(text)")) }
            let days = (status?["alarms"]?.array?[safe: n - 1]?["days"]?.string).map { $0.split(separator: ",").map { JSONValue.string(String($0)) } }
            return .success([cmd("alarm", [("alarm", .number(Double(n))), ("time", .string(text)), ("days", .array(days ?? [.string("daily")]))])])
        default:
            return .failure(CommandError("no such command: \(topic)"))
        }
    }

    /// The light entity's JSON command: `{"state":"ON","brightness":40,"color_temp":2700}`.
    func lightRequests(_ text: String, status: JSONValue?) -> Result<JSONValue, CommandError> {
        guard let members = try? JSONParser.parseObject(text[...]) else { return .failure(CommandError("light: a JSON object")) }
        let object = JSONValue.object(members.map { ($0.key, $0.value) })
        guard let state = object["state"]?.string, state == "ON" || state == "OFF" else { return .failure(CommandError("light: \"state\" ON or OFF")) }
        if state == "OFF" { return .success(.object([("cmd", .string("light")), ("set", .string("off"))])) }
        let brightness = object["brightness"]?.number
        let kelvin = object["color_temp"]?.number
        if brightness == nil && kelvin == nil { return .success(.object([("cmd", .string("light")), ("set", .string("on"))])) }
        // A colour temperature alone keeps the lightness the light has (full when it is off).
        let current = status?["light"]?["lstar"]?.number ?? 0
        let level = (brightness ?? (current > 0 ? current : 100)).rounded()
        guard (0...100).contains(level) else { return .failure(CommandError("light: brightness 0 to 100")) }
        var fields: [(String, JSONValue)] = [("cmd", .string("light")), ("set", .number(level))]
        if let kelvin {
            guard kelvin.isFinite, (1000...10000).contains(kelvin.rounded()) else { return .failure(CommandError("light: color_temp 1000 to 10000 K")) }
            fields.append(("kelvin", .number(kelvin.rounded())))
        }
        return .success(.object(fields))
    }

    public struct CommandError: Error, CustomStringConvertible, Sendable {
        public let description: String
        init(_ d: String) { description = d }
    }
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return String(s)
    }
}
