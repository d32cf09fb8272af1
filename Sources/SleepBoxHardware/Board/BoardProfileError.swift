import SleepBoxTOML
import SleepBoxSystem

/// Why a board profile could not be used: every problem found, file by file in the order the
/// files were first named, and by line within a file.
///
/// The box refuses to start on any of them (unknown keys included, so a typo never silently
/// leaves a pin on its default line). The process should print `description` and exit with
/// `exitCode`, 78 (`EX_CONFIG` in sysexits.h).
public struct BoardProfileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Every problem found. Never empty.
    public var issues: [FileIssue]

    /// Creates an error from its issues (sorted here: by file, first named first, then by line).
    public init(issues: [FileIssue]) {
        var fileOrder: [String: Int] = [:]
        for issue in issues where fileOrder[issue.path] == nil {
            fileOrder[issue.path] = fileOrder.count
        }
        self.issues = issues.enumerated().sorted { a, b in
            let fa = fileOrder[a.element.path] ?? 0, fb = fileOrder[b.element.path] ?? 0
            if fa != fb { return fa < fb }
            let la = a.element.line ?? 0, lb = b.element.line ?? 0
            return la != lb ? la < lb : a.offset < b.offset
        }.map(\.element)
    }

    /// An error with a single issue.
    public init(_ issue: FileIssue) {
        self.init(issues: [issue])
    }

    /// The exit status for a bad profile: 78, `EX_CONFIG`.
    public var exitCode: Int32 { ExitStatus.config.rawValue }

    /// The first problem (the one to show when there is room for one line only).
    public var first: FileIssue? { issues.first }

    /// One line per problem, each `path:line: message`.
    public var description: String {
        issues.map(\.locatedMessage).joined(separator: "\n")
    }
}
