import Foundation

/// Reading content files as UTF-8 text, with errors that say where the text goes wrong.
public enum ContentText {
    /// The file at `path` as text (a leading byte order mark removed). `path` also names the file
    /// in messages.
    public static func read(path: String) throws(ContentError) -> String {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ContentError(path: path, message: "cannot read the file: there is no such file")
        }
        guard !isDirectory.boolValue else {
            throw ContentError(path: path, message: "cannot read the file: it is a folder")
        }
        guard manager.isReadableFile(atPath: path) else {
            throw ContentError(path: path, message: "cannot read the file: permission denied")
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ContentError(path: path, message: "cannot read the file: \((error as NSError).localizedDescription)")
        }
        return try decode([UInt8](data), path: path)
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
