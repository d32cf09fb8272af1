import SleepBoxSystem
/// Reads a `TOMLDocument` by its `TOMLSchema` into a target value, key by key, collecting every
/// problem as a `FileIssue` with the file, the line of the key and, for a misspelt or misplaced
/// key, a suggestion.
///
/// The configuration, board profiles and content items each declare their sections (keys and how
/// each is read) and call `read(_:into:)`; the typed getters (`string`, `number`, `integer`,
/// `choice`, ...) report wrong types and values out of range the same way for all of them.
public struct TOMLReader {
    /// The document being read.
    public let document: TOMLDocument
    /// What was found so far, in the order it was found.
    public private(set) var issues: [FileIssue] = []
    /// Wrong-type messages say "a whole number" or "a number with a decimal point" rather than
    /// "a number" (board profiles, whose numbers are all whole).
    public var namesNumberKinds: Bool
    /// The names of the schema being read, for unknown-key messages.
    private var outline = TOMLOutline()
    /// Unknown keys listed one by one; the rest are counted in one issue, so that a file of
    /// 400,000 stray keys is read in one cheap pass and reported in a screenful.
    public static let unknownKeysListed = 20
    /// Unknown keys met so far, and whether those past the list are errors (else warnings).
    private var unknownKeyCount = 0
    private var unlistedUnknownAreErrors = false
    /// The first unknown key past the list, where the count of the rest is reported.
    private var firstUnlistedPath: [String]?

    /// A reader of `document`.
    public init(_ document: TOMLDocument, namesNumberKinds: Bool = false) {
        self.document = document
        self.namesNumberKinds = namesNumberKinds
    }

    /// The file, as it was named.
    public var path: String { document.path }

    /// The top of the document.
    public var top: TOMLValue { document.top }

    /// True when an error (not a warning or a note) was found.
    public var hasErrors: Bool { issues.contains { $0.severity == .error } }

    /// The line `path` was written on (or that of its closest enclosing key).
    public func line(of path: [String]) -> Int? { document.locator.line(of: path) }

    // MARK: Reading by schema

    /// Reads the whole document into `target`: every key at the top and in every table by its
    /// declaration; unknown keys and tables, and missing required ones, are reported.
    public mutating func read<Target>(_ schema: TOMLSchema<Target>, into target: inout Target) {
        outline = schema.outline
        let top = document.top
        reportMissing(in: top, schema.top)
        for (key, value) in inFileOrder(top.members ?? []) {
            if let declared = schema.top.key(key) {
                declared.read(&self, value, &target)
            } else if let section = schema.tables.first(where: { $0.name == key }) {
                if let table = table(value) { read(table, section, into: &target) }
            } else {
                unknownKey(value, in: schema.top)
            }
        }
        schema.top.finish?(&self, &target)
        for section in schema.tables where top[section.name] == nil {
            if let missing = section.missing { add(.missingKey, [section.name], "[\(section.name)]: \(missing)") }
        }
        let unlisted = unknownKeyCount - Self.unknownKeysListed
        if unlisted > 0 {
            add(.unknownKey, firstUnlistedPath ?? [], "\(label(firstUnlistedPath ?? [])) and \(unlisted - 1) more: "
                + "\(unlisted) unknown key\(unlisted == 1 ? "" : "s") from here on, not listed one by one "
                + "(the first \(Self.unknownKeysListed) are)",
                severity: unlistedUnknownAreErrors ? .error : .warning)
        }
    }

    /// Reads the keys of `table` by `section` into `target` (a table named in a schema, or one a
    /// key's reader found: an entry of `[[segment]]`, `[breathing]`), then runs `finish`.
    public mutating func read<Target>(_ table: TOMLValue, _ section: TOMLSection<Target>, into target: inout Target) {
        reportMissing(in: table, section)
        for (key, value) in inFileOrder(table.members ?? []) {
            if let declared = section.key(key) {
                declared.read(&self, value, &target)
            } else {
                unknownKey(value, in: section)
            }
        }
        section.finish?(&self, &target)
    }

    /// `members` in the order of their lines (TOMLKit hands them over sorted by name), so that
    /// the unknown keys listed are the first ones in the file.
    private func inFileOrder(_ members: [(key: String, value: TOMLValue)]) -> [(key: String, value: TOMLValue)] {
        members.map { (line: line(of: $0.value.path) ?? Int.max, member: $0) }
            .sorted { $0.line < $1.line }
            .map(\.member)
    }

    private mutating func reportMissing<Target>(in table: TOMLValue, _ section: TOMLSection<Target>) {
        for key in section.keys where table[key.name] == nil {
            switch key.missing {
            case .atKey(let text): report(.missingKey, table.path + [key.name], text)
            case .atTable(let text): report(.missingKey, table.path, text)
            case nil: break
            }
        }
    }

    // MARK: Unknown keys

