#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a PNG could not be produced or saved.
public enum PNGWriterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// libpng could not set up its encoder (out of memory).
    case encoderUnavailable
    /// The file could not be created or opened for writing.
    case cannotOpen(path: String, errno: Int32)
    /// Writing the bytes failed part-way.
    case writeFailed(path: String, errno: Int32)
    /// Closing the file failed, so the data may not have reached the disk.
    case closeFailed(path: String, errno: Int32)

    /// The failure with the path and the system's message for errno.
    public var description: String {
        switch self {
        case .encoderUnavailable:
            return "PNG encoder unavailable (libpng could not allocate)"
        case .cannotOpen(let path, let code):
            return "cannot open \(path) for writing: \(PNGWriterError.message(code)) (errno \(code))"
        case .writeFailed(let path, let code):
            return "writing \(path) failed: \(PNGWriterError.message(code)) (errno \(code))"
        case .closeFailed(let path, let code):
            return "closing \(path) failed: \(PNGWriterError.message(code)) (errno \(code))"
        }
    }

    private static func message(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "unknown error" }
        return String(cString: text)
    }
}
