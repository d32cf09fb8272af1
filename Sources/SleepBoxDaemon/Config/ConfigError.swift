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
    public var issues: [ConfigIssue]

    /// Creates an error from its issues (sorted by line here).
    public init(path: String, issues: [ConfigIssue]) {
        self.path = path
        self.issues = issues.enumerated().sorted { a, b in
            let la = a.element.line ?? 0, lb = b.element.line ?? 0
            return la != lb ? la < lb : a.offset < b.offset
        }.map(\.element)
    }

    /// The exit status for a bad configuration: 78, `EX_CONFIG`.
    public var exitCode: Int32 { ExitStatus.config.rawValue }

    /// The first problem (the one to show when there is room for one line only).
    public var first: ConfigIssue? { issues.first }

    /// One line per problem, each `path:line: message`.
    public var description: String {
        issues.map(\.description).joined(separator: "\n")
    }
}
