import Foundation
import SleepBoxCore
import SleepBoxSystem
import SleepBoxRunner
import SleepBoxSimulator

/// The control socket's protocol: one JSON object a line in, `{"cmd": ...}`, one JSON object a
/// line out, `{"ok":true, ...}` or `{"ok":false,"error":"..."}`. Requests are carried out by the
/// runner like any other `BoxRequest`.
///
/// | request | does |
/// |---|---|
/// | `{"cmd":"status"}` | the state, with the same fields as the simulator's trace, and `nextRingAt`: the next ring with its offset from UTC (`2026-11-23T06:45:00+01:00`, or null); the daemon adds `stateSaveError` (why the last save of the state file failed, or null) and `stateSaveFailures` (failed saves in a row), `companion`: `enabled`, `epoch`, `language` (en, de), `flag` (the switch's file or null) and `pairing` (null, or the `code` shown with `address`, `secondsLeft`, `triesLeft`); and `speechRender`: rendering the library's speech ahead (`items`, `itemsDone`, `itemsLeft`, `clips`, `clipsLeft`: distinct stretches the cache lacked, `current`: the item being rendered or null) |
/// | `{"cmd":"watch"}` | the connection stays open and is sent a line for each of the alarm's moments (`{"event":"rang","alarm":1,"at":"2026-11-23T06:45:00+01:00"}`, `snoozed`, `dismissed`, `rangWithoutSound`, `greeting`, `reminder`; `"nap":true` for the nap's ring) and `{"event":"changed"}` when what plays, the volume, the timer, the alarms, the light or the companion's switch or epoch changed (at most 4 watchers) |
/// | `{"cmd":"nights","days":30}` | the minutes heard on each of the last 1 to 366 nights up to tonight (30 without `days`), oldest first: `{"night":"2026-11-22","minutes":25.5,"sessions":2}`, for a chart |
/// | `{"cmd":"press","button":"leaf"}` | a short press (leaf, skip, timer, knob) |
/// | `{"cmd":"hold","button":"leaf","seconds":2.5}` | hold a button |
/// | `{"cmd":"turn","detents":-2}` | turn the knob |
/// | `{"cmd":"alarm","time":"06:45","days":["mon","tue"]}` | set the alarm (enabled) |
/// | `{"cmd":"alarm","enabled":false}` / `{"cmd":"alarm","skipNext":true}` / `{"cmd":"alarm","clear":true}` | change it |
/// | `{"cmd":"alarm","alarm":2,"time":"08:15","days":["weekends"]}` | the same for alarm 2 (1 to 4; without `alarm`, 1) |
/// | `{"cmd":"setting","key":"display.clock_24h","value":"off"}` | a setting as on the box (`"value":null`: the file's again) |
/// | `{"cmd":"volume","percent":40}` | set the volume |
/// | `{"cmd":"frame"}` | the display's current frame: 1024 bytes in SSD1306 page layout, as hex |
/// | `{"cmd":"clock"}` | the clock: its source (ntp, rtc, setByHand, untrusted), local time, the RTC |
/// | `{"cmd":"clock","set":"2026-11-25T22:30"}` | set the clock by hand (local time in the box's zone), and the RTC |
/// | `{"cmd":"light","set":"on"}` / `"off"` / `40` | the light on, off, or at a lightness (CIE L*, 0 to 100); with a lightness, `"kelvin":2700` its colour temperature (1000 to 10000; the light's channels give what they can) |
/// | `{"cmd":"light","set":"dawn","minutes":20}` | a dawn now over 1 to 90 minutes (without `minutes`, `[light] dawn_minutes`), as before an alarm; it stays full until the light is switched |
/// | `{"cmd":"alarm","sound":"rain"}` / `"rampSeconds":120` / `"snoozeMinutes":5` / `"volume":60` | the alarm's own wake sound, ramp (1 to 1800 s), snooze (1 to 60 min), volume (0 to 100 %); null: the configuration's |
/// | `{"cmd":"play","item":"poem-stars"}` / `{"cmd":"stop"}` | an item plays as when chosen in the library; what plays stops |
/// | `{"cmd":"reminder","time":"22:00","days":["weekdays"]}` / `{"cmd":"reminder","enabled":false}` | the bedtime reminder |
/// | `{"cmd":"meditation","minutes":20}` / `"sound":"rain"` / `"guide":true` / `"bellEveryMinutes":5` / `"start":true` | the meditation timer |
/// | `{"cmd":"snooze"}` / `{"cmd":"dismiss"}` | the ringing alarm snoozes; the ringing or snoozed alarm is dismissed (refused when none is) |
/// | `{"cmd":"timer","set":30}` / `"end"` / `"off"` | the sleep timer: minutes (1 to 1440), to the end of what plays, or off (as chosen on the box) |
/// | `{"cmd":"alarm","dawnMinutes":20}` | the alarm's own dawn: 0 for none, 15 to 90 minutes, null for `[light]`'s |
/// | `{"cmd":"companion","set":"on"}` / `"off"` / `{"cmd":"companion","forget":true}` | the home network (the companion) on or off, or every paired device forgotten (the epoch moves on); see `ControlProtocol+Companion` |
/// | `{"cmd":"pair","code":"482913"}` | a try of the code the pairing page shows: `{"ok":true,"epoch":N}`, or why not |
public struct ControlProtocol {
    /// The runner the requests go to.
    public let runner: BoxRunner
    /// The RTC as last read, for `clock` (the daemon's clock keeper); nil where there is none
    /// (the simulator).
    public let rtcReading: (() -> RTCReading)?

