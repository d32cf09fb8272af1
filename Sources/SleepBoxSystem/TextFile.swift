#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads small text files (configuration, board profiles, simulator scripts, the device tree's
/// model) with errors that name the file and the errno, or the line that is not UTF-8, so a
/// message can say exactly why a file could not be used.
public enum TextFile {
    /// The whole file at `path` as UTF-8 text, without a leading byte order mark.
    ///
    /// Uses open(2) and read(2), retrying on `EINTR`.
    public static func read(path: String) throws(TextFileError) -> String {
        let fd = SystemCall.retryingEINTR { open(path, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw TextFileError(path: path, cause: .unreadable(SystemError("open", path: path))) }
        defer { _ = close(fd) }

        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                SystemCall.retryingEINTR { systemRead(fd, buffer.baseAddress, buffer.count) }
            }
            guard count >= 0 else {
                throw TextFileError(path: path, cause: .unreadable(SystemError("read", path: path)))
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return try text(of: bytes, path: path)
    }

    /// `bytes` as UTF-8 text without a leading byte order mark; an error naming the first line
    /// that is not UTF-8.
    public static func text(of bytes: [UInt8], path: String) throws(TextFileError) -> String {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes[3...] : bytes[...]
        if let text = String(validating: body, as: UTF8.self) { return text }
        throw TextFileError(path: path, cause: .notUTF8(line: firstInvalidLine(body)))
    }

    /// The 1-based line of the first byte sequence that is not UTF-8.
    private static func firstInvalidLine(_ bytes: ArraySlice<UInt8>) -> Int {
        var line = 1
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        while case .scalarValue(let scalar) = decoder.decode(&iterator) {
            if scalar == "\n" { line += 1 }
        }
        return line
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
