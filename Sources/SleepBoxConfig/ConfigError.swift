import SleepBoxTOML
import SleepBoxSystem

/// Why a configuration file was rejected: every problem found in it, in line order.
///
/// The box refuses to start on any of them (unknown keys included, so a typo never silently
/// leaves a setting at its default). The process should print `description` and exit with
/// `exitCode`, 78 (`EX_CONFIG` in sysexits.h).
public struct ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file that was rejected.
    public var path: String
    /// Every problem found, sorted by line. Never empty.
    public var issues: [FileIssue]

    /// Creates an error from its issues (sorted by line here).
    public init(path: String, issues: [FileIssue]) {
        self.path = path
        self.issues = FileIssue.byLine(issues)
    }

    /// The exit status for a bad configuration: 78, `EX_CONFIG`.
    public var exitCode: Int32 { ExitStatus.config.rawValue }

    /// The first problem (the one to show when there is room for one line only).
    public var first: FileIssue? { issues.first }

    /// One line per problem, each `path:line: message`.
    public var description: String {
        issues.map(\.locatedMessage).joined(separator: "\n")
    }
}