    public init(runner: BoxRunner, rtcReading: (() -> RTCReading)? = nil) {
        self.runner = runner
        self.rtcReading = rtcReading
    }

    /// Answers one request line at `t`; `extraStatus` adds the caller's own fields to a status.
    public func answer(line: String, at t: Moment, extraStatus: [(String, JSONValue)] = []) -> JSONValue {
        switch ControlProtocol.parse(line) {
        case .success(let request): return answer(request, at: t, extraStatus: extraStatus)
        case .failure(let error): return ControlProtocol.failure(error.message)
        }
    }

    /// Has the runner carry out `request` at `t` and answers.
    public func answer(_ request: BoxRequest, at t: Moment, extraStatus: [(String, JSONValue)] = []) -> JSONValue {
        let ok: [(String, JSONValue)] = [("ok", .bool(true))]
        switch request {
        case .status:
            return .object(ok + [("status", status(at: t, extra: extraStatus))])
        case .frame:
            let hex = runner.framebuffer.bytes.map { b -> String in
                let s = String(b, radix: 16)
                return s.count == 1 ? "0" + s : s
            }.joined()
            return .object(ok + [("frame", .string(hex)), ("lit", .bool(runner.displayLit)),
                                 ("dimmed", .bool(runner.frame?.dimmed ?? false))])
        case .clockStatus:
            return .object(ok + clockFields(at: t))
        case .nights(let days):
            return .object(ok + [("nights", nights(days, at: t))])
        case .setClock:
            if let refusal = runner.perform(request, at: t) { return ControlProtocol.failure(refusal) }
            var fields = ok
            if case .success(let outcome)? = runner.lastClockSetting { fields.append(("set", .string(outcome.summary))) }
            return .object(fields + clockFields(at: runner.clock.now))
        case .pair:
            return pairAnswer(request, at: t)
        default:
            if let refusal = runner.perform(request, at: t) { return ControlProtocol.failure(refusal) }
            return .object(ok)
        }
    }

    /// Each of the last `days` nights up to tonight, oldest first: `{"night":"2026-11-22",
    /// "minutes":25.5,"sessions":2}` (a night is named by the day it began; 0 for a night without a
    /// session), from the history the box keeps.
    private func nights(_ days: Int, at t: Moment) -> JSONValue {
        let box = runner.box
        let tonight = HistoryStats.night(of: t.wall, offset: box.clock.offset(t.wall))
        let first = CivilDay(tonight.number - days + 1)
        var byDay: [CivilDay: NightIndex.Summary] = [:]
        for n in box.state.history.nightIndex.nights.reversed() {
            if n.day < first { break }
            if n.day <= tonight { byDay[n.day] = n }
        }
        return .array((first.number...tonight.number).map { number in
            let day = CivilDay(number)
            let n = byDay[day]
            return .object([("night", .string(day.iso)), ("minutes", .number(((n?.heardSeconds ?? 0) / 6).rounded() / 10)),
                            ("sessions", .number(Double(n?.sessions ?? 0)))])
        })
    }

