import SleepBoxSystem

/// Why a simulator script was rejected: the file, the line and what is wrong there, e.g.
/// `night.jsonl:7: "3x" is not a duration (e.g. "250ms", "1.5s", "90s", "2m", "1h30m")`.
///
/// The process should print `description` and exit with `exitCode`: 65 (`EX_DATAERR`) for a
/// bad script, 66 (`EX_NOINPUT`) when the file could not be read.
public struct ScriptError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The script file, as it was named to the loader.
    public var path: String
    /// The 1-based line; nil when the file itself could not be read.
    public var line: Int?
    /// What is wrong, without the location.
    public var message: String
    /// The C error number when the file could not be read.
    public var errno: Int32?

    /// Creates an error.
    public init(path: String, line: Int?, message: String, errno: Int32? = nil) {
        self.path = path
        self.line = line
        self.message = message
        self.errno = errno
    }

    /// 65 (`EX_DATAERR`) for bad content, 66 (`EX_NOINPUT`) for a file that could not be read.
    public var exitCode: Int32 { (line == nil ? ExitStatus.noInput : .dataError).rawValue }

    /// `path:line: message` (`path: message` when there is no line).
    public var description: String {
        if let line { return "\(path):\(line): \(message)" }
        return "\(path): \(message)"
    }
}
