/// Finds the line a key of a TOML document was written on, for `TOMLReader`'s issues.
///
/// Each `[[segment]]` header opens entry 0, 1, 2 ... of `segment`, and the keys under it are also
/// recorded under `segment.<n>.<key>` (`segment.1.at`), so the second segment's `at` has its own
/// line.
///
/// TOMLKit (toml++) parses a document into tables but does not say where a key came from, so
/// error messages would have no line. This scanner reads the source text once and remembers the
/// first line of every `[table]` / `[[table]]` header and every `key = value` line, under the
/// key's full dotted path (`alarm.time`). It skips comments, strings (including multi-line ones)
/// and values spanning several lines (arrays, inline tables), so text inside them is never taken
/// for a key.
///
/// It also finds the first place that would crash toml++ 3.4 (`unsafeSyntax`): a table header
/// whose `[` or `[[` is followed (after spaces) by anything but a bare-key character, a quote or
/// `]` (`[(x]`, a `[` at the end of a line), and a `}` where a list expects a value (`[}`).
/// toml++ checks those with assertions, which abort the process in the builds SwiftPM makes
/// (debug and release alike), instead of reporting a syntax error.
///
/// It is meant for documents TOMLKit has already accepted; on broken text it still terminates and
/// simply knows fewer keys. Quoted keys are read without their quotes but escapes in them are not
/// decoded.
public struct TOMLKeyLocator: Sendable {
    /// First line (1-based) of each dotted key path, e.g. `"alarm.time": 12`.
    public private(set) var lines: [String: Int] = [:]
    /// The first place toml++ would abort on instead of reporting an error (1-based line, byte
    /// column, what is wrong), if any.
    public private(set) var unsafeSyntax: (line: Int, column: Int, reason: String)?

    /// Scans `text`.
    public init(text: String) {
        var found: [String: Int] = [:]
        var scanner = LineScanner(bytes: Array(text.utf8))
        scanner.run { path, line in
            for end in path.indices {
                let key = path[...end].joined(separator: ".")
                if found[key] == nil { found[key] = line }
            }
        }
        lines = found
        unsafeSyntax = scanner.unsafeSyntax
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
private struct LineScanner {
    let bytes: [UInt8]
    var index = 0
    var line = 1
    /// The index where the current line starts, for columns.
    var lineStart = 0
    /// The first place toml++ would assert on.
    var unsafeSyntax: (line: Int, column: Int, reason: String)?
    var table: [String] = []
    /// The current array-of-tables entry, as its indexed path (`segment`, `1`), if any.
    var entry: [String]?
    /// How many entries each array of tables (by dotted name) has had so far.
    var arrayCounts: [String: Int] = [:]

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
        if let b = peek(), b == Self.newline {
            line += 1
            lineStart = index + 1
        }
        index += 1
    }

    /// Checks the header starting at `index` (on its first `[`) the way toml++ reads it.
    private mutating func checkHeader() {
        guard unsafeSyntax == nil else { return }
        var i = index + 1
        if i < bytes.count, bytes[i] == UInt8(ascii: "[") { i += 1 }
        while i < bytes.count, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") { i += 1 }
        guard i < bytes.count else { return }
        let b = bytes[i]
        let isBare = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(b)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: "_")
        if isBare || b == Self.quote || b == Self.apostrophe || b == UInt8(ascii: "]") { return }
        unsafeSyntax = (line, i - lineStart + 1,
                        "a table name must start with a letter, a digit, - or _, or be quoted, as in [breathing] or [[segment]]")
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
                checkHeader()
                let isArray = peek(1) == UInt8(ascii: "[")
                let name = readHeader()
                table = name
                entry = nil
                if !name.isEmpty { found(name, start) }
                if isArray, !name.isEmpty {
                    let key = name.joined(separator: ".")
                    let index = arrayCounts[key, default: 0]
                    arrayCounts[key] = index + 1
                    entry = name + [String(index)]
                    found(name + [String(index)], start)
                }
                skipToEndOfLine()
            default:
                let start = line
                if let key = readKey() {
                    found(table + key, start)
                    if let entry { found(entry + key, start) }
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
        // The open brackets, and whether a list is waiting for a value (after `[` or `,`).
        var open: [UInt8] = []
        var listWantsValue = false
        while let b = peek() {
            switch b {
            case Self.newline:
                if depth <= 0 { return }
                advance()
            case Self.hash:
                skipToEndOfLine()
            case Self.quote, Self.apostrophe:
                listWantsValue = false
                skipString(b)
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                open.append(b)
                listWantsValue = b == UInt8(ascii: "[")
                advance()
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if b == UInt8(ascii: "}"), listWantsValue, open.last == UInt8(ascii: "["), unsafeSyntax == nil {
                    unsafeSyntax = (line, index - lineStart + 1, "a } where the list expects a value or ]")
                }
                depth -= 1
                if !open.isEmpty { open.removeLast() }
                listWantsValue = false
                advance()
            case UInt8(ascii: ","):
                listWantsValue = open.last == UInt8(ascii: "[")
                advance()
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                advance()
            default:
                listWantsValue = false
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
