import SleepBoxTOML
import SleepBoxCore
import SleepBoxSystem
import SleepBoxRunner

/// Turns one line of a simulator script into a `ScriptStep` (see `SimulatorScript` for the form).
enum ScriptLine {
    static let keys = ["at", "press", "hold", "for", "turn", "clock", "setClock", "alarm", "set", "days", "enabled", "skipNext",
                       "clear", "setting", "value", "light", "snooze", "dismiss", "timer", "companion", "soundDevice", "end"]
        + AlarmChange.soundFields
    static let actionKeys = ["press", "hold", "turn", "clock", "setClock", "alarm", "setting", "light", "snooze", "dismiss", "timer",
                             "companion", "soundDevice", "end"]
    /// Keys that go with one action only.
    static let alarmKeys = ["set", "days", "enabled", "skipNext", "clear"] + AlarmChange.soundFields
    static let durationExamples = "e.g. \"250ms\", \"1.5s\", \"90s\", \"2m\", \"1h30m\""
    static let buttonNames = Button.allCases.map(\.rawValue).joined(separator: ", ")
    /// The latest `at`: a month of virtual time, far past any night, and small enough that every
    /// time the box derives from it stays exact.
    static let latestAt = 744.0 * 3600
    /// The longest `hold` and the largest `turn`, as on the control socket.
    static let longestHold = BoxRequest.longestHold
    static let mostDetents = BoxRequest.mostDetents

    /// The step on `text`, line `line` of the file `path`.
    static func step(from text: Substring, line: Int, path: String) throws(ScriptError) -> ScriptStep {
        func fail(_ message: String) -> ScriptError { ScriptError(path: path, line: line, message: message) }

        let members: [(key: String, value: JSONValue)]
        do {
            members = try JSONParser.parseObject(text)
        } catch {
            throw fail("malformed JSON at column \(error.column): \(error.message) "
                       + "(each line is one event such as {\"at\":\"90s\",\"press\":\"skip\"})")
        }
        var values: [String: JSONValue] = [:]
        for member in members {
            guard keys.contains(member.key) else {
                var message = "unknown key \(Quoting.quoted(member.key))"
                if let guess = Suggestion.closest(to: member.key, among: keys) { message += "; did you mean \"\(guess)\"?" }
                throw fail(message + " (allowed: \(keys.joined(separator: ", ")))")
            }
            values[member.key] = member.value
        }

        let actions = actionKeys.filter { values[$0] != nil }
        guard let actionKey = actions.first else {
            throw fail("no action; give one of \(actionKeys.joined(separator: ", "))")
        }
        guard actions.count == 1 else {
            let listed = actions.map { "\"\($0)\"" }
            let names = actions.count == 2 ? listed.joined(separator: " and ") : listed.joined(separator: ", ")
            let count = actions.count == 2 ? "two" : "\(actions.count)"
            throw fail("\(count) actions in one line (\(names)); write one event per line")
        }
        if values["for"] != nil, actionKey != "hold" {
            throw fail("\"for\" goes with \"hold\" only")
        }
        if let stray = alarmKeys.first(where: { values[$0] != nil }), actionKey != "alarm" {
            throw fail("\"\(stray)\" goes with \"alarm\" only")
        }
        if values["value"] != nil, actionKey != "setting" {
            throw fail("\"value\" goes with \"setting\" only")
        }

        guard let atValue = values["at"] else {
            throw fail("missing \"at\" (when the event happens, e.g. \"at\":\"90s\")")
        }
        let at = try seconds(atValue, key: "at", fail)
        guard at <= latestAt else {
            throw fail("\"at\" must be from 0s to \(DurationText.format(latestAt, precision: .millisecond)) (31 days), found \(DurationText.format(at, precision: .millisecond))")
        }

        let action: BoxRequest
        switch actionKey {
        case "press":
            action = .press(try button(values["press"], key: "press", fail))
        case "hold":
            let held = try button(values["hold"], key: "hold", fail)
            guard let forValue = values["for"] else {
                throw fail("\"hold\" needs \"for\" (how long the button is held, e.g. \"for\":\"1.2s\")")
            }
            let duration = try seconds(forValue, key: "for", fail)
            guard duration > 0 else { throw fail("\"for\" must be longer than 0s") }
            guard duration <= longestHold else {
                throw fail("\"for\" must be longer than 0s and at most \(DurationText.format(longestHold, precision: .millisecond)), "
                           + "found \(DurationText.format(duration, precision: .millisecond))")
            }
            action = .hold(held, seconds: duration)
        case "turn":
            action = .turn(try detents(values["turn"], fail))
        case "clock", "setClock":
            guard case .string(let text)? = values[actionKey] else {
                throw fail("\"\(actionKey)\" must be a date and time such as \"2026-11-23T06:40:00\", "
                           + "found \(values[actionKey]?.kindName ?? "nothing")")
            }
            guard let time = LocalDateTime(parsing: text) else {
                throw fail("\(Quoting.quoted(text)) is not a date and time (YYYY-MM-DDTHH:MM:SS local time, "
                           + "or with Z or an offset such as +01:00)")
            }
            // "clock" jumps the clock as a network sync would; "setClock" is the owner setting it.
            action = actionKey == "clock" ? .clock(time) : .setClock(time)
        case "alarm":
            action = try alarm(values, fail)
        case "setting":
            guard case .string(let key)? = values["setting"] else {
                throw fail("\"setting\" must be a setting's name such as \"display.clock_24h\"")
            }
            switch values["value"] {
            case .string(let text)?: action = .setting(key: key, value: text)
            case .null?: action = .setting(key: key, value: nil)
            default: throw fail("\"setting\" needs \"value\": a string such as \"off\", or null for the file's")
            }
        case "light":
            switch values["light"] {
            case .string("on")?: action = .light(.on)
            case .string("off")?: action = .light(.off)
            case .string("dawn")?: action = .light(.dawn(minutes: nil))
            case .number(let x)? where (0...100).contains(x): action = .light(.level(x))
            default: throw fail("\"light\" must be \"on\", \"off\", \"dawn\" or a lightness from 0 to 100")
            }
        case "snooze", "dismiss":
            guard case .bool(true)? = values[actionKey] else {
                throw fail("\"\(actionKey)\" must be true, found \(values[actionKey]?.kindName ?? "nothing")")
            }
            action = actionKey == "snooze" ? .snooze : .dismiss
        case "timer":
            switch BoxRequest.sleepTimer(values["timer"] ?? .null, field: "timer") {
            case .success(let choice): action = .sleepTimer(choice)
            case .failure(let error): throw fail(error.message)
            }
        case "companion":
            switch BoxRequest.companionChange(values["companion"], field: "companion", forget: true) {
            case .success(let change): action = .companion(change)
            case .failure(let error): throw fail(error.message)
            }
        case "soundDevice":
            // Fault injection: the sound device unplugged (its writes fail) or back.
            switch values["soundDevice"] {
            case .string("lost")?: action = .soundDevice(lost: true)
            case .string("back")?: action = .soundDevice(lost: false)
            default: throw fail("\"soundDevice\" must be \"lost\" or \"back\"")
            }
        default:
            guard case .bool(true)? = values["end"] else {
                throw fail("\"end\" must be true, found \(values["end"]?.kindName ?? "nothing")")
            }
            action = .end
        }
        return ScriptStep(line: line, at: at, action: action)
    }

