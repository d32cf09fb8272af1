import SleepBoxTOML

/// Why a content file cannot be used (or an item cannot be played): every error found, each with
/// the file, line and column, in line order. Warnings found along the way are kept too.
public struct ContentError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The problems, sorted by location. At least one is an error.
    public var issues: [FileIssue]
    /// True when the voice failed (not the file): another voice may still read the item.
    public var isVoiceFailure = false

    /// An error from its issues (sorted here).
    public init(_ issues: [FileIssue]) {
        self.issues = issues.sorted(by: FileIssue.byLocation)
    }

    /// An error with one issue.
    public init(kind: FileIssue.Kind = .invalidValue, path: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.init([FileIssue(.error, kind: kind, path: path, line: line, column: column, message: message)])
    }

    /// The errors only.
    public var errors: [FileIssue] { issues.filter { $0.severity == .error } }

    /// The first error (the one to show when there is room for one line only).
    public var first: FileIssue? { errors.first ?? issues.first }

    /// Equal issues (whether the voice failed is not part of the message).
    public static func == (a: ContentError, b: ContentError) -> Bool { a.issues == b.issues }

    /// One line per issue.
    public var description: String { issues.map(\.description).joined(separator: "\n") }
}
