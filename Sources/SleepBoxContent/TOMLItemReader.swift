import TOMLKit
import SleepBoxTOML

/// Reads the keys of a content TOML file (timeline, ambient generator, recording) with issues
/// that name the file and the line of the key, in the manner of the daemon's `ConfigReader`.
struct TOMLItemReader {
    /// The file name put in every issue.
    let path: String
    /// The parsed document.
    let root: TOMLTable
    /// Where each key was written.
    let locator: TOMLKeyLocator
    /// What was found so far.
    private(set) var issues: [ContentIssue] = []

    /// Parses `text`; a TOML syntax error is thrown with its line and column.
    init(text: String, path: String) throws(ContentError) {
        if let problem = TOMLGuard.problem(in: text) {
            throw ContentError(path: path, line: problem.line, column: problem.column, message: "TOML syntax error: \(problem.reason)")
        }
        let locator = TOMLKeyLocator(text: text)
        do {
            root = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ContentError(path: path, line: error.source.begin.line, column: error.source.begin.column,
                               message: "TOML syntax error: \(error.description)")
        } catch {
            throw ContentError(path: path, message: "TOML syntax error: \(error)")
        }
        self.path = path
        self.locator = locator
    }

    /// True when an error was recorded.
    var hasErrors: Bool { issues.contains { $0.severity == .error } }

    // MARK: Issues

    /// The line of `keyPath` (or of its closest enclosing key).
    func line(_ keyPath: [String]) -> Int? { locator.line(of: keyPath) }

    mutating func add(_ severity: ContentIssue.Severity, _ keyPath: [String], _ message: String) {
        let prefix = keyPath.isEmpty ? "" : label(keyPath) + ": "
        issues.append(ContentIssue(severity, path: path, line: line(keyPath), message: prefix + message))
    }

    mutating func error(_ keyPath: [String], _ message: String) { add(.error, keyPath, message) }

    mutating func append(_ issue: ContentIssue) { issues.append(issue) }

    /// `length`, `[breathing]`, `[breathing] pattern`, `segment 2, at`, `interjection 1`.
    func label(_ keyPath: [String]) -> String {
        guard let first = keyPath.first else { return "" }
        if keyPath.count == 1, root[first]?.type == .table { return "[\(first)]" }
        if keyPath.count >= 2, let index = Int(keyPath[1]) {
            let entry = "\(first) \(index + 1)"
            return keyPath.count > 2 ? entry + ", " + keyPath[2...].joined(separator: ".") : entry
        }
        if keyPath.count >= 2 { return "[\(first)] " + keyPath[1...].joined(separator: ".") }
        return first
    }

    // MARK: Tables

    /// A table's keys and values (TOMLKit's own iterator force-unwraps; this does not).
    static func entries(_ table: TOMLTable) -> [(String, TOMLValueConvertible)] {
        table.keys.compactMap { key in table[key].map { (key, $0) } }
    }

    /// Warns about every key of `table` not in `allowed`: newer files still play on an older box.
    mutating func warnUnknownKeys(_ table: TOMLTable, at prefix: [String], allowed: [String], place: String) {
        for key in table.keys where !allowed.contains(key) {
            let text = Suggestion.appending(to: "unknown key \"\(key)\" is ignored", for: key, among: allowed)
            add(.warning, prefix + [key], text + " (keys known \(place): \(allowed.joined(separator: ", ")))")
        }
    }

    /// The entries of an array of tables (`[[segment]]`), empty when the key is absent.
    mutating func tableArray(_ table: TOMLTable, _ key: String, at prefix: [String] = []) -> [TOMLTable] {
        guard let value = table[key] else { return [] }
        guard let array = value.array else {
            error(prefix + [key], "expected [[\(key)]] tables, found \(Self.typeName(value))")
            return []
        }
        var result: [TOMLTable] = []
        for index in 0..<array.count {
            if let entry = array[index].table {
                result.append(entry)
            } else {
                error(prefix + [key, String(index)], "expected a [[\(key)]] table, found \(Self.typeName(array[index]))")
            }
        }
        return result
    }

    /// A sub-table (`[breathing]`), nil when absent or not a table.
    mutating func subtable(_ table: TOMLTable, _ key: String, at prefix: [String] = []) -> TOMLTable? {
        guard let value = table[key] else { return nil }
        if let result = value.table { return result }
        error(prefix + [key], "expected a table ([\(key)] with its keys below it), found \(Self.typeName(value))")
        return nil
    }

    // MARK: Values