    /// The clock as `sleepbox ctl clock` shows it: the source, the local time and zone, and the
    /// RTC as last read (on the box; the simulator has none).
    private func clockFields(at t: Moment) -> [(String, JSONValue)] {
        let box = runner.box
        var rtc: JSONValue = .null
        if let r = rtcReading?() {
            rtc = .object([("device", .string(r.path)),
                           ("time", r.time.map { .string(RTCReading.isoUTC($0)) } ?? .null),
                           ("valid", .bool(r.isValid)),
                           ("error", r.error.map { .string($0.description) } ?? .null)])
        }
        return [("source", .string(box.state.clockSource.rawValue)), ("clock", .string(box.clock.isoLocal(t.wall))),
                ("timeZone", .string(box.clock.timeZone.identifier)), ("rtc", rtc)]
    }

    /// The status: the simulator trace's fields plus the devices'.
    private func status(at t: Moment, extra: [(String, JSONValue)]) -> JSONValue {
        let box = runner.box
        var fields: [(String, JSONValue)] = [("t", .number(t.uptime - runner.startUptime)), ("clock", .string(box.clock.isoLocal(t.wall)))]
        // The trace's `light` (the plan's name) gives way to the light's object below, which holds
        // the plan too: one key once (a client's JSON reader may refuse a key given twice).
        fields += TraceRecorder.fields(box: box, at: t).filter { $0.0 != "light" }
        fields += [("display", .string(runner.devices.display.statusText)), ("displayLit", .bool(runner.displayLit)),
                   ("audio", .string(runner.devices.audio.statusText))]
        fields += ControlProtocol.lightFields(runner)
        fields += ControlProtocol.companionStatus(runner, at: t)
        // The next ring with its offset from UTC, for clients in another zone or a home's
        // automation (the trace's `nextRing.at` is the box's local time).
        fields.append(("nextRingAt", box.nextAlarmSlot(after: t.wall).map { .string(box.clock.isoWithOffset($0.0)) } ?? .null))
        return .object(fields + extra)
    }

    /// The light in the status: `led` (lit or not, as before the light), and `light`: the
    /// device, the plan, the lightness (CIE L*), the colour temperature and each channel's duty
    /// in millionths of the period.
    static func lightFields(_ runner: BoxRunner) -> [(String, JSONValue)] {
        let shown = runner.light.shown
        let lit = shown.map { !$0.level.isOff } ?? false
        var light: [(String, JSONValue)] = [("device", .string(runner.devices.light.statusText)),
                                            ("plan", .string(runner.light.plan.name))]
        if let shown {
            light += [("lstar", .number((shown.level.lightness * 1000).rounded() / 1000)),
                      ("kelvin", .number(shown.level.kelvin.rounded())),
                      ("duty", .array(shown.duties.map { .number(($0 * 1e6).rounded()) }))]
        }
        return [("led", .bool(lit)), ("light", .object(light))]
    }

    static func failure(_ message: String) -> JSONValue {
        .object([("ok", .bool(false)), ("error", .string(message))])
    }

    /// The longest request line taken; longer ones are refused unread.
    public static let maximumLineBytes = 4096

