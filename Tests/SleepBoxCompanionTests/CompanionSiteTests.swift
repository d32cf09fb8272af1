import NIOConcurrencyHelpers
import SleepBoxSystem
import Testing
@testable import SleepBoxCompanion

/// The box's side of the socket for the site's tests: answers `status`, `nights` and `pair` as the
/// box does (the code it shows, its tries), records every request.
final class ScriptedBox: BoxLink, @unchecked Sendable {
    let lock = NIOLock()
    var code: String? = "482913"
    var tries = 5
    var epoch = 2
    var language = "en"
    var requests: [String] = []

    func send(_ request: JSONValue) throws(BoxLinkError) -> JSONValue {
        lock.withLock {
            requests.append(request.serialized)
            switch request["cmd"]?.string {
            case "status":
                let pairing: JSONValue = code.map { .object([("code", .string($0)), ("address", .string("192.168.1.20:8080")),
                                                            ("secondsLeft", .number(170)), ("triesLeft", .number(Double(tries)))]) } ?? .null
                let alarm: JSONValue = .object([("time", .string("06:45")), ("days", .string("weekdays")), ("enabled", .bool(true)),
                                                ("skipNext", .bool(false)), ("next", .null)])
                return .object([("ok", .bool(true)), ("status", .object([
                    ("phase", .string("idle")), ("volume", .number(30)), ("item", .null), ("timer", .null),
                    ("alarms", .array([alarm, .null, .null, .null])), ("nextRing", .null), ("nextRingAt", .null),
                    ("light", .object([("device", .string("none")), ("plan", .string("off"))])),
                    ("companion", .object([("enabled", .bool(true)), ("epoch", .number(Double(epoch))), ("language", .string(language)),
                                           ("pairing", pairing)])),
                ]))])
            case "nights":
                return .object([("ok", .bool(true)), ("nights", .array([.object([("night", .string("2026-11-27")), ("minutes", .number(25.5)), ("sessions", .number(1))])]))])
            case "pair":
                guard let shown = code else { return .object([("ok", .bool(false)), ("error", .string("no pairing code is shown on the box"))]) }
                if request["code"]?.string == shown { code = nil; return .object([("ok", .bool(true)), ("epoch", .number(Double(epoch)))]) }
                tries -= 1
                if tries == 0 { code = nil }
                return .object([("ok", .bool(false)), ("error", .string("wrong code (\(tries) more tries for this code)"))])
            case "companion":
                epoch += 1
                return .object([("ok", .bool(true))])
            default:
                return .object([("ok", .bool(true))])
            }
        }
    }
}

@Suite("CompanionSite")
struct CompanionSiteTests {
    let box = ScriptedBox()
    let clock = NIOLockedValueBox(1000.0)

    func site() -> CompanionSite {
        let clock = self.clock
        return CompanionSite(box: box, tokens: DeviceTokens(path: nil), port: 8080, names: { ["sleepbox", "127.0.0.1"] },
                             monotonic: { clock.withLockedValue { $0 } }, wallSeconds: { 0 })
    }

    func get(_ site: CompanionSite, cookie: String? = nil, host: String = "sleepbox:8080") -> PageResponse {
        var headers: [(name: String, value: String)] = [("Host", host)]
        if let cookie { headers.append(("Cookie", "other=1; \(CompanionSite.cookieName)=\(cookie)")) }
        return site.respond(PageRequest(method: "GET", path: "/", headers: headers, peer: "192.168.1.31"))
    }

    func post(_ site: CompanionSite, _ path: String, _ body: String, cookie: String? = nil, origin: String = "http://sleepbox:8080", peer: String = "192.168.1.31") -> PageResponse {
        var headers: [(name: String, value: String)] = [("Host", "sleepbox:8080"), ("Origin", origin)]
        if let cookie { headers.append(("Cookie", "\(CompanionSite.cookieName)=\(cookie)")) }
        return site.respond(PageRequest(method: "POST", path: path, headers: headers, body: Array(body.utf8), peer: peer))
    }

