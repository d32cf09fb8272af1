import SleepBoxCore
import SleepBoxTOML

/// Reads spoken scripts (`<id>.txt`): a header of `key: value` lines, a line that is exactly
/// `---`, then the text with its pause markers (docs/content.md, "Spoken script" and "Pauses").
///
/// Every error names the file, line and column and says what to do; all errors of a file are
/// reported together.
public enum ScriptParser {
    /// The header keys the box knows.
    public static let knownKeys = ["title", "kind", "author", "source", "narrator", "description", "language", "pauses", "series", "part",
                                           "category"]

    /// Reads and parses the file at `path` (also the name used in messages).
    public static func parse(fileAt path: String) throws(ContentError) -> Script {
        try parse(text: ContentText.read(path: path), path: path)
    }

    /// Parses the bytes of a file named `path`; an error when they are not UTF-8.
    public static func parse(bytes: [UInt8], path: String) throws(ContentError) -> Script {
        try parse(text: ContentText.decode(bytes, path: path), path: path)
    }

    /// Parses the text of a file named `path` (the name is used in messages only).
    public static func parse(text: String, path: String) throws(ContentError) -> Script {
        let lines = ContentText.lines(text)
        var issues: [FileIssue] = []
        var fields: [String: Field] = [:]
        var separator: Int?
        var strayLines: [Int] = []

        for (index, raw) in lines.enumerated() {
            let number = index + 1
            if raw == "---" {
                separator = index
                break
            }
            let trimmed = ScriptBodyParser.trimmed(raw)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if trimmed.count >= 3, trimmed.allSatisfy({ $0 == "-" }) {
                issues.append(FileIssue(.error, path: path, line: number, column: 1,
                                           message: "the line that ends the header must be exactly --- (three hyphens, nothing else on the line)"))
                separator = index
                break
            }
            guard let colon = raw.firstIndex(of: ":") else {
                strayLines.append(number)
                continue
            }
            let key = ScriptBodyParser.trimmed(String(raw[..<colon]))
            let afterColon = raw[raw.index(after: colon)...]
            let value = ScriptBodyParser.trimmed(String(afterColon))
            let leading = afterColon.prefix { $0.isWhitespace }.count
            let valueColumn = raw.distance(from: raw.startIndex, to: colon) + 2 + leading
            guard knownKeys.contains(key) else {
                if knownKeys.contains(key.lowercased()) {
                    issues.append(FileIssue(.error, path: path, line: number, column: 1,
                                               message: "header keys are lowercase: write \(key.lowercased()): instead of \(key):"))
                } else {
                    let message = Suggestion.appending(to: "unknown header key \"\(key)\" is ignored", for: key, among: knownKeys)
                    issues.append(FileIssue(.warning, path: path, line: number, column: 1,
                                               message: message + " (known keys: \(knownKeys.joined(separator: ", ")))"))
                }
                continue
            }
            if let first = fields[key] {
                issues.append(FileIssue(.error, path: path, line: number, column: 1,
                                           message: "\(key) is given twice (first on line \(first.line)); keep one"))
                continue
            }
            fields[key] = Field(value: value, line: number, column: valueColumn)
        }

        guard let separator else {
            let line = strayLines.first ?? max(1, lines.count)
            throw ContentError(path: path, line: line, column: 1,
                               message: "no --- line: a script is a header of key: value lines, then a line that is exactly ---, then the text")
        }
        let separatorLine = separator + 1
        for line in strayLines {
            issues.append(FileIssue(.error, path: path, line: line, column: 1,
                                       message: "expected key: value in the header (or a comment starting with #); the text goes below the --- line"))
        }

        var reader = HeaderReader(path: path, fields: fields, separatorLine: separatorLine)
        let header = reader.read()
        issues += reader.issues

        let bodyLines = lines[(separator + 1)...].enumerated().map { offset, text in
            ScriptBodyParser.Line(number: separatorLine + 1 + offset, text: text)
        }
        let body = ScriptBodyParser(path: path).parse(bodyLines, mode: header?.declaredPauses)
        issues += body.issues
        if !body.parts.contains(where: { $0.text != nil }) {
            if let unspoken = body.firstUnspoken {
                issues.append(FileIssue(.error, path: path, line: unspoken.line, column: unspoken.column,
                                        message: "there are no words to read, only punctuation or brackets: write the words the voice should read"))
            } else {
                issues.append(FileIssue(.error, path: path, line: separatorLine, column: 1,
                                        message: "there is no text after ---: write the words the voice should read below this line"))
            }
        }

        if let header, !issues.contains(where: { $0.severity == .error }) {
            var complete = header
            complete.pauses = body.mode
            return Script(path: path, header: complete, parts: body.parts,
                          warnings: issues.sorted(by: FileIssue.byLocation))
        }
        throw ContentError(issues)
    }

    /// Parses a stretch of spoken text outside a script file (a timeline segment or
    /// interjection), read like a `marked` script unless `mode` says otherwise. Every part and
    /// issue gets `line`; columns count within the text. Returns the parts and any errors.
    public static func parseSpokenText(_ text: String, path: String, line: Int,
                                       mode: PauseMode = .marked) -> (parts: [ScriptPart], issues: [FileIssue]) {
        let lines = ContentText.lines(text).map { ScriptBodyParser.Line(number: line, text: $0) }
        let result = ScriptBodyParser(path: path).parse(lines, mode: mode)
        return (result.parts, result.issues)
    }

