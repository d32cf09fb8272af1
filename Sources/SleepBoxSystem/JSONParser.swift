/// The one JSON reader: a strict parser for text holding one object (RFC 8259: no trailing
/// commas, no comments), for the control socket's requests and answers and the simulator's
/// script lines. It keeps the members in order, rejects a key given twice, refuses text past its
/// limits (size, nesting, members), and says at which column it stopped. Foundation's parsers
/// accept trailing commas, keep one of two equal keys silently and do not say where the text is
/// wrong. `JSONValue.serialized` writes what it reads.
public struct JSONParser {
    /// Why the text is not one JSON object.
    public struct Failure: Error, Equatable, Sendable {
        /// 1-based, counted in Unicode scalars.
        public var column: Int
        public var message: String
    }

    /// What the parser takes at the most; more is refused, not read.
    public struct Limits: Sendable {
        /// The text's size in UTF-8 bytes.
        public var bytes: Int
        /// Objects and arrays inside each other; deeper nesting is refused rather than risking
        /// the stack.
        public var depth: Int
        /// The members of one object: the check for a key given twice stays cheap.
        public var members: Int

        /// A script line, a request or an answer: an event has a handful of keys, a request a few
        /// more, a status a few dozen; a line of a mebibyte is far past any of them.
        public static let line = Limits(bytes: 1 << 20, depth: 32, members: 64)
    }

    private let scalars: [Unicode.Scalar]
    private let limits: Limits
    private var index = 0

    private init(_ text: Substring, limits: Limits) {
        scalars = Array(text.unicodeScalars)
        self.limits = limits
    }

    /// The members of the object `text` holds, in order.
    public static func parseObject(_ text: Substring, limits: Limits = .line) throws(Failure) -> [(key: String, value: JSONValue)] {
        guard text.utf8.count <= limits.bytes else {
            throw Failure(column: 1, message: "longer than \(limits.bytes) bytes")
        }
        var parser = JSONParser(text, limits: limits)
        parser.skipWhitespace()
        guard parser.peek() == "{" else {
            throw parser.failure("expected an object starting with {")
        }
        let members = try parser.object(depth: 1)
        parser.skipWhitespace()
        guard parser.peek() == nil else { throw parser.failure("unexpected text after the closing }") }
        return members
    }

    private func peek() -> Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private func failure(_ message: String) -> Failure { Failure(column: index + 1, message: message) }

    private mutating func skipWhitespace() {
        while let s = peek(), s == " " || s == "\t" || s == "\r" || s == "\n" { index += 1 }
    }

    private mutating func expect(_ scalar: Unicode.Scalar, _ what: String) throws(Failure) {
        skipWhitespace()
        guard peek() == scalar else { throw failure("expected \(what)") }
        index += 1
    }

    private mutating func object(depth: Int) throws(Failure) -> [(key: String, value: JSONValue)] {
        guard depth <= limits.depth else { throw failure("nested too deeply") }
        index += 1 // {
        var members: [(key: String, value: JSONValue)] = []
        var seen = Set<String>()
        skipWhitespace()
        if peek() == "}" {
            index += 1
            return members
        }
        while true {
            skipWhitespace()
            let keyColumn = index + 1
            guard peek() == "\"" else { throw failure("expected a key in double quotes") }
            guard members.count < limits.members else {
                throw failure("more than \(limits.members) keys in one object")
            }
            let key = try string()
            guard seen.insert(key).inserted else {
                throw Failure(column: keyColumn, message: "the key \(Quoting.quoted(key)) appears twice")
            }
            try expect(":", "\":\" after the key")
            let value = try value(depth: depth)
            members.append((key, value))
            skipWhitespace()
            switch peek() {
            case ",": index += 1
            case "}":
                index += 1
                return members
            default: throw failure("expected \",\" or \"}\"")
            }
        }
    }

    private mutating func array(depth: Int) throws(Failure) -> [JSONValue] {
        guard depth <= limits.depth else { throw failure("nested too deeply") }
        index += 1 // [
        var items: [JSONValue] = []
        skipWhitespace()
        if peek() == "]" {
            index += 1
            return items
        }
        while true {
            items.append(try value(depth: depth))
            skipWhitespace()
            switch peek() {
            case ",": index += 1
            case "]":
                index += 1
                return items
            default: throw failure("expected \",\" or \"]\"")
            }
        }
    }

