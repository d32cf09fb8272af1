#if canImport(Glibc)
import Glibc
#endif

/// A failed system call: which one, on what, and the errno.
public struct SystemError: Error, CustomStringConvertible, Equatable {
    public var operation: String
    public var errno: Int32

    public init(_ operation: String, errno: Int32 = Glibc.errno) {
        self.operation = operation
        self.errno = errno
    }

    public var description: String { "\(operation): \(String(cString: strerror(errno)))" }
}

/// Retries a system call while it fails with EINTR.
@inline(__always)
func retryingEINTR<T: BinaryInteger>(_ call: () -> T) -> T {
    while true {
        let r = call()
        if r == -1 && errno == EINTR { continue }
        return r
    }
}
