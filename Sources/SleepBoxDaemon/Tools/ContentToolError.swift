/// Why `sleepbox content` could not do what it was asked, in words for the owner.
public enum ContentToolError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The title gives no usable id (the problem says why).
    case unusableTitle(problem: String)
    /// The file to add is neither audio nor UTF-8 text.
    case unreadableText(path: String)
    /// Not an item id.
    case notAnID(String)
    /// No item has this id.
    case noItem(String)
    /// The item came with the box.
    case bundled(String)
    /// The file to render lies outside any library's content folders.
    case outsideLibrary(path: String)

    public var description: String {
        switch self {
        case .unusableTitle(let problem): return "cannot make an id from the title: \(problem)"
        case .unreadableText(let path): return "\(path): cannot read it as UTF-8 text"
        case .notAnID(let id): return "\(id) is not an id (lowercase letters, digits, hyphens)"
        case .noItem(let id): return "no item \(id)"
        case .bundled(let id): return "\(id) is bundled with the box and cannot be removed"
        case .outsideLibrary(let path): return "\(path) must be inside a content folder (e.g. poems/) of a library"
        }
    }
}
