/// Text that TOMLKit's parser (toml++ 3.4) must not see: a NUL cuts the document short without
/// a word, and a few malformed inputs (`[(x]`, a `[` at the end of a line, `[}`, a Unicode line
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
        if let unsafe = TOMLKeyLocator(text: text).unsafeSyntax {
            return Problem(line: unsafe.line, column: unsafe.column, reason: unsafe.reason)
        }
        return nil
    }
}