    private mutating func value(depth: Int) throws(Failure) -> JSONValue {
        skipWhitespace()
        guard let s = peek() else { throw failure("expected a value") }
        switch s {
        case "{":
            return .object(try object(depth: depth + 1).map { ($0.key, $0.value) })
        case "[":
            return .array(try array(depth: depth + 1))
        case "\"":
            return .string(try string())
        case "t":
            try literal("true")
            return .bool(true)
        case "f":
            try literal("false")
            return .bool(false)
        case "n":
            try literal("null")
            return .null
        case "-", "0"..."9":
            return .number(try number())
        default:
            throw failure("unexpected \(Quoting.quoted(String(s))); expected a value")
        }
    }

    private mutating func literal(_ word: String) throws(Failure) {
        for scalar in word.unicodeScalars {
            guard peek() == scalar else { throw failure("expected a value (true, false, null, a number or a string)") }
            index += 1
        }
    }

    private mutating func number() throws(Failure) -> Double {
        let start = index
        func digits() -> Int {
            let first = index
            while let s = peek(), ("0"..."9").contains(s) { index += 1 }
            return index - first
        }
        if peek() == "-" { index += 1 }
        if peek() == "0" {
            index += 1
        } else if digits() == 0 {
            throw failure("expected a digit")
        }
        if peek() == "." {
            index += 1
            guard digits() > 0 else { throw failure("expected a digit after the decimal point") }
        }
        if peek() == "e" || peek() == "E" {
            index += 1
            if peek() == "+" || peek() == "-" { index += 1 }
            guard digits() > 0 else { throw failure("expected a digit in the exponent") }
        }
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[start..<index])
        guard let value = Double(text), value.isFinite else {
            throw Failure(column: start + 1, message: "the number \(text) is too large")
        }
        return value
    }

    private mutating func string() throws(Failure) -> String {
        index += 1 // "
        var result = String.UnicodeScalarView()
        while true {
            guard let s = peek() else { throw failure("unterminated string") }
            index += 1
            switch s {
            case "\"":
                return String(result)
            case "\\":
                guard let e = peek() else { throw failure("unterminated string") }
                index += 1
                switch e {
                case "\"": result.append("\"")
                case "\\": result.append("\\")
                case "/": result.append("/")
                case "b": result.append("\u{08}")
                case "f": result.append("\u{0C}")
                case "n": result.append("\n")
                case "r": result.append("\r")
                case "t": result.append("\t")
                case "u":
                    let scalar = try unicodeEscape()
                    guard scalar.value != 0 else {
                        index -= 6
                        throw failure("a NUL character (\\u0000) is not allowed in a string")
                    }
                    result.append(scalar)
                default:
                    index -= 1
                    throw failure("unknown escape \\\(e)")
                }
            default:
                guard s.value >= 0x20 else {
                    index -= 1
                    throw failure("a control character in a string (write it as an escape)")
                }
                result.append(s)
            }
        }
    }

    /// After `\u`: four hex digits, two escapes for a character outside the BMP.
    private mutating func unicodeEscape() throws(Failure) -> Unicode.Scalar {
        let first = try hex4()
        if (0xD800...0xDBFF).contains(first) {
            guard peek() == "\\" else { throw failure("a lone surrogate in a \\u escape") }
            index += 1
            guard peek() == "u" else { throw failure("a lone surrogate in a \\u escape") }
            index += 1
            let second = try hex4()
            guard (0xDC00...0xDFFF).contains(second) else { throw failure("a lone surrogate in a \\u escape") }
            let value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            guard let scalar = Unicode.Scalar(value) else { throw failure("an invalid \\u escape") }
            return scalar
        }
        guard let scalar = Unicode.Scalar(first) else { throw failure("a lone surrogate in a \\u escape") }
        return scalar
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let s = peek(), let digit = Int(String(s), radix: 16) else {
                throw failure("expected four hex digits after \\u")
            }
            value = value * 16 + UInt32(digit)
            index += 1
        }
        return value
    }
}
