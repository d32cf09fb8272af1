#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads small text files (configuration, simulator scripts) with errors that name the file and
/// the errno, so a message can say exactly why a file could not be used.
public enum TextFile {
    /// The whole file at `path` as UTF-8 text, without a leading byte order mark.
    ///
    /// Uses open(2) and read(2), retrying on `EINTR`.
    public static func read(path: String) throws(TextFileError) -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw TextFileError(path: path, errno: errno) }
        defer { _ = close(fd) }

        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                systemRead(fd, buffer.baseAddress, buffer.count)
            }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                throw TextFileError(path: path, errno: code)
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }

        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        // Decoding repairs bad sequences with U+FFFD; a repair changes the bytes.
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.elementsEqual(bytes) else { throw TextFileError(path: path, errno: nil) }
        return text
    }

    /// read(2); `TextFile.read` hides the plain name.
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
