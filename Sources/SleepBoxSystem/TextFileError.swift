/// Why `TextFile.read(path:)` could not deliver a file's text.
public struct TextFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Cause: Sendable, Hashable {
        /// open(2) or read(2) failed.
        case unreadable(SystemError)
        /// `RegularFile.read` refused it: not a regular file, or too large.
        case refused(RegularFile.Failure)
        /// The file was read but is not UTF-8; `line` is the first line with a byte that is not.
        case notUTF8(line: Int)
    }

    /// The file.
    public var path: String
    /// What went wrong.
    public var cause: Cause {
        didSet { (errno, line, reason) = Self.details(of: cause) }
    }
    /// The C error number from open(2)/read(2); nil when the file was read but is not UTF-8.
    public private(set) var errno: Int32?
    /// The line that is not UTF-8; nil when the file could not be read.
    public private(set) var line: Int?
    /// The reason in words: strerror(3) text such as "No such file or directory", or
    /// "not UTF-8 text".
    public private(set) var reason: String

    /// Creates an error.
    public init(path: String, cause: Cause) {
        self.path = path
        self.cause = cause
        (errno, line, reason) = Self.details(of: cause)
    }

    // The details are stored, not worked out from `cause` where they are read: matching the
    // enum inside a typed `catch` in another module crashed the 6.3.1 optimizer (an ownership
    // verification failure in CopyPropagation) in release builds.
    private static func details(of cause: Cause) -> (Int32?, Int?, String) {
        switch cause {
        case .unreadable(let error): return (error.errno, nil, error.reason)
        case .refused(let failure): return (failure.errno, nil, failure.reason)
        case .notUTF8(let line): return (nil, line, "not UTF-8 text")
        }
    }

    /// What a message about the file says, naming it as `what`:
    /// `cannot read the script: No such file or directory (errno 2)`,
    /// `cannot read the file: it is not UTF-8 text`.
    public func message(reading what: String = "the file") -> String {
        if let errno { return "cannot read \(what): \(reason) (errno \(errno))" }
        if line == nil { return "cannot read \(what): \(reason)" }
        return "cannot read \(what): it is \(reason)"
    }

    /// `path: cannot read: reason (errno N)`, or `path:3: cannot read: not UTF-8 text`.
    public var description: String {
        if let errno { return "\(path): cannot read: \(reason) (errno \(errno))" }
        guard let line else { return "\(path): cannot read: \(reason)" }
        return "\(path):\(line): cannot read: \(reason)"
    }
}