    /// Parses one line; the error says what is wrong in words a person can act on. Every value is
    /// checked for its JSON type and range before it is used: `true` is not a number, `1` is not
    /// true, a number past the range is refused, not converted.
    public static func parse(_ line: String) -> Result<BoxRequest, ControlError> {
        guard line.utf8.count <= maximumLineBytes else {
            return .failure(ControlError("request longer than \(maximumLineBytes) bytes"))
        }
        let members: [(key: String, value: JSONValue)]
        do {
            members = try JSONParser.parseObject(line[...])
        } catch {
            return .failure(notAnObject(line, error))
        }
        let object = Dictionary(members, uniquingKeysWith: { first, _ in first })
        guard let cmd = object["cmd"]?.string else { return .failure(ControlError("missing \"cmd\"")) }
        func button() -> Result<Button, ControlError> {
            guard let name = object["button"]?.string, let b = Button(rawValue: name) else {
                return .failure(ControlError("\"button\" must be one of leaf, skip, timer, knob"))
            }
            return .success(b)
        }
        switch cmd {
        case "status": return .success(.status)
        case "watch":
            // The server takes a watch request itself (`isWatchRequest`); one with more fields ends here.
            return .failure(ControlError(object.count == 1 ? "watch is served by the box's control socket, on a connection of its own"
                                         : "a watch request has no other fields: {\"cmd\":\"watch\"}"))
        case "nights":
            if let unknown = object.keys.sorted().first(where: { !["cmd", "days"].contains($0) }) {
                return .failure(ControlError("unknown field \"\(unknown)\" in a nights request (days)"))
            }
            let range = BoxRequest.nightsDays
            guard let value = object["days"] else { return .success(.nights(days: 30)) }
            guard let days = value.wholeNumber(in: range) else {
                return .failure(ControlError("\"days\" must be a whole number from \(range.lowerBound) to \(range.upperBound)"))
            }
            return .success(.nights(days: days))
        case "frame": return .success(.frame)
        case "press": return button().map { .press($0) }
        case "hold":
            guard let s = object["seconds"]?.number, s > 0, s <= BoxRequest.longestHold else {
                return .failure(ControlError("\"seconds\" must be a number between 0 and \(Int(BoxRequest.longestHold))"))
            }
            return button().map { .hold($0, seconds: s) }
        case "turn":
            let most = BoxRequest.mostDetents
            guard let d = object["detents"]?.wholeNumber(in: -most...most), d != 0 else {
                return .failure(ControlError("\"detents\" must be a whole number from -\(most) to \(most), not 0"))
            }
            return .success(.turn(d))
        case "volume":
            let range = BoxRequest.volumePercent
            guard let p = object["percent"]?.wholeNumber(in: range) else {
                return .failure(ControlError("\"percent\" must be a whole number from \(range.lowerBound) to \(range.upperBound)"))
            }
            return .success(.volume(p))
        case "alarm":
            if let unknown = object.keys.sorted().first(where: { !alarmFields.contains($0) }) {
                return .failure(ControlError("unknown field \"\(unknown)\" in an alarm request (\(alarmFields.dropFirst().joined(separator: ", ")))"))
            }
            let slot = object["alarm"].map(AlarmChange.slot) ?? .success(0)
            return slot.flatMap { n in AlarmChange.parse(object, timeKey: "time", days: .list).map { .alarmSlot(n, $0) } }
                .mapError { ControlError($0.message) }
        case "setting":
            guard let key = object["key"]?.string else { return .failure(ControlError("\"key\" must be a setting's name")) }
            guard let value = object["value"], !value.isNull else { return .success(.setting(key: key, value: nil)) }
            guard let text = value.string else { return .failure(ControlError("\"value\" must be a string or null")) }
            return .success(.setting(key: key, value: text))
        case "clock":
            guard let value = object["set"] else { return .success(.clockStatus) }
            guard let text = value.string, let local = LocalDateTime(parsing: text.replacingOccurrences(of: " ", with: "T")),
                  local.utcOffsetSeconds == nil else {
                return .failure(ControlError("\"set\" must be a local date and time YYYY-MM-DD HH:MM (the box's time zone)"))
            }
            guard ClockEditor.years.contains(local.year) else {
                let years = ClockEditor.years
                return .failure(ControlError("\"set\": \(text) is outside the times the clock can be set to, \(years.lowerBound)-01-01 00:00 to \(years.upperBound)-12-31 23:59"))
            }
            return .success(.setClock(local))
        case "play", "stop", "reminder", "meditation", "snooze", "dismiss", "timer":
            return parsePlayback(cmd, object)
        case "companion", "pair":
            return parseCompanion(cmd, object)
        case "light":
            switch object["set"]?.string {
            case "on": return .success(.light(.on))
            case "off": return .success(.light(.off))
            case "dawn":
                guard let value = object["minutes"] else { return .success(.light(.dawn(minutes: nil))) }
                let range = LightRequest.sunriseMinutes
                guard let m = value.wholeNumber(in: range) else {
                    return .failure(ControlError("\"minutes\" must be a whole number from \(range.lowerBound) to \(range.upperBound)"))
                }
                return .success(.light(.dawn(minutes: m)))
            default:
                guard let level = object["set"]?.number, (0...100).contains(level) else {
                    return .failure(ControlError("\"set\" must be \"on\", \"off\", \"dawn\" or a lightness from 0 to 100"))
                }
                guard let value = object["kelvin"] else { return .success(.light(.level(level))) }
                let range = LightRequest.kelvinRange
                guard let kelvin = value.number, range.contains(kelvin) else {
                    return .failure(ControlError("\"kelvin\" must be a colour temperature from \(Int(range.lowerBound)) to \(Int(range.upperBound))"))
                }
                return .success(.light(.level(level, kelvin: kelvin)))
            }
        default:
            return .failure(ControlError("unknown command \"\(cmd)\" (\(commands))"))
        }
    }

