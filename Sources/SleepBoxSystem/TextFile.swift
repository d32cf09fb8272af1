#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads small text files (configuration, board profiles, simulator scripts, the device tree's
/// model) through `RegularFile`, with errors that name the file and the errno, or the line that
/// is not UTF-8, so a message can say exactly why a file could not be used.
public enum TextFile {
    /// The largest text file read unless a caller says otherwise: 1 MiB (a configuration or a
    /// board profile is a few kilobytes).
    public static let defaultLimit = 1 << 20

    /// The whole file at `path` as UTF-8 text, without a leading byte order mark: a regular file
    /// of at most `limit` bytes (`RegularFile.read`: never a FIFO, a device or a folder).
    public static func read(path: String, limit: Int = TextFile.defaultLimit) throws(TextFileError) -> String {
        switch RegularFile.read(path, limit: limit) {
        case .success(let bytes): return try text(of: bytes, path: path)
        case .failure(.cannotOpen(let error)), .failure(.cannotRead(let error)):
            throw TextFileError(path: path, cause: .unreadable(error))
        case .failure(let failure): throw TextFileError(path: path, cause: .refused(failure))
        }
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
}
