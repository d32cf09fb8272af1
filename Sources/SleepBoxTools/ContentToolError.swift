import SleepBoxSystem

/// Why `sleepbox content` could not do what it was asked, in words for the owner.
public enum ContentToolError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An option of `content add` is missing or wrong: the option to give or fix, and why.
    case option(String, String)
    /// The file to add is neither audio nor text that can be read: the issues name the file and,
    /// for bytes that are not UTF-8, the line and column.
    case unreadableText(issues: [String])
    /// Not an item id.
    case notAnID(String)
    /// No item has this id.
    case noItem(String)
    /// The item came with the box.
    case bundled(String)
    /// The file to render lies outside any library's content folders.
    case outsideLibrary(path: String)
    /// The bundled library's speech could not be copied out for the `sleepbox-speech` package.
    case speechExport(String)

    public var description: String {
        switch self {
        case .option(let name, let problem): return "\(name): \(problem)"
        case .unreadableText(let issues): return issues.joined(separator: "\n")
        case .notAnID(let id): return "\(id) is not an id (lowercase letters, digits, hyphens)"
        case .noItem(let id): return "no item \(id)"
        case .bundled(let id): return "\(id) is bundled with the box and cannot be removed"
        case .outsideLibrary(let path): return "\(path) must be inside a content folder (e.g. poems/) of a library"
        case .speechExport(let problem): return "the speech package: \(problem)"
        }
    }

    /// How the command ends: a text that cannot be read is bad input (65); the rest are usage
    /// errors (64).
    public var exitStatus: ExitStatus {
        if case .unreadableText = self { return .dataError }
        if case .speechExport = self { return .cantCreate }
        return .usage
    }
}
