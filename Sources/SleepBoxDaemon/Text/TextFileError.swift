#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why `TextFile.read(path:)` could not deliver a file's text.
public struct TextFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// The C error number from open(2)/read(2); nil when the file was read but is not UTF-8.
    public var errno: Int32?

    /// Creates an error.
    public init(path: String, errno: Int32?) {
        self.path = path
        self.errno = errno
    }

    /// The reason in words: strerror(3) text such as "No such file or directory", or
    /// "not UTF-8 text".
    public var reason: String {
        guard let errno else { return "not UTF-8 text" }
        guard let text = strerror(errno) else { return "error \(errno)" }
        return String(cString: text)
    }

    /// `path: cannot read: reason (errno N)`.
    public var description: String {
        if let errno { return "\(path): cannot read: \(reason) (errno \(errno))" }
        return "\(path): cannot read: \(reason)"
    }
}