    /// A header value and where it was written.
    struct Field {
        var value: String
        var line: Int
        var column: Int
    }

    /// Checks the header fields and builds the header.
    private struct HeaderReader {
        let path: String
        let fields: [String: Field]
        let separatorLine: Int
        var issues: [FileIssue] = []

        init(path: String, fields: [String: Field], separatorLine: Int) {
            self.path = path
            self.fields = fields
            self.separatorLine = separatorLine
        }

        mutating func read() -> ScriptHeader? {
            let title = required("title", "the name shown on the display")
            let author = required("author", "sleepbox, the poet, or your name")
            let kind = readKind()
            if kind == .poem {
                if let source = fields["source"] {
                    if source.value.isEmpty {
                        error(source.line, source.column, "a poem needs its source: write the book or collection and the year after source:, e.g. source: Flame and Shadow, 1920")
                    }
                } else {
                    let at = fields["kind"]
                    error(at?.line ?? separatorLine, 1, "a poem needs a source: add a line source: <book or collection>, <year> to the header (see \"Poems and rights\" in docs/content.md)")
                }
            }
            var declared: PauseMode?
            if let pauses = fields["pauses"] {
                if let mode = PauseMode(rawValue: pauses.value) {
                    declared = mode
                } else {
                    error(pauses.line, pauses.column, "pauses must be auto or marked, not \"\(pauses.value)\"")
                }
            }
            var language = "en"
            if let field = fields["language"] {
                if field.value.isEmpty {
                    error(field.line, field.column, "language is empty: write en, or remove the line")
                } else {
                    language = field.value
                    if !SpeechTiming.builtInLanguages.contains(SpeechTiming.languageCode(language)) {
                        issues.append(FileIssue(.note, path: path, line: field.line, column: field.column,
                                                   message: "language \"\(language)\": the bundled voices read \(SpeechTiming.builtInLanguages.joined(separator: " and ")) only; a voice for \(language) must be installed"))
                    }
                }
            }
            let series = readSeries()
            var category: StoryCategory?
            if let field = fields["category"] {
                let read = ItemGrouping.category(field.value, kind: kind)
                category = read.category
                if let message = read.error { error(field.line, field.column, message) }
            }
            guard let title, let author, let kind else { return nil }
            return ScriptHeader(title: title, kind: kind, author: author, source: optional("source"),
                                narrator: optional("narrator"), description: optional("description"),
                                language: language, pauses: declared ?? .auto, declaredPauses: declared,
                                series: series, category: category)
        }

        /// `series:` and `part:`, both or neither.
        private mutating func readSeries() -> SeriesPart? {
            let seriesField = fields["series"], partField = fields["part"]
            if let message = ItemGrouping.pairing(hasSeries: seriesField != nil, hasPart: partField != nil) {
                let at = seriesField ?? partField
                error(at?.line ?? separatorLine, at?.column ?? 1, message)
                return nil
            }
            guard let seriesField, let partField else { return nil }
            let series = ItemGrouping.series(seriesField.value)
            if let message = series.error { error(seriesField.line, seriesField.column, message) }
            let part = ItemGrouping.part(partField.value, in: series.series)
            if let message = part.error { error(partField.line, partField.column, message) }
            guard let name = series.series, let number = part.part else { return nil }
            return SeriesPart(series: name, part: number)
        }

        private mutating func required(_ key: String, _ what: String) -> String? {
            guard let field = fields[key] else {
                error(separatorLine, 1, "missing \(key): add a line \(key): <\(what)> to the header, above ---")
                return nil
            }
            guard !field.value.isEmpty else {
                error(field.line, field.column, "\(key) is empty: write \(what) after \(key):")
                return nil
            }
            return field.value
        }

        private func optional(_ key: String) -> String? {
            guard let value = fields[key]?.value, !value.isEmpty else { return nil }
            return value
        }

        private mutating func readKind() -> ContentKind? {
            let names = ScriptHeader.spokenKinds.map(\.rawValue)
            guard let field = fields["kind"] else {
                error(separatorLine, 1, "missing kind: add a line kind: <one of \(names.joined(separator: ", "))> to the header, above ---")
                return nil
            }
            if field.value == ContentKind.ambient.rawValue {
                error(field.line, field.column, "a spoken script cannot be of kind ambient (that is for ambient/<id>.toml generators and recordings); use one of \(names.joined(separator: ", "))")
                return nil
            }
            guard let kind = ContentKind(rawValue: field.value), ScriptHeader.spokenKinds.contains(kind) else {
                let message = Suggestion.appending(to: "unknown kind \"\(field.value)\"", for: field.value, among: names)
                error(field.line, field.column, message + " (one of \(names.joined(separator: ", ")), spelled exactly like this)")
                return nil
            }
            return kind
        }

        private mutating func error(_ line: Int, _ column: Int, _ message: String) {
            issues.append(FileIssue(.error, path: path, line: line, column: column, message: message))
        }
    }
}
