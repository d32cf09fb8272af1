#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call: the C function, the errno it left, and the file it was about.
///
/// `description` reads `bind /run/sleepbox.sock: Address already in use (errno 98)`.
public struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The C function that failed: `open`, `timerfd_settime`, `gpiod_chip_open`.
    public var call: String
    /// The C error number (`errno`, or the magnitude of a negated return code).
    public var errno: Int32
    /// The file or device the call was about, when there was one.
    public var path: String?

    /// An error for `call`; `errno` defaults to the calling thread's current errno, so create it
    /// right after the failed call.
    public init(_ call: String, errno: Int32 = SystemError.currentErrno, path: String? = nil) {
        self.call = call
        self.errno = errno
        self.path = path
    }

    /// The calling thread's `errno`.
    public static var currentErrno: Int32 {
        #if canImport(Glibc)
        Glibc.errno
        #elseif canImport(Musl)
        Musl.errno
        #elseif canImport(Darwin)
        Darwin.errno
        #else
        0
        #endif
    }

    /// The reason in words, strerror(3): "No such file or directory".
    public var reason: String { Self.reason(errno: errno) }

    /// strerror(3) for `code`, or "error N" for a number the C library does not know.
    public static func reason(errno code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    /// `call path: reason (errno N)`.
    public var description: String {
        "\(call)\(path.map { " " + $0 } ?? ""): \(reason) (errno \(errno))"
    }

    /// Whether the call was refused for lack of permission (EACCES or EPERM).
    public var isPermissionDenied: Bool { errno == EACCES || errno == EPERM }
}