    /// Whether `line` asks to watch (`{"cmd":"watch"}` and nothing else): the server keeps such
    /// a client and sends it `ControlWatch`'s lines.
    public static func isWatchRequest(_ line: String) -> Bool {
        guard line.utf8.count <= 256, let members = try? JSONParser.parseObject(line[...]), members.count == 1 else { return false }
        return members[0].key == "cmd" && members[0].value.string == "watch"
    }

    /// Why `line` is not a JSON object, as the parser found it: where it stopped and, for a
    /// number out of range (1e400), the field it was given for.
    static func notAnObject(_ line: String, _ error: JSONParser.Failure) -> ControlError {
        let before = String(String.UnicodeScalarView(line.unicodeScalars.prefix(max(0, error.column - 1))))
        // The key just before the value the parser stopped at: `"seconds":` in `..."seconds":1e400`.
        if let match = before.firstMatch(of: /"([^"\\]{1,40})"\s*:\s*$/) {
            return ControlError("\"\(match.1)\": \(error.message)")
        }
        return ControlError("not a JSON object: \(line.prefix(80)) (column \(error.column): \(error.message))")
    }

    /// The fields an alarm request may have, and the changes of which it makes exactly one.
    static let alarmFields = ["cmd", "alarm", "time", "days", "enabled", "skipNext", "clear"] + AlarmChange.soundFields

    /// The JSON request line for the words of a `sleepbox ctl` command: `["alarm", "set", "06:45",
    /// "weekdays"]` -> `{"cmd":"alarm","time":"06:45","days":["weekdays"]}`. Throws what is wrong
    /// with the words, in the command line's terms.
    public static func requestLine(words: [String]) throws(ControlError) -> String {
        guard let verb = words.first else { throw ControlError("say what to do: \(commands)") }
        let rest = Array(words.dropFirst())
        if let line = try playbackLine(verb, rest) { return line }
        if let line = try companionLine(verb, rest) { return line }
        switch (verb, rest.count) {
        case ("status", 0): return #"{"cmd":"status"}"#
        case ("nights", 0): return #"{"cmd":"nights"}"#
        case ("watch", 0): return #"{"cmd":"watch"}"#
        case ("nights", 1):
            guard let n = Int(rest[0]) else { throw ControlError("nights [DAYS]: \(rest[0]) is not a whole number") }
            return #"{"cmd":"nights","days":\#(n)}"#
        case ("frame", 0): return #"{"cmd":"frame"}"#
        case ("press", 1): return #"{"cmd":"press","button":\#(Quoting.quoted(rest[0]))}"#
        case ("hold", 2):
            guard let s = Double(rest[1]), s.isFinite else { throw ControlError("hold BUTTON SECONDS: \(rest[1]) is not a number") }
            return #"{"cmd":"hold","button":\#(Quoting.quoted(rest[0])),"seconds":\#(s)}"#
        case ("turn", 1):
            guard let n = Int(rest[0]) else { throw ControlError("turn N: \(rest[0]) is not a whole number") }
            return #"{"cmd":"turn","detents":\#(n)}"#
        case ("volume", 1):
            guard let p = Int(rest[0]) else { throw ControlError("volume PERCENT: \(rest[0]) is not a whole number") }
            return #"{"cmd":"volume","percent":\#(p)}"#
        case ("alarm", 2...4) where rest[0].first.map({ $0.isNumber || $0 == "+" || $0 == "-" }) ?? false:
            // `alarm N ...`: the same words for alarm N, a number in digits given once.
            let slots = BoxConfig.alarmSlots
            guard rest[0].allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(rest[0]), (1...slots).contains(n) else {
                throw ControlError("alarm N: \(Quoting.quoted(rest[0])) is not an alarm number (1 to \(slots))")
            }
            if rest[1].first.map({ $0.isNumber || $0 == "+" || $0 == "-" }) ?? false {
                throw ControlError("alarm N: one alarm number at a time (\(rest.joined(separator: " ")))")
            }
            let line = try requestLine(words: ["alarm"] + rest.dropFirst())
            return line.replacing(#"{"cmd":"alarm","#, with: #"{"cmd":"alarm","alarm":\#(n),"#, maxReplacements: 1)
        case ("setting", 2):
            let value = rest[1] == "default" ? "null" : Quoting.quoted(rest[1])
            return #"{"cmd":"setting","key":\#(Quoting.quoted(rest[0])),"value":\#(value)}"#
        case ("alarm", 2...3) where rest[0] == "set":
            return timeRequest("alarm", rest[1], days: rest.count == 3 ? rest[2] : nil)
        case ("light", 1...2) where rest[0] == "dawn":
            guard rest.count == 2 else { return #"{"cmd":"light","set":"dawn"}"# }
            guard let m = Int(rest[1]) else { throw ControlError("light dawn [MINUTES]: \(rest[1]) is not a whole number") }
            return #"{"cmd":"light","set":"dawn","minutes":\#(m)}"#
        case ("light", 1) where rest[0] == "on" || rest[0] == "off":
            return #"{"cmd":"light","set":\#(Quoting.quoted(rest[0]))}"#
        case ("light", 1):
            guard let level = Double(rest[0]), level.isFinite, (0...100).contains(level) else {
                throw ControlError("light on|off|LEVEL: \(rest[0]) is not a lightness from 0 to 100")
            }
            return #"{"cmd":"light","set":\#(Quoting.number(level))}"#
        case ("light", 2):
            guard let level = Double(rest[0]), level.isFinite, (0...100).contains(level) else {
                throw ControlError("light LEVEL KELVIN: \(rest[0]) is not a lightness from 0 to 100")
            }
            guard let k = Double(rest[1].hasSuffix("K") ? String(rest[1].dropLast()) : rest[1]), k.isFinite else {
                throw ControlError("light LEVEL KELVIN: \(rest[1]) is not a colour temperature such as 2700")
            }
            return #"{"cmd":"light","set":\#(Quoting.number(level)),"kelvin":\#(Quoting.number(k))}"#
        case ("clock", 0): return #"{"cmd":"clock"}"#
        case ("clock", 2...3) where rest[0] == "set":
            // "2026-11-25 22:30" as one word, or the date and the time as two.
            let when = rest.dropFirst().joined(separator: " ")
            return #"{"cmd":"clock","set":\#(Quoting.quoted(when))}"#
        case ("clock", _):
            throw ControlError("clock, or clock set \"YYYY-MM-DD HH:MM\" (local time in the box's time zone)")
        case ("alarm", 1):
            switch rest[0] {
            case "on": return #"{"cmd":"alarm","enabled":true}"#
            case "off": return #"{"cmd":"alarm","enabled":false}"#
            case "skip-next": return #"{"cmd":"alarm","skipNext":true}"#
            case "keep-next": return #"{"cmd":"alarm","skipNext":false}"#
            case "clear": return #"{"cmd":"alarm","clear":true}"#
            default: throw ControlError("alarm [N] on|off|skip-next|keep-next|clear|set HH:MM [DAYS]|sound NAME|ramp SECONDS|snooze MINUTES|volume PERCENT|dawn MINUTES|off")
            }
        case ("alarm", 2) where alarmSoundWords[rest[0]] != nil:
            return try alarmSoundLine(rest[0], rest[1])
        default:
            throw ControlError("unknown or incomplete command: \(words.joined(separator: " ")) (see sleepbox ctl --help)")
        }
    }
}
