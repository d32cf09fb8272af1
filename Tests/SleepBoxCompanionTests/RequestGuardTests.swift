import Testing
@testable import SleepBoxCompanion

@Suite("RequestGuard")
struct RequestGuardTests {
    let guardian = RequestGuard(names: ["sleepbox", "sleepbox.local", "192.168.1.20", "fe80::1", "127.0.0.1"], port: 8080)

    func request(_ method: String = "GET", host: String?, origin: String? = nil, site: String? = nil) -> PageRequest {
        var headers: [(name: String, value: String)] = []
        if let host { headers.append(("Host", host)) }
        if let origin { headers.append(("Origin", origin)) }
        if let site { headers.append(("Sec-Fetch-Site", site)) }
        return PageRequest(method: method, path: "/", headers: headers, peer: "192.168.1.31")
    }

    @Test func theBoxsNamesAndAddressesPass() {
        for host in ["sleepbox:8080", "SleepBox.local:8080", "192.168.1.20:8080", "[fe80::1]:8080", "127.0.0.1:8080", "sleepbox"] {
            #expect(guardian.refusal(request(host: host)) == nil, "\(host)")
        }
    }

    @Test func anotherNameIsARebinding() {
        for host in ["evil.example:8080", "sleepbox:9090", "sleepbox.evil.example:8080", "[fe80::2]:8080", "", "sleep box:8080"] {
            #expect(guardian.refusal(request(host: host))?.status == 421, "\(host)")
        }
        #expect(guardian.refusal(request(host: nil)) == .wrongHost(nil))
    }

    @Test func aChangeMustComeFromThePage() {
        #expect(guardian.refusal(request("POST", host: "sleepbox:8080", origin: "http://sleepbox:8080")) == nil)
        #expect(guardian.refusal(request("POST", host: "sleepbox:8080", origin: "http://sleepbox:8080", site: "same-origin")) == nil)
        #expect(guardian.refusal(request("POST", host: "sleepbox:8080")) == .wrongOrigin(nil))
        #expect(guardian.refusal(request("POST", host: "sleepbox:8080", origin: "null"))?.status == 403)
        #expect(guardian.refusal(request("POST", host: "sleepbox:8080", origin: "http://evil.example"))?.status == 403)
        #expect(guardian.refusal(request("POST", host: "sleepbox:8080", origin: "https://sleepbox:8080"))?.status == 403)
        #expect(guardian.refusal(request("POST", host: "sleepbox:8080", origin: "http://sleepbox:8080", site: "cross-site")) == .crossSite("cross-site"))
    }
}

@Suite("PairingThrottle")
struct PairingThrottleTests {
    @Test func waitsDoubleToAMinute() {
        var t = PairingThrottle()
        var now = 0.0
        var waits: [Double] = []
        for _ in 0..<8 {
            #expect(t.verdict(peer: "a", now: now, shownCode: "111111") == .allowed)
            t.failed(peer: "a", now: now, shownCode: "111111")
            guard case .wait(let w) = t.verdict(peer: "a", now: now, shownCode: "111111") else { Issue.record("no wait"); return }
            waits.append(w)
            now += w
        }
        #expect(waits == [1, 2, 4, 8, 16, 32, 60, 60])
        #expect(t.verdict(peer: "b", now: now, shownCode: "111111") == .allowed)
    }

    @Test func tenWrongClosePairingUntilANewCode() {
        var t = PairingThrottle()
        for i in 0..<10 { t.failed(peer: "peer\(i)", now: Double(i), shownCode: "111111") }
        #expect(t.verdict(peer: "new", now: 20, shownCode: "111111") == .closed)
        #expect(t.verdict(peer: "new", now: 20, shownCode: nil) == .closed)
        #expect(t.verdict(peer: "new", now: 21, shownCode: "222222") == .allowed)
    }

    @Test func wrongTriesOlderThanTheWindowDoNotCount() {
        var t = PairingThrottle()
        for i in 0..<9 { t.failed(peer: "p\(i)", now: Double(i), shownCode: "1") }
        t.failed(peer: "late", now: 16 * 60, shownCode: "1")
        #expect(t.verdict(peer: "x", now: 16 * 60, shownCode: "1") == .allowed)
    }
}
