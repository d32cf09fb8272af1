/// Text that TOMLKit's parser (toml++ 3.4) must not see: a NUL cuts the document short without
/// a word, an escaped NUL (`\u0000`) cuts the string it is in short just as silently (a path
/// `"/tmp/a\u0000/etc"` would be read as `/tmp/a`), and a few malformed inputs (`[(x]`, a `[` at the end of a line, `[}`, a Unicode line
/// or paragraph separator) make it abort the whole process on an assertion instead of reporting
/// an error. Every TOML reader of the box asks this first and reports what it finds as an
/// ordinary syntax error with line and column.
public enum TOMLGuard {
    public struct Problem: Sendable, Equatable {
        public var line: Int
        public var column: Int?
        public var reason: String
    }

    /// The first problem in `text`, or nil when TOMLKit may parse it.
    public static func problem(in text: String) -> Problem? {
        if let nul = text.utf8.firstIndex(of: 0) {
            let line = text.utf8[..<nul].count(where: { $0 == UInt8(ascii: "\n") }) + 1
            return Problem(line: line, column: nil, reason: "a NUL character is not allowed in the file")
        }
        var line = 1, column = 1
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\u{2028}", "\u{2029}", "\u{85}":
                return Problem(line: line, column: column,
                               reason: "a Unicode line or paragraph separator is not allowed; use a plain line break")
            case "\n":
                line += 1
                column = 1
            default:
                column += 1
            }
        }
        if let escaped = escapedNUL(in: text) { return escaped }
        if let unsafe = TOMLKeyLocator(text: text).unsafeSyntax {
            return Problem(line: unsafe.line, column: unsafe.column, reason: unsafe.reason)
        }
        return nil
    }

    /// The first `\u0000` or `\U00000000` escape (a backslash that is not itself escaped).
    private static func escapedNUL(in text: String) -> Problem? {
        let bytes = Array(text.utf8)
        var line = 1, lineStart = 0, i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\n") {
                line += 1
                lineStart = i + 1
            } else if b == UInt8(ascii: "\\") {
                let next = i + 1 < bytes.count ? bytes[i + 1] : 0
                let zeros = next == UInt8(ascii: "u") ? 4 : next == UInt8(ascii: "U") ? 8 : 0
                if zeros > 0, i + 2 + zeros <= bytes.count, bytes[(i + 2)..<(i + 2 + zeros)].allSatisfy({ $0 == UInt8(ascii: "0") }) {
                    let column = String(decoding: bytes[lineStart..<i], as: UTF8.self).unicodeScalars.count + 1
                    return Problem(line: line, column: column,
                                   reason: "a NUL character (\\u0000) is not allowed in a string: it would cut the text short")
                }
                // The escaped character (a backslash included) is skipped; a line break is counted.
                i += next == UInt8(ascii: "\n") ? 1 : 2
                continue
            }
            i += 1
        }
        return nil
    }
}
