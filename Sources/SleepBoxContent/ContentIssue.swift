/// One thing wrong with (or worth knowing about) a content file, with where it is.
///
/// Its `description` is the line printed for the owner, compiler style:
/// `content/poems/poem-stars.txt:14:22: error: (2x) is not a pause marker ...`.
public struct ContentIssue: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// How serious the issue is.
    public enum Severity: String, Sendable, Equatable, Hashable, Comparable {
        /// For information: the item still plays as intended (a recording that is coming soon).
        case note
        /// The item plays, but probably not as its author meant (an unknown key, a bell too close
        /// to speech).
        case warning
        /// The item cannot be played (or the file is not an item at all).
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

    /// How serious the issue is.
    public var severity: Severity
    /// The file, as it was named to the loader.
    public var path: String
    /// The 1-based line, when known.
    public var line: Int?
    /// The 1-based column (in characters), when known.
    public var column: Int?
    /// What is wrong and what to do about it.
    public var message: String

    /// Creates an issue.
    public init(_ severity: Severity, path: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.severity = severity
        self.path = path
        self.line = line
        self.column = column
        self.message = message
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

    /// Orders issues by file, line, column (unknown first), then severity, most serious first.
    public static func byLocation(_ a: ContentIssue, _ b: ContentIssue) -> Bool {
        if a.path != b.path { return a.path < b.path }
        let la = a.line ?? 0, lb = b.line ?? 0
        if la != lb { return la < lb }
        let ca = a.column ?? 0, cb = b.column ?? 0
        if ca != cb { return ca < cb }
        return a.severity > b.severity
    }
}
