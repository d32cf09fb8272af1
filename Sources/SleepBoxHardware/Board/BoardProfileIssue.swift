/// One thing wrong with a board profile, a `[pins]` override, or the board's model file, with
/// where it is.
///
/// Its `description` is the line printed for the owner, compiler style:
/// `pi-4.toml:21: [pins] skip: line 17 is already leaf's (pi-4.toml:20); every pin needs its own line`.
public struct BoardProfileIssue: Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem this is.
    public enum Kind: Sendable, Equatable {
        /// The file could not be read; `errno` is the C error number, nil when the bytes were read
        /// but are not UTF-8 text.
        case unreadable(errno: Int32?)
        /// TOMLKit (toml++) rejected the text.
        case syntax
        /// A `[table]` profiles do not have.
        case unknownTable
        /// A key profiles do not have in its table (or at the top level).
        case unknownKey
        /// A required key is not there.
        case missingKey
        /// A value of the wrong TOML type, e.g. a string where a line offset belongs.
        case wrongType
        /// A number outside the key's range (a line offset outside 0-511, say).
        case outOfRange
        /// A value of the right type that still makes no sense (an unknown controller, ...).
        case invalidValue
        /// Two pins on the same line.
        case duplicateLine
        /// The device tree names a board no profile is made for.
        case unsupportedBoard
    }

    /// What kind of problem this is.
    public var kind: Kind
    /// The file: the profile, the configuration for an override, the model file for detection.
    public var path: String
    /// The 1-based line, when known.
    public var line: Int?
    /// The 1-based column, for syntax errors.
    public var column: Int?
    /// The dotted key the problem is about (`pins.leaf`), nil for file-level problems.
    public var key: String?
    /// The explanation after the location, e.g. `[pins] leaf: 600 is out of range (0 to 511)`.
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