    /// `{"alarm":2,"set":"08:15","days":"weekends"}`, `"enabled":false`, `"skipNext":true`,
    /// `"clear":true`: the words of `sleepbox ctl alarm 2 ...`, read by the control socket's grammar.
    private static func alarm(_ values: [String: JSONValue], _ fail: (String) -> ScriptError) throws(ScriptError) -> BoxRequest {
        let request = AlarmChange.slot(values["alarm"] ?? .null).flatMap { n in
            AlarmChange.parse(values, timeKey: "set", days: .commaSeparated).map { BoxRequest.alarmSlot(n, $0) }
        }
        switch request {
        case .success(let request): return request
        case .failure(let error): throw fail(error.message)
        }
    }

    /// `at` or `for`: a number of seconds or a duration string.
    private static func seconds(_ value: JSONValue, key: String,
                                _ fail: (String) -> ScriptError) throws(ScriptError) -> Double {
        switch value {
        case .number(let x):
            guard x >= 0 else { throw fail("\"\(key)\" must not be negative, found \(Quoting.number(x))") }
            return x
        case .string(let text):
            guard let x = DurationText.seconds(text) else {
                throw fail("\(Quoting.quoted(text)) is not a duration (\(durationExamples))")
            }
            return x
        default:
            throw fail("\"\(key)\" must be a duration (\(durationExamples)) or a number of seconds, found \(value.kindName)")
        }
    }

    private static func button(_ value: JSONValue?, key: String,
                               _ fail: (String) -> ScriptError) throws(ScriptError) -> Button {
        guard case .string(let name)? = value else {
            throw fail("\"\(key)\" must be a button (\(buttonNames)), found \(value?.kindName ?? "nothing")")
        }
        guard let button = Button(rawValue: name) else {
            var message = "unknown button \(Quoting.quoted(name))"
            if let guess = Suggestion.closest(to: name, among: Button.allCases.map(\.rawValue)) {
                message += "; did you mean \"\(guess)\"?"
            }
            throw fail(message + " (\(buttonNames))")
        }
        return button
    }

    private static func detents(_ value: JSONValue?, _ fail: (String) -> ScriptError) throws(ScriptError) -> Int {
        guard case .number(let x)? = value else {
            throw fail("\"turn\" must be a whole number of detents, found \(value?.kindName ?? "nothing")")
        }
        guard x == x.rounded(), x.magnitude <= 1e15, let count = Int(exactly: x) else {
            throw fail("\"turn\" must be a whole number of detents, found \(Quoting.number(x))")
        }
        guard count.magnitude <= mostDetents else {
            throw fail("\"turn\" must be a whole number of detents from -\(mostDetents) to \(mostDetents), found \(count)")
        }
        guard count != 0 else {
            throw fail("\"turn\" 0 turns nothing; give a non-zero number of detents (negative = counter-clockwise)")
        }
        return count
    }
}
