#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the small text files of the board code (profiles, the device tree's model) with the
/// errno of a failure, so messages can say exactly why a file could not be used.
enum BoardTextFile {
    /// Why a file could not be read.
    struct Failure: Error, Sendable, Equatable {
        /// The C error number from open(2)/read(2); nil when the bytes are not UTF-8.
        var errno: Int32?

        /// strerror(3) text such as "No such file or directory", or "not UTF-8 text".
        var reason: String {
            guard let errno else { return "not UTF-8 text" }
            guard let text = strerror(errno) else { return "error \(errno)" }
            return String(cString: text)
        }

        /// `cannot read the file: reason (errno N)`.
        var message: String {
            if let errno { return "cannot read the file: \(reason) (errno \(errno))" }
            return "cannot read the file: it is \(reason)"
        }
    }

    /// The whole file at `path` as UTF-8 text, without a leading byte order mark.
    ///
    /// Uses open(2) and read(2), retrying on `EINTR`.
    static func read(path: String) throws(Failure) -> String {
        var fd: Int32
        repeat {
            fd = open(path, O_RDONLY | O_CLOEXEC)
        } while fd < 0 && errno == EINTR
        guard fd >= 0 else { throw Failure(errno: errno) }
        defer { _ = close(fd) }

        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                systemRead(fd, buffer.baseAddress, buffer.count)
            }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                throw Failure(errno: code)
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }

        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        // Decoding repairs bad sequences with U+FFFD; a repair changes the bytes.
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.elementsEqual(bytes) else { throw Failure(errno: nil) }
        return text
    }

    /// read(2), which `read(path:)` hides.
    private static func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.read(fd, buffer, count)
        #elseif canImport(Musl)
        return Musl.read(fd, buffer, count)
        #elseif canImport(Darwin)
        return Darwin.read(fd, buffer, count)
        #else
        return -1
        #endif
    }
}
