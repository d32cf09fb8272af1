/// The two checks every request passes before the page looks at it.
///
/// - **Host** must name the box: one of its names (the host name, `<name>.local`, `localhost`) or
///   one of its addresses, with the page's port or none. A page reached through another name is a
///   DNS rebinding: a site the owner visits points its own name at the box, and the owner's browser
///   would then carry that site's script to the box as "same origin" (421).
/// - A change (any POST) must carry an `Origin` naming this page (`http://` and the Host it sent),
///   and `Sec-Fetch-Site`, when the browser sends it, must be `same-origin`: a form on another site
///   cannot change the box even where the owner's browser would send the cookie (403).
public struct RequestGuard: Sendable {
    /// The names and addresses the box answers to, lower-case, without a port.
    public var names: Set<String>
    /// The page's port.
    public var port: Int

    public init(names: Set<String>, port: Int) {
        self.names = Set(names.map { $0.lowercased() })
        self.port = port
    }

    public enum Refusal: Equatable, Sendable {
        case wrongHost(String?)
        case wrongOrigin(String?)
        case crossSite(String)

        public var status: Int {
            switch self {
            case .wrongHost: return 421
            case .wrongOrigin, .crossSite: return 403
            }
        }

        public var message: String {
            switch self {
            case .wrongHost(let host): return "This box does not answer to the name \(host.map { "\"\($0)\"" } ?? "(none)"); open it by its own name or address."
            case .wrongOrigin(let origin): return "Refused: a change must come from this page (Origin \(origin ?? "missing"))."
            case .crossSite(let site): return "Refused: a change must come from this page (Sec-Fetch-Site \(site))."
            }
        }
    }

    /// Why `request` is refused, or nil.
    public func refusal(_ request: PageRequest) -> Refusal? {
        guard let host = request.header("host"), let name = hostName(host), names.contains(name) else {
            return .wrongHost(request.header("host"))
        }
        guard request.method != "GET" && request.method != "HEAD" else { return nil }
        guard let origin = request.header("origin"), origin.lowercased() == "http://" + host.lowercased() else {
            return .wrongOrigin(request.header("origin"))
        }
        if let site = request.header("sec-fetch-site"), site != "same-origin" { return .crossSite(site) }
        return nil
    }

    /// The name in a Host header when its port (if any) is the page's: `box.local:8080` ->
    /// `box.local`, `[fe80::1]:8080` -> `fe80::1`; nil for another port or a malformed header.
    func hostName(_ host: String) -> String? {
        let h = host.lowercased()
        var name = Substring(h)
        var portText: Substring?
        if h.hasPrefix("[") {
            guard let close = h.firstIndex(of: "]") else { return nil }
            name = h[h.index(after: h.startIndex)..<close]
            let rest = h[h.index(after: close)...]
            if !rest.isEmpty {
                guard rest.first == ":" else { return nil }
                portText = rest.dropFirst()
            }
        } else if let colon = h.lastIndex(of: ":") {
            name = h[..<colon]
            portText = h[h.index(after: colon)...]
        }
        if let portText, Int(portText) != port { return nil }
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || ".-:_".contains($0) }) else { return nil }
        return String(name)
    }
}
