import SleepBoxCore
import SleepBoxRunner
import SleepBoxSystem

/// The control socket's requests for the companion (`sleepbox-companion`, a client of the
/// socket): its switch, forgetting the paired devices, a try of the pairing code; its part of the
/// status; the words of `sleepbox ctl companion`.
///
/// | request | answer |
/// |---|---|
/// | `{"cmd":"companion","set":"on"}` / `"off"` | the home network switched on or off, as at Settings > Connect |
/// | `{"cmd":"companion","forget":true}` | every paired device forgotten: the epoch moves on (refused while off) |
/// | `{"cmd":"companion","address":"192.168.1.20:8080"}` | the companion says where its page answers: the pairing page shows it (refused while off) |
/// | `{"cmd":"pair","code":"482913"}` | `{"ok":true,"epoch":N}` when it is the code the pairing page shows (used up then); else a reason: switched off, no code shown, `wrong code (4 more tries for this code)`, lapsed (its 180 s, or 5 wrong tries) |
extension ControlProtocol {
    /// The fields of a companion request.
    static let companionFields = ["cmd", "set", "forget", "address"]

    /// Parses `companion` and `pair`; an unknown field is named.
    static func parseCompanion(_ cmd: String, _ object: [String: JSONValue]) -> Result<BoxRequest, ControlError> {
        let allowed = cmd == "pair" ? ["cmd", "code"] : companionFields
        if let unknown = object.keys.sorted().first(where: { !allowed.contains($0) }) {
            return .failure(ControlError("unknown field \"\(unknown)\" in a \(cmd) request (\(allowed.dropFirst().joined(separator: ", ")))"))
        }
        if cmd == "pair" {
            guard let code = object["code"]?.string, Pairing.isCode(code) else {
                return .failure(ControlError("\"code\" must be the six digits the box shows, as a string (\"482913\")"))
            }
            return .success(.pair(code: code))
        }
        if let address = object["address"] {
            guard object.count == 2 else { return .failure(ControlError("an address request has no other fields")) }
            guard let text = address.string, BoxRequest.isCompanionAddress(text) else {
                return .failure(ControlError("\"address\" must be host:port (\"192.168.1.20:8080\", \"[fe80::1]:8080\")"))
            }
            return .success(.companionAddress(text))
        }
        switch (object["set"], object["forget"]) {
        case (nil, .bool(true)?):
            return .success(.companion(.forget))
        case (nil, _?):
            return .failure(ControlError("\"forget\" must be true"))
        case (let value?, nil):
            return BoxRequest.companionChange(value, field: "set", forget: false).map { .companion($0) }
                .mapError { ControlError($0.message) }
        case (_?, _?):
            return .failure(ControlError("a companion request has \"set\" or \"forget\", not both"))
        case (nil, nil):
            return .failure(ControlError("a companion request needs \"set\" (\"on\" or \"off\") or \"forget\":true"))
        }
    }

    /// The answer to a try of the pairing code: the epoch the device is paired under, or why not.
    func pairAnswer(_ request: BoxRequest, at t: Moment) -> JSONValue {
        if let refusal = runner.perform(request, at: t) { return ControlProtocol.failure(refusal) }
        return .object([("ok", .bool(true)), ("epoch", .number(Double(runner.box.state.companion.epoch)))])
    }

    /// The companion in the status: the switch, the epoch, the box's language, the switch's file,
    /// and the code the pairing page shows (null when none shows).
    static func companionStatus(_ runner: BoxRunner, at t: Moment) -> [(String, JSONValue)] {
        let box = runner.box
        let c = box.state.companion
        var pairing: JSONValue = .null
        if let p = c.pairing, p.isLive, let code = p.code, t.uptime < p.until {
            pairing = .object([("code", .string(code)), ("address", p.address.map(JSONValue.string) ?? .null),
                               ("secondsLeft", .number(Double(p.secondsLeft(at: t)))),
                               ("triesLeft", .number(Double(p.triesLeft)))])
        }
        return [("companion", .object([("enabled", .bool(c.enabled)), ("epoch", .number(Double(c.epoch))),
                                       ("language", .string(box.config.language.rawValue)),
                                       ("flag", runner.devices.companion.flagPath.map(JSONValue.string) ?? .null),
                                       ("pairing", pairing)]))]
    }

    /// The request line for `companion on|off|forget`; nil for the other commands.
    static func companionLine(_ verb: String, _ rest: [String]) throws(ControlError) -> String? {
        guard verb == "companion" else { return nil }
        switch rest {
        case ["on"], ["off"]: return #"{"cmd":"companion","set":\#(Quoting.quoted(rest[0]))}"#
        case ["forget"]: return #"{"cmd":"companion","forget":true}"#
        default: throw ControlError("companion on|off|forget")
        }
    }
}
