/// One thing wrong with a configuration file, with where it is.
///
/// Its `description` is the line printed for the owner, compiler style:
/// `sleepbox.toml:12: [alarm] time: "6:75" is not a time of day (HH:MM, 00:00-23:59)`.
public struct ConfigIssue: Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem this is.
    public enum Kind: Sendable, Equatable {
        /// The file could not be read; `errno` is the C error number, nil when the bytes were read
        /// but are not UTF-8 text.
        case unreadable(errno: Int32?)
        /// TOMLKit (toml++) rejected the text.
        case syntax
        /// A `[table]` the box does not know.
        case unknownTable
        /// A key the box does not know in its table (or at the top level).
        case unknownKey
        /// A value of the wrong TOML type, e.g. a string where a number belongs.
        case wrongType
        /// A number outside the key's range.
        case outOfRange
        /// A value of the right type that still makes no sense (a bad time of day, an unknown
        /// weekday, choices out of order, ...).
        case invalidValue
    }

    /// What kind of problem this is.
    public var kind: Kind
    /// The file, as it was named to the loader.
    public var path: String
    /// The 1-based line, when known.
    public var line: Int?
    /// The 1-based column, for syntax errors.
    public var column: Int?
    /// The dotted key the problem is about (`alarm.time`), nil for file-level problems.
    public var key: String?
    /// The explanation after the location, e.g. `[alarm] time: "6:75" is not a time of day (...)`.
    public var message: String

    /// Creates an issue.
    public init(kind: Kind, path: String, line: Int?, column: Int? = nil, key: String?, message: String) {
        self.kind = kind
        self.path = path
        self.line = line
        self.column = column
        self.key = key
        self.message = message
    }

    /// `path:line:column: message`, leaving out what is not known.
    public var description: String {
        var location = path
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        return location + ": " + message
    }
}
