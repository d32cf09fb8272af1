/// One request to the page, as the server read it: the method, the path (without the query), the
/// headers as sent (names lower-cased), the body, and the peer's address.
public struct PageRequest: Sendable {
    public var method: String
    public var path: String
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
    /// The peer's IP address as text ("192.168.1.31", "::1").
    public var peer: String

    /// The most a request's body or its headers may hold together; more is refused (413, 431).
    public static let maximumBytes = 8 << 10

    public init(method: String, path: String, headers: [(name: String, value: String)], body: [UInt8] = [], peer: String) {
        self.method = method
        self.path = path
        self.headers = headers.map { ($0.name.lowercased(), $0.value) }
        self.body = body
        self.peer = peer
    }

    /// The first header of that name (lower-case), or nil.
    public func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }

    /// The cookie of that name, from the Cookie headers.
    public func cookie(_ name: String) -> String? {
        for (key, value) in headers where key == "cookie" {
            for pair in value.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0].trimmingSpaces == name { return String(parts[1].trimmingSpaces) }
            }
        }
        return nil
    }

    /// The form's fields (application/x-www-form-urlencoded), in order; a field may repeat.
    public var form: [(name: String, value: String)] { FormDecoding.fields(body) }

    /// The first value of a form field.
    public func field(_ name: String) -> String? { form.first { $0.name == name }?.value }
}

/// What the page answers.
public struct PageResponse: Sendable, Equatable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public static func == (a: PageResponse, b: PageResponse) -> Bool {
        a.status == b.status && a.body == b.body && a.headers.map { "\($0.name):\($0.value)" } == b.headers.map { "\($0.name):\($0.value)" }
    }

    /// A page: HTML with the headers every page carries (no script may run, no framing, no sniffing,
    /// the referrer only to the page itself, nothing cached).
    public static func html(_ status: Int, _ text: String, extra: [(name: String, value: String)] = []) -> PageResponse {
        PageResponse(status: status, headers: [("Content-Type", "text/html; charset=utf-8")] + securityHeaders + extra, body: Array(text.utf8))
    }

    /// A short plain-text answer (refusals before a page can be chosen: a wrong Host, too large).
    public static func text(_ status: Int, _ text: String, extra: [(name: String, value: String)] = []) -> PageResponse {
        PageResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")] + securityHeaders + extra,
                     body: Array((text + "\n").utf8))
    }

    /// 303 to the page, after a change (the browser's reload does not send the form again).
    public static func seeOther(_ location: String = "/", extra: [(name: String, value: String)] = []) -> PageResponse {
        PageResponse(status: 303, headers: [("Location", location)] + securityHeaders + extra)
    }

    /// `same-origin`, not `no-referrer`: with no-referrer, Chromium sends `Origin: null` with the
    /// page's own forms, which the Origin check must refuse.
    static let securityHeaders: [(name: String, value: String)] = [
        ("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"),
        ("X-Content-Type-Options", "nosniff"),
        ("X-Frame-Options", "DENY"),
        ("Referrer-Policy", "same-origin"),
        ("Cache-Control", "no-store"),
    ]
}

/// application/x-www-form-urlencoded, as browsers send forms.
enum FormDecoding {
    static func fields(_ body: [UInt8]) -> [(name: String, value: String)] {
        body.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }

    /// `+` is a space, `%XX` a byte; a malformed escape is kept as written.
    static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let b = bytes[i]
            if b == UInt8(ascii: "+") {
                out.append(UInt8(ascii: " "))
            } else if b == UInt8(ascii: "%"), i + 2 < bytes.endIndex, let hi = hex(bytes[i + 1]), let lo = hex(bytes[i + 2]) {
                out.append(hi << 4 | lo)
                i += 2
            } else {
                out.append(b)
            }
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func hex(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while s.first == " " || s.first == "\t" { s = s.dropFirst() }
        while s.last == " " || s.last == "\t" { s = s.dropLast() }
        return s
    }
}