    private mutating func unknownKey<Target>(_ value: TOMLValue, in section: TOMLSection<Target>) {
        unknownKeyCount += 1
        guard unknownKeyCount <= Self.unknownKeysListed else {
            if case .rejected = outline.unknownKeys { unlistedUnknownAreErrors = true }
            if firstUnlistedPath == nil { firstUnlistedPath = value.path }
            return
        }
        let key = value.key
        let allowed = section.keyNames
        guard case .rejected(let spelling, let tablesIntro) = outline.unknownKeys else {
            let guess = Suggestion.closest(to: key, among: allowed)
            let text = "unknown key \"\(key)\" is ignored" + (guess.map { "; did you mean \($0)?" } ?? "")
            report(.unknownKey, value.path, text + " (keys known \(section.place): \(allowed.joined(separator: ", ")))",
                   severity: .warning, suggestion: guess)
            return
        }
        let tables = outline.tableNames.map { "[\($0)]" }.joined(separator: ", ")
        if value.path.count == 1, value.isTable {
            var message = "[\(key)]: unknown table"
            let guess = spelling ? Suggestion.closest(to: key, among: outline.tableNames) : nil
            if let guess { message += "; did you mean [\(guess)]?" }
            add(.unknownTable, value.path, Quoting.sentence(message) + "\(tablesIntro) \(tables)", suggestion: guess)
            return
        }
        var message = "\(label(value.path)): unknown key"
        var suggestion: String?
        if value.path.count == 1 {
            if let table = outline.table(having: key) {
                message += "; \(key) belongs in the [\(table)] table"
                suggestion = "[\(table)]"
            } else if spelling, let guess = Suggestion.closest(to: key, among: outline.topKeys + outline.tableNames) {
                message += "; did you mean \(guess)?"
                suggestion = guess
            }
            add(.unknownKey, value.path, Quoting.sentence(message)
                + "Allowed at the top: \(outline.topKeys.joined(separator: ", ")), and the tables \(tables)",
                suggestion: suggestion)
            return
        }
        if outline.topKeys.contains(key) {
            message += "; \(key) belongs at the top of the file, above the first [table]"
            suggestion = key
        } else if let other = outline.table(having: key, except: section.name) {
            message += "; \(key) belongs in the [\(other)] table"
            suggestion = "[\(other)]"
        } else if spelling, let guess = Suggestion.closest(to: key, among: allowed) {
            message += "; did you mean \(guess)?"
            suggestion = guess
        }
        add(.unknownKey, value.path, Quoting.sentence(message) + "Allowed in [\(section.name)]: \(allowed.joined(separator: ", "))",
            suggestion: suggestion)
    }

    // MARK: Issues

    /// Records `text` about a value that makes no sense (`.invalidValue`) at `path`; see
    /// `report(_:_:_:entry:severity:suggestion:)`.
    public mutating func report(_ path: [String], _ text: String, entry: Int? = nil,
                                severity: FileIssue.Severity = .error, suggestion: String? = nil) {
        report(.invalidValue, path, text, entry: entry, severity: severity, suggestion: suggestion)
    }

    /// Records `text` about the key at `path`, after its label (`[alarm] time: `, `segment 2, at: `)
    /// and the entry of a list (`entry 3: `), on the key's line.
    public mutating func report(_ kind: FileIssue.Kind, _ path: [String], _ text: String, entry: Int? = nil,
                                severity: FileIssue.Severity = .error, suggestion: String? = nil) {
        let prefix = path.isEmpty ? "" : label(path) + ": "
        let entryText = entry.map { "entry \($0): " } ?? ""
        add(kind, path, prefix + entryText + text, severity: severity, suggestion: suggestion)
    }

    /// Records `message` as it is about the key at `path`, on `line` (by default the key's).
    public mutating func add(_ kind: FileIssue.Kind, _ path: [String], _ message: String, line: Int?? = nil,
                             severity: FileIssue.Severity = .error, suggestion: String? = nil) {
        issues.append(FileIssue(severity, kind: kind, path: self.path, line: line ?? self.line(of: path),
                                key: path.isEmpty ? nil : path.joined(separator: "."), message: message,
                                suggestion: suggestion))
    }

    /// Records an issue found elsewhere (in text a key holds, say).
    public mutating func add(_ issue: FileIssue) {
        issues.append(issue)
    }

    /// How messages name the key at `path`: `time_zone` at the top, `[breathing]` for a table,
    /// `[alarm] time` in a table, `segment 2, at` in the second entry of `[[segment]]`.
    public func label(_ path: [String]) -> String {
        guard let first = path.first, let last = path.last else { return "" }
        let top = document.top[first]
        if path.count == 1 { return top?.isTable == true ? "[\(first)]" : first }
        if top?.isArray == true, let index = Int(path[1]) {
            let entry = "\(first) \(index + 1)"
            return path.count > 2 ? entry + ", " + path[2...].joined(separator: ".") : entry
        }
        return "[\(path.dropLast().joined(separator: "."))] \(last)"
    }
}
