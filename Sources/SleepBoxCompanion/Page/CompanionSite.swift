import NIOConcurrencyHelpers
import SleepBoxCore
import SleepBoxSystem

/// The page's routes: what each request asks of the box and what it answers. Everything the page
/// changes goes through the control socket's requests (`BoxLink`), as `sleepbox ctl` does.
///
/// | route | does |
/// |---|---|
/// | `GET /` | the page for a paired device; else the pairing form |
/// | `POST /pair` | `code`: the six digits the box shows; a device paired gets its token in a cookie |
/// | `POST /alarm` | `alarm` (1-4), `time`, `days` (repeated), `enabled`, `skip`, `dawn` (minutes) |
/// | `POST /timer` | `set`: minutes, `end` or `off` |
/// | `POST /volume` | `percent` |
/// | `POST /light` | `set`: `on`, `off`, `dawn` or a lightness 0-100; `kelvin` |
/// | `POST /snooze`, `POST /dismiss` | the ringing alarm |
/// | `POST /forget` | every paired device is forgotten (the box raises its epoch) |
public final class CompanionSite: @unchecked Sendable {
    public static let cookieName = "sleepbox_device"

    private let box: BoxLink
    private let lock = NIOLock()
    private var tokens: DeviceTokens
    private var throttle = PairingThrottle()
    private var guardian: RequestGuard
    private let names: @Sendable () -> Set<String>
    private let monotonic: @Sendable () -> Double
    private let wallSeconds: @Sendable () -> Int

    /// `names`: the names and addresses the box answers to now (asked again when a Host is not
    /// among those known, as addresses change).
    public init(box: BoxLink, tokens: DeviceTokens, port: Int, names: @escaping @Sendable () -> Set<String>,
                monotonic: @escaping @Sendable () -> Double, wallSeconds: @escaping @Sendable () -> Int) {
        self.box = box
        self.tokens = tokens
        self.names = names
        self.guardian = RequestGuard(names: names(), port: port)
        self.monotonic = monotonic
        self.wallSeconds = wallSeconds
    }

    public func respond(_ request: PageRequest) -> PageResponse {
        lock.withLock { respondLocked(request) }
    }

    private func respondLocked(_ request: PageRequest) -> PageResponse {
        if let refusal = guardian.refusal(request) {
            guard case .wrongHost = refusal else { return .text(refusal.status, refusal.message) }
            guardian.names = names()
            if let again = guardian.refusal(request) { return .text(again.status, again.message) }
        }
        guard let status = box.status(), let companion = status["companion"], companion["enabled"]?.bool == true else {
            return .text(503, "The box's home network is switched off, or the box is not running.")
        }
        let words = PageWords(language: companion["language"]?.string)
        let epoch = Int(companion["epoch"]?.number ?? -1)
        let paired = tokens.isPaired(request.cookie(CompanionSite.cookieName), epoch: epoch)
        switch (request.method, request.path) {
        case ("GET", "/"), ("HEAD", "/"):
            if !paired { return .html(200, PageHTML.pairing(words, error: nil)) }
            let nights = (try? box.send(.object([("cmd", .string("nights")), ("days", .number(14))])))?["nights"]?.array ?? []
            return .html(200, PageHTML.page(status: status, nights: nights, devices: tokens.count(epoch: epoch), words: words))
        case ("POST", "/pair"):
            return pair(request, pairing: companion["pairing"], words: words)
        case ("POST", let path) where CompanionSite.changes.contains(path):
            guard paired else { return .html(401, PageHTML.pairing(words, error: words.pairFirst)) }
            if path == "/forget" {
                try? tokens.forgetAll()
                if let refusal = box.perform(.object([("cmd", .string("companion")), ("forget", .bool(true))])) {
                    return .html(502, PageHTML.message(words, refusal))
                }
                return .seeOther("/", extra: [("Set-Cookie", CompanionSite.expiredCookie)])
            }
            do {
                for change in try PageForms.requests(path, request.form, status: status) {
                    if let refusal = box.perform(change) { return .html(409, PageHTML.message(words, refusal)) }
                }
            } catch {
                return .html(400, PageHTML.message(words, error.description))
            }
            return .seeOther()
        case ("GET", _), ("HEAD", _):
            return .text(404, "Not found.")
        default:
            return .text(405, "Not allowed.", extra: [("Allow", "GET, POST")])
        }
    }

    static let changes: Set<String> = ["/alarm", "/timer", "/volume", "/light", "/snooze", "/dismiss", "/forget"]
    static let expiredCookie = "\(cookieName)=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0"

    /// A try of the code the box shows: throttled, then asked of the box (which counts the tries and
    /// knows the code); a device paired is given its token.
    private func pair(_ request: PageRequest, pairing: JSONValue?, words: PageWords) -> PageResponse {
        let now = monotonic()
        let shown = pairing?["code"]?.string
        switch throttle.verdict(peer: request.peer, now: now, shownCode: shown) {
        case .closed:
            return .html(429, PageHTML.pairing(words, error: words.pairingClosed), extra: [("Retry-After", "60")])
        case .wait(let seconds):
            let s = Int(seconds.rounded(.up))
            return .html(429, PageHTML.pairing(words, error: words.wait(s)), extra: [("Retry-After", String(s))])
        case .allowed:
            break
        }
        let code = request.field("code")?.filter { !$0.isWhitespace } ?? ""
        guard code.count == 6, code.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            return .html(400, PageHTML.pairing(words, error: words.sixDigits))
        }
        let answer: JSONValue
        do {
            answer = try box.send(.object([("cmd", .string("pair")), ("code", .string(code))]))
        } catch {
            return .html(502, PageHTML.pairing(words, error: error.description))
        }
        guard answer["ok"]?.bool == true, let epoch = answer["epoch"]?.number else {
            throttle.failed(peer: request.peer, now: now, shownCode: shown)
            return .html(403, PageHTML.pairing(words, error: answer["error"]?.string ?? words.wrongCode))
        }
        throttle.succeeded(peer: request.peer)
        do {
            let token = try tokens.pair(epoch: Int(epoch), now: wallSeconds())
            let cookie = "\(CompanionSite.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict; Max-Age=31536000"
            return .seeOther("/", extra: [("Set-Cookie", cookie)])
        } catch {
            return .html(500, PageHTML.pairing(words, error: "cannot keep the device: \(error.description)"))
        }
    }
}
