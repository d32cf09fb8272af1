import TOMLKit

/// A TOML file parsed, with the line of each key: what `TOMLReader` reads.
public struct TOMLDocument {
    /// The file, as it was named (used in messages only).
    public let path: String
    /// The top of the document.
    let root: TOMLTable
    /// Where each key was written.
    public let locator: TOMLKeyLocator

    /// Parses `text`, the contents of the file named `path`.
    ///
    /// Throws a `.syntax` issue with line and column when the text is not TOML, including the
    /// inputs `TOMLGuard` keeps away from TOMLKit.
    public init(text: String, path: String) throws(FileIssue) {
        if let problem = TOMLGuard.problem(in: text) {
            throw FileIssue(kind: .syntax, path: path, line: problem.line, column: problem.column,
                            message: "TOML syntax error: \(problem.reason)")
        }
        do {
            root = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            let begin = error.source.begin
            throw FileIssue(kind: .syntax, path: path, line: begin.line, column: begin.column,
                            message: "TOML syntax error: \(error.description)")
        } catch {
            throw FileIssue(kind: .syntax, path: path, message: "TOML syntax error: \(error)")
        }
        self.path = path
        locator = TOMLKeyLocator(text: text)
    }

    /// The document's top table, at the empty path.
    public var top: TOMLValue { TOMLValue(path: [], raw: root) }
}