    /// A string; with `required`, its absence or emptiness is an error saying `what` to write.
    mutating func string(_ table: TOMLTable, _ key: String, at prefix: [String] = [], required: Bool = false,
                         what: String) -> String? {
        let keyPath = prefix + [key]
        guard let value = table[key] else {
            if required { error(prefix, "missing \(key): add \(key) = \(what)") }
            return nil
        }
        guard let text = value.string else {
            error(keyPath, "expected a string such as \(what), found \(Self.typeName(value))")
            return nil
        }
        if required, text.allSatisfy(\.isWhitespace) {
            error(keyPath, "is empty: write \(what)")
            return nil
        }
        return text
    }

    /// A duration string (`"1m30s"`) in seconds.
    mutating func duration(_ table: TOMLTable, _ key: String, at prefix: [String] = [], required: Bool = false,
                           example: String) -> Double? {
        let keyPath = prefix + [key]
        guard let value = table[key] else {
            if required { error(prefix, "missing \(key): add \(key) = \"\(example)\"") }
            return nil
        }
        guard let text = value.string else {
            var message = "expected a duration string such as \"\(example)\", found \(Self.typeName(value))"
            if let number = value.int { message += "; write \"\(number)s\" for \(number) seconds" }
            error(keyPath, message)
            return nil
        }
        guard let seconds = DurationText.seconds(text) else {
            error(keyPath, "\"\(text)\" is not a duration: write numbers with a unit h, m or s, largest first, e.g. \"90s\", \"1m30s\", \"1.5m\"")
            return nil
        }
        guard seconds <= DurationText.maximumSeconds else {
            error(keyPath, "\"\(text)\" is longer than a day (24h), the longest time a content file may give")
            return nil
        }
        return seconds
    }

    mutating func bool(_ table: TOMLTable, _ key: String, at prefix: [String] = []) -> Bool? {
        guard let value = table[key] else { return nil }
        if let flag = value.bool { return flag }
        error(prefix + [key], "expected true or false, found \(Self.typeName(value))")
        return nil
    }

    /// A number (integer or decimal) within `range`.
    mutating func number(_ table: TOMLTable, _ key: String, at prefix: [String] = [], range: ClosedRange<Double>,
                         unit: String) -> Double? {
        guard let value = table[key] else { return nil }
        let x: Double
        if let int = value.int {
            x = Double(int)
        } else if let double = value.double {
            x = double
        } else {
            var message = "expected a number, found \(Self.typeName(value))"
            if let text = value.string, Double(text) != nil { message += " (write \(text) without quotes)" }
            error(prefix + [key], message)
            return nil
        }
        guard x.isFinite, range.contains(x) else {
            error(prefix + [key], "\(ScriptBodyParser.numberText(x)) is out of range (\(ScriptBodyParser.numberText(range.lowerBound)) to \(ScriptBodyParser.numberText(range.upperBound)) \(unit))")
            return nil
        }
        return x
    }

    /// A whole number within `range`.
    mutating func integer(_ table: TOMLTable, _ key: String, at prefix: [String] = [], required: Bool = false,
                          range: ClosedRange<Int>, what: String) -> Int? {
        guard let value = table[key] else {
            if required { error(prefix, "missing \(key): add \(key) = \(what)") }
            return nil
        }
        guard let x = value.int else {
            error(prefix + [key], "expected a whole number such as \(what), found \(Self.typeName(value))")
            return nil
        }
        guard range.contains(x) else {
            error(prefix + [key], "\(x) is out of range (\(range.lowerBound) to \(range.upperBound))")
            return nil
        }
        return x
    }

    /// A list of strings; entries that are not strings are errors naming the entry.
    mutating func stringArray(_ table: TOMLTable, _ key: String, at prefix: [String] = [], required: Bool = false,
                              example: String) -> [String]? {
        let keyPath = prefix + [key]
        guard let value = table[key] else {
            if required { error(prefix, "missing \(key): add \(key) = \(example)") }
            return nil
        }
        guard let array = value.array else {
            error(keyPath, "expected a list of strings such as \(example), found \(Self.typeName(value))")
            return nil
        }
        var result: [String] = []
        var isValid = true
        for index in 0..<array.count {
            if let text = array[index].string {
                result.append(text)
            } else {
                error(keyPath, "entry \(index + 1): expected a string, found \(Self.typeName(array[index]))")
                isValid = false
            }
        }
        return isValid ? result : nil
    }

    /// "a string", "a number", ... for wrong-type messages.
    static func typeName(_ value: TOMLValueConvertible) -> String {
        switch value.type {
        case .string: return "a string"
        case .int, .double: return "a number"
        case .bool: return "a boolean"
        case .array: return "a list"
        case .table: return "a table"
        case .date: return "a date"
        case .time: return "a time"
        case .dateTime: return "a date and time"
        }
    }
}
