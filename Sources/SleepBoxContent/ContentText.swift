import Foundation
import SleepBoxSystem

/// Reading content files as UTF-8 text, with errors that say where the text goes wrong.
public enum ContentText {
    /// The largest content text file read (a script, a timeline, a header): an hour of speech is
    /// about 60 kB, so 1 MiB leaves room; the parsers are linear, so this bounds their time too.
    public static let sizeLimit = 1 << 20

    /// The file at `path` as text (a leading byte order mark removed). `path` also names the file
    /// in messages. Only a regular file (a link to one is fine) of at most `sizeLimit` bytes is
    /// read (`RegularFile.read`): a FIFO, a device or a folder is refused without waiting.
    public static func read(path: String) throws(ContentError) -> String {
        switch RegularFile.read(path, limit: sizeLimit) {
        case .success(let bytes):
            return try decode(bytes, path: path)
        case .failure(.cannotOpen(let error)) where error.errno == ENOENT:
            throw ContentError(path: path, message: "cannot read the file: there is no such file")
        case .failure(.cannotOpen(let error)) where error.errno == EACCES:
            throw ContentError(path: path, message: "cannot read the file: permission denied")
        case .failure(.notRegular(let what)) where what == "a folder":
            throw ContentError(path: path, message: "cannot read the file: it is a folder")
        case .failure(.notRegular):
            throw ContentError(path: path, message: "cannot read the file: it is not a regular file (a FIFO, a device or a socket)")
        case .failure(.tooLarge(let size, _)):
            throw ContentError(path: path, message: "the file is \(size) bytes, more than the \(sizeLimit) a content file may have: split it")
        case .failure(.grew):
            throw ContentError(path: path, message: "the file grew past \(sizeLimit) bytes while being read")
        case .failure(let failure):
            throw ContentError(path: path, message: "cannot read the file: \(failure.reason)")
        }
    }

    /// `bytes` as UTF-8 text without a leading byte order mark, or an error naming the line and
    /// column of the first byte that is not UTF-8.
    public static func decode(_ bytes: [UInt8], path: String) throws(ContentError) -> String {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        var iterator = body.makeIterator()
        var decoder = UTF8()
        var scalars = String.UnicodeScalarView()
        var line = 1
        var column = 1
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\0" {
                    throw ContentError(path: path, line: line, column: column,
                                       message: "a NUL character is not allowed in a content file: remove it")
                }
                scalars.append(scalar)
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .emptyInput:
                break loop
            case .error:
                throw ContentError(path: path, line: line, column: column,
                                   message: "the file is not UTF-8 text (an invalid byte here): save it as UTF-8")
            }
        }
        return String(scalars)
    }

    /// `text` split into lines on `\n`, each without a trailing `\r` (so `\r\n` files read the
    /// same). Line 1 is index 0.
    public static func lines(_ text: String) -> [String] {
        // Split on scalars: "\r\n" is a single Character, which a Character split would not see.
        text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var scalars = String.UnicodeScalarView(line)
            if scalars.last == "\r" { scalars.removeLast() }
            return String(scalars)
        }
    }
}
