/// One thing wrong with (or worth knowing about) a file the box reads: the configuration, a board
/// profile, a content item. It says where (file, line, column, key), how serious, what is wrong
/// and, for a misspelt key, what was probably meant.
///
/// `description` is the compiler-style line `path:line:column: severity: message`; files whose
/// every issue is an error (the configuration, board profiles) print `locatedMessage`, the same
/// line without the severity.
public struct FileIssue: Error, Sendable, Hashable, CustomStringConvertible {
    /// How serious an issue is.
    public enum Severity: String, Sendable, Hashable, Comparable {
        /// For information: the file still does what it is meant to (a recording coming soon).
        case note
        /// The file is used, but probably not as its author meant (an unknown content key).
        case warning
        /// The file (or the item in it) cannot be used.
        case error

        private var rank: Int {
            switch self {
            case .note: return 0
            case .warning: return 1
            case .error: return 2
            }
        }

        /// Less serious first: note, warning, error.
        public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
    }

    /// What kind of problem an issue is.
    public enum Kind: Sendable, Hashable {
        /// The file could not be read; `errno` is the C error number, nil when the bytes were read
        /// but are not UTF-8 text.
        case unreadable(errno: Int32?)
        /// The text is not TOML (or not the file's own syntax).
        case syntax
        /// A `[table]` the file may not have.
        case unknownTable
        /// A key the file may not have in its table (or at the top).
        case unknownKey
        /// A required key or table is not there.
        case missingKey
        /// A value of the wrong TOML type, e.g. a string where a number belongs.
        case wrongType
        /// A number outside the key's range.
        case outOfRange
        /// A value of the right type that still makes no sense (a bad time of day, an unknown
        /// weekday, choices out of order, a pause marker that is not one, ...).
        case invalidValue
        /// Two pins on the same line.
        case duplicateLine
        /// The file names something the box has no support for (a board without a profile).
        case unsupported
    }

    /// How serious it is.
    public var severity: Severity
    /// What kind of problem it is.
    public var kind: Kind
    /// The file, as it was named to the reader.
    public var path: String
    /// The 1-based line, when known.
    public var line: Int?
    /// The 1-based column, when known (syntax errors, script text).
    public var column: Int?
    /// The dotted key it is about (`alarm.time`), nil for file-level problems.
    public var key: String?
    /// What is wrong and what to do, e.g. `[alarm] time: "6:75" is not a time of day (...)`.
    public var message: String
    /// What was probably meant, when the issue is about a misspelt or misplaced key or value
    /// (`snooze_minutes`, `[pins]`); the message says it too.
    public var suggestion: String?

    /// Creates an issue.
    public init(_ severity: Severity = .error, kind: Kind = .invalidValue, path: String, line: Int? = nil,
                column: Int? = nil, key: String? = nil, message: String, suggestion: String? = nil) {
        self.severity = severity
        self.kind = kind
        self.path = path
        self.line = line
        self.column = column
        self.key = key
        self.message = message
        self.suggestion = suggestion
    }

    /// `path:line:column`, leaving out what is not known.
    public var location: String {
        var text = path
        if let line {
            text += ":\(line)"
            if let column { text += ":\(column)" }
        }
        return text
    }

    /// `path:line:column: severity: message`.
    public var description: String { "\(location): \(severity.rawValue): \(message)" }

    /// `path:line:column: message`, for files whose every issue is an error.
    public var locatedMessage: String { "\(location): \(message)" }

    /// Orders issues by file, line, column (unknown first), then severity, most serious first.
    public static func byLocation(_ a: FileIssue, _ b: FileIssue) -> Bool {
        if a.path != b.path { return a.path < b.path }
        let la = a.line ?? 0, lb = b.line ?? 0
        if la != lb { return la < lb }
        let ca = a.column ?? 0, cb = b.column ?? 0
        if ca != cb { return ca < cb }
        return a.severity > b.severity
    }

    /// `issues` by line (unknown first), keeping the order of issues on the same line.
    public static func byLine(_ issues: [FileIssue]) -> [FileIssue] {
        issues.enumerated().sorted { a, b in
            let la = a.element.line ?? 0, lb = b.element.line ?? 0
            return la != lb ? la < lb : a.offset < b.offset
        }.map(\.element)
    }
}
