/// Finds the line a key of a TOML document was written on.
///
/// TOMLKit (toml++) parses a document into tables but does not say where a key came from, so
/// error messages would have no line. This scanner reads the source text once and remembers the
/// first line of every `[table]` / `[[table]]` header and every `key = value` line, under the
/// key's full dotted path (`alarm.time`). It skips comments, strings (including multi-line ones)
/// and values spanning several lines (arrays, inline tables), so text inside them is never taken
/// for a key.
///
/// It is meant for documents TOMLKit has already accepted; on broken text it still terminates and
/// simply knows fewer keys. Quoted keys are read without their quotes but escapes in them are not
/// decoded.
public struct TOMLKeyLocator: Sendable {
    /// First line (1-based) of each dotted key path, e.g. `"alarm.time": 12`.
    public private(set) var lines: [String: Int] = [:]

    /// Scans `text`.
    public init(text: String) {
        var found: [String: Int] = [:]
        var scanner = Scanner(bytes: Array(text.utf8))
        scanner.run { path, line in
            for end in path.indices {
                let key = path[...end].joined(separator: ".")
                if found[key] == nil { found[key] = line }
            }
        }
        lines = found
    }

    /// The line `path` (e.g. `["alarm", "time"]`) was written on. When the key itself was not seen
    /// (say it sits in an inline table), the line of its closest enclosing key or table.
    public func line(of path: [String]) -> Int? {
        var end = path.count
        while end > 0 {
            if let line = lines[path[..<end].joined(separator: ".")] { return line }
            end -= 1
        }
        return nil
    }

    /// The line of a dotted key such as `"alarm.time"` (see `line(of:)`).
    public func line(ofDotted key: String) -> Int? {
        line(of: key.split(separator: ".", omittingEmptySubsequences: false).map(String.init))
    }
}

/// The byte-level state machine behind `TOMLKeyLocator`.
private struct Scanner {
    let bytes: [UInt8]
    var index = 0
    var line = 1
    var table: [String] = []

    init(bytes: [UInt8]) { self.bytes = bytes }

    private static let newline = UInt8(ascii: "\n")
    private static let hash = UInt8(ascii: "#")
    private static let quote = UInt8(ascii: "\"")
    private static let apostrophe = UInt8(ascii: "'")
    private static let backslash = UInt8(ascii: "\\")

    private func peek(_ offset: Int = 0) -> UInt8? {
        let i = index + offset
        return i < bytes.count ? bytes[i] : nil
    }

    private mutating func advance() {
        if let b = peek(), b == Self.newline { line += 1 }
        index += 1
    }

    /// Calls `found` with every key path and the line it starts on.
    mutating func run(_ found: ([String], Int) -> Void) {
        while index < bytes.count {
            guard let b = peek() else { return }
            switch b {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), Self.newline:
                advance()
            case Self.hash:
                skipToEndOfLine()
            case UInt8(ascii: "["):
                let start = line
                let name = readHeader()
                table = name
                if !name.isEmpty { found(name, start) }
                skipToEndOfLine()
            default:
                let start = line
                if let key = readKey() {
                    found(table + key, start)
                    skipValue()
                } else {
                    skipToEndOfLine()
                }
            }
        }
    }

    private mutating func skipToEndOfLine() {
        while let b = peek(), b != Self.newline { advance() }
    }

    /// `[a.b]` or `[[a.b]]`, the index on the first `[`. Returns the dotted parts.
    private mutating func readHeader() -> [String] {
        var text: [UInt8] = []
        while let b = peek(), b == UInt8(ascii: "[") { advance() }
        while let b = peek(), b != Self.newline {
            if b == Self.quote || b == Self.apostrophe {
                text.append(contentsOf: readQuotedKeyPart(b))
                continue
            }
            if b == UInt8(ascii: "]") { break }
            text.append(b)
            advance()
        }
        return Self.dottedParts(text)
    }

    /// The key of a `key = value` line, the index on its first character. On success the index
    /// is just past the `=`.
    private mutating func readKey() -> [String]? {
        var text: [UInt8] = []
        while let b = peek() {
            if b == Self.newline || b == Self.hash { return nil }
            if b == UInt8(ascii: "=") {
                advance()
                let parts = Self.dottedParts(text)
                return parts.isEmpty ? nil : parts
            }
            if b == Self.quote || b == Self.apostrophe {
                text.append(contentsOf: readQuotedKeyPart(b))
                continue
            }
            text.append(b)
            advance()
        }
        return nil
    }

    /// A quoted key part, returned with its dots protected (as 0x01) so they do not split it.
    private mutating func readQuotedKeyPart(_ delimiter: UInt8) -> [UInt8] {
        advance()
        var text: [UInt8] = []
        while let b = peek(), b != Self.newline {
            advance()
            if b == delimiter { break }
            if b == Self.backslash, delimiter == Self.quote, let next = peek(), next != Self.newline {
                text.append(next)
                advance()
                continue
            }
            text.append(b == UInt8(ascii: ".") ? 1 : b)
        }
        return text
    }

    private static func dottedParts(_ text: [UInt8]) -> [String] {
        text.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).compactMap { part in
            let isBlank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            guard let first = part.firstIndex(where: { !isBlank($0) }),
                  let last = part.lastIndex(where: { !isBlank($0) }) else { return nil }
            let restored = part[first...last].map { $0 == 1 ? UInt8(ascii: ".") : $0 }
            return String(decoding: restored, as: UTF8.self)
        }
    }

    /// Skips a value up to the end of its (last) line: strings, nested brackets, a trailing comment.
    private mutating func skipValue() {
        var depth = 0
        while let b = peek() {
            switch b {
            case Self.newline:
                if depth <= 0 { return }
                advance()
            case Self.hash:
                skipToEndOfLine()
            case Self.quote, Self.apostrophe:
                skipString(b)
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                advance()
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                advance()
            default:
                advance()
            }
        }
    }

    private mutating func skipString(_ delimiter: UInt8) {
        let escapes = delimiter == Self.quote
        if peek(1) == delimiter, peek(2) == delimiter {
            advance(); advance(); advance()
            while let b = peek() {
                if escapes, b == Self.backslash {
                    advance()
                    advance()
                    continue
                }
                if b == delimiter, peek(1) == delimiter, peek(2) == delimiter {
                    advance(); advance(); advance()
                    // Up to two more quotes may end the content ("""a"""" is legal TOML).
                    while peek() == delimiter { advance() }
                    return
                }
                advance()
            }
            return
        }
        advance()
        while let b = peek(), b != Self.newline {
            if escapes, b == Self.backslash {
                advance()
                if peek() != Self.newline { advance() }
                continue
            }
            advance()
            if b == delimiter { return }
        }
    }
}