    func text(_ r: PageResponse) -> String { String(decoding: r.body, as: UTF8.self) }

    func cookie(_ r: PageResponse) -> String? {
        guard let header = r.headers.first(where: { $0.name == "Set-Cookie" })?.value else { return nil }
        #expect(header.contains("HttpOnly") && header.contains("SameSite=Strict"))
        return header.split(separator: ";")[0].split(separator: "=", maxSplits: 1).last.map(String.init)
    }

    @Test func pairingGivesAPrivateCookieAndThePage() throws {
        let site = site()
        #expect(text(get(site)).contains("id=\"pair\""))
        let paired = post(site, "/pair", "code=482913")
        #expect(paired.status == 303)
        let token = try #require(cookie(paired))
        let page = text(get(site, cookie: token))
        #expect(page.contains("id=\"alarm-1\"") && page.contains("id=\"plain-http\"") && page.contains("<svg"))
        #expect(!page.contains("<script"))
        #expect(paired.headers.contains { $0.name == "Content-Security-Policy" && $0.value.contains("default-src 'none'") })
    }

    @Test func wrongCodesSayTheBoxsReasonThenWait() {
        let site = site()
        let wrong = post(site, "/pair", "code=000000")
        #expect(wrong.status == 403 && text(wrong).contains("wrong code (4 more tries for this code)"))
        let fast = post(site, "/pair", "code=000001")
        #expect(fast.status == 429 && fast.headers.contains { $0.name == "Retry-After" && $0.value == "1" })
        #expect(post(site, "/pair", "code=12345", peer: "192.168.1.32").status == 400)
        #expect(box.tries == 4)
    }

    @Test func changesNeedAPairedDeviceAndThePagesOrigin() throws {
        let site = site()
        #expect(post(site, "/volume", "percent=40").status == 401)
        let token = try #require(cookie(post(site, "/pair", "code=482913")))
        #expect(post(site, "/volume", "percent=40", cookie: token, origin: "http://evil.example").status == 403)
        #expect(get(site, cookie: token, host: "evil.example:8080").status == 421)
        #expect(post(site, "/volume", "percent=40", cookie: token).status == 303)
        #expect(box.requests.contains(#"{"cmd":"volume","percent":40}"#))
        #expect(post(site, "/volume", "percent=400", cookie: token).status == 400)
    }

    @Test func anAlarmFormIsTheSocketsRequests() throws {
        let site = site()
        let token = try #require(cookie(post(site, "/pair", "code=482913")))
        #expect(post(site, "/alarm", "alarm=2&time=07%3A15&days=sat&days=sun&enabled=on", cookie: token).status == 303)
        #expect(box.requests.contains(#"{"cmd":"alarm","alarm":2,"time":"07:15","days":["sat","sun"]}"#))
        #expect(post(site, "/alarm", "alarm=2&time=25%3A00&days=sat", cookie: token).status == 400)
        #expect(post(site, "/alarm", "alarm=5&time=07%3A00&days=sat", cookie: token).status == 400)
    }

    @Test func forgetUnpairsEveryDevice() throws {
        let site = site()
        let token = try #require(cookie(post(site, "/pair", "code=482913")))
        #expect(post(site, "/forget", "", cookie: token).status == 303)
        #expect(box.requests.contains(#"{"cmd":"companion","forget":true}"#))
        #expect(text(get(site, cookie: token)).contains("id=\"pair\""))
    }

    @Test func thePageSpeaksTheBoxsLanguage() throws {
        box.language = "de"
        let page = text(get(site()))
        #expect(page.contains("lang=\"de\"") && page.contains("Dieses Gerät koppeln"))
    }

    @Test func theBoxsWordsAreEscaped() {
        #expect(PageHTML.escape("<b>\"x\" & 'y'</b>") == "&lt;b&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/b&gt;")
        #expect(FormDecoding.fields(Array("a=1+2&b=%3C%zz&c".utf8)).map { "\($0.name)=\($0.value)" } == ["a=1 2", "b=<%zz", "c="])
    }
}
