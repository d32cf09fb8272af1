import Foundation
import SleepBoxContent
import SleepBoxCore
import SleepBoxTOML

extension ContentTool {
    /// An added item: where it goes and what checking it found. When an issue is an error the
    /// item was not kept (`kept` is false) and nothing was written: the issues then name the
    /// owner's own file and its lines.
    public struct Addition: Sendable, Equatable {
        public var id: String
        public var path: String
        public var issues: [String]
        public var kept: Bool
    }

    /// Adds the owner's item: an audio file is copied into `recordings/` with a header next to
    /// it; a text gets a header and goes into its kind's folder, to be read by the voice.
    ///
    /// The item is put together and checked in a folder of its own first; only an item without
    /// errors is moved into the owner's library, so a failed add leaves the library exactly as
    /// it was. What the options must say is checked before anything else, and a refusal names
    /// the option to give or fix (`--id`, `--source`, ...).
    ///
    /// - Parameters:
    ///   - id: the item's id; nil makes one from the kind's folder and the title
    ///     (`poem-the-evening-lamp`, with `-2`, `-3` ... when that is taken).
    ///   - author: nil keeps the text's own `author:` line, else `me`.
    ///   - source: nil keeps the text's own `source:` line (a poem needs one or the other).
    public func add(kind: Kind, title: String, id: String? = nil, author: String? = nil, source: String?,
                    file: String) throws -> Addition {
        let ext = URL(fileURLWithPath: file).pathExtension.lowercased()
        let isAudio = ContentID.audioExtensions.contains(ext)
        let folder = isAudio ? ContentFolder.recordings : Self.folder(for: kind)
        let title = title.trimmingCharacters(in: .whitespaces)
        guard !title.isEmpty else { throw ContentToolError.option("--title", "the title is empty: give the name shown on the display") }
        guard !title.contains(where: \.isNewline) else { throw ContentToolError.option("--title", "the title must be one line") }
        if let author, author.trimmingCharacters(in: .whitespaces).isEmpty || author.contains(where: \.isNewline) {
            throw ContentToolError.option("--author", "the author must be one line of text, e.g. --author \"your name\"")
        }
        if let source, source.trimmingCharacters(in: .whitespaces).isEmpty || source.contains(where: \.isNewline) {
            throw ContentToolError.option("--source", "the source must be one line: the book or collection and the year, e.g. --source \"Flame and Shadow, 1920\"")
        }
        let chosen = try chooseID(given: id, title: title, folder: folder)
        let destination = userFolder + "/" + folder.rawValue
        let stage = FileManager.default.temporaryDirectory.path + "/sleepbox-add-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: stage) }
        try FileManager.default.createDirectory(atPath: stage + "/" + folder.rawValue, withIntermediateDirectories: true)
        let staged = stage + "/" + folder.rawValue + "/" + chosen

        if isAudio {
            let audioName = chosen + "." + ext
            let absolute = URL(fileURLWithPath: file).standardizedFileURL.path
            guard FileManager.default.isReadableFile(atPath: absolute) else {
                throw ContentToolError.unreadableText(issues: ["\(file): cannot read the file"])
            }
            try FileManager.default.createSymbolicLink(atPath: staged + "." + ext, withDestinationPath: absolute)
            let author = author ?? "me"
            let toml = """
                title = \(Self.tomlString(title))
                kind = "\(kind.rawValue)"
                author = \(Self.tomlString(author))
                narrator = \(Self.tomlString(author))
                description = \(Self.tomlString(title))
                audio = "\(audioName)"

                """
            try toml.write(toFile: staged + ".toml", atomically: true, encoding: .utf8)
            let issues = Self.located(ContentLibrary.checkFile(at: staged + ".toml"), staged: stage, file: file, lines: [])
            let written = destination + "/" + chosen + ".toml"
            guard !issues.contains(where: { $0.severity == .error }) else {
                return Addition(id: chosen, path: written, issues: issues.map(\.description), kept: false)
            }
            try FileManager.default.createDirectory(atPath: destination, withIntermediateDirectories: true)
            let audio = destination + "/" + audioName
            let partial = destination + "/." + audioName + ".part"
            do {
                try FileManager.default.copyItem(atPath: absolute, toPath: partial)
                try FileManager.default.moveItem(atPath: partial, toPath: audio)
                try toml.write(toFile: written, atomically: true, encoding: .utf8)
            } catch {
                try? FileManager.default.removeItem(atPath: partial)
                try? FileManager.default.removeItem(atPath: audio)
                throw error
            }
            return Addition(id: chosen, path: written, issues: issues.map(\.description), kept: true)
        }

        guard kind != .ambient else {
            throw ContentToolError.option("--kind", "a text is read by the voice and cannot be ambient (ambient is for audio files): give one of \(ScriptHeader.spokenKinds.map(\.rawValue).joined(separator: ", "))")
        }
        let text: String
        do { text = try ContentText.read(path: file) } catch {
            // Not UTF-8, not a regular file, too large: the issues name the line and column.
            throw ContentToolError.unreadableText(issues: error.issues.map(\.description))
        }
        let own = Self.ownHeader(of: text)
        guard kind != .poem || source != nil || own.source != nil else {
            throw ContentToolError.option("--source", "a poem needs its source: give --source \"<book or collection>, <year>\", e.g. --source \"Flame and Shadow, 1920\" (see \"Poems and rights\" in docs/content.md)")
        }
        // Each line of the text as written, with the line of the owner's file it came from
        // (nil for the header lines made from the options).
        var lines: [(text: String, from: Int?)] = [("title: \(title)", nil), ("kind: \(kind.rawValue)", nil)]
        lines.append(("author: \(author ?? own.author ?? "me")", author == nil ? own.authorLine : nil))
        if let value = source ?? own.source { lines.append(("source: \(value)", source == nil ? own.sourceLine : nil)) }
        lines += own.otherLines
        lines.append(("---", own.separatorLine))
        var textLines = ContentText.lines(text)
        if textLines.last == "" { textLines.removeLast() }
        let body = textLines.enumerated().dropFirst(own.separatorLine ?? 0)
        lines += body.map { ($0.element, $0.offset + 1) }
        let composed = lines.map(\.text).joined(separator: "\n") + "\n"
        try composed.write(toFile: staged + ".txt", atomically: true, encoding: .utf8)
        let issues = Self.located(ContentLibrary.checkFile(at: staged + ".txt"), staged: stage, file: file, lines: lines.map(\.from))
        let written = destination + "/" + chosen + ".txt"
        guard !issues.contains(where: { $0.severity == .error }) else {
            return Addition(id: chosen, path: written, issues: issues.map(\.description), kept: false)
        }
        try FileManager.default.createDirectory(atPath: destination, withIntermediateDirectories: true)
        try composed.write(toFile: written, atomically: true, encoding: .utf8)
        return Addition(id: chosen, path: written, issues: issues.map(\.description), kept: true)
    }

    /// The id to add under: `given` when it is an id no item has, else one made from the title.
    private func chooseID(given: String?, title: String, folder: ContentFolder) throws(ContentToolError) -> String {
        if let given {
            if let problem = ContentID.problem(with: given) { throw .option("--id", problem) }
            if let holder = holder(of: given) { throw .option("--id", "the id \"\(given)\" is already used by \(holder): give another --id") }
            return given
        }
        let base = Self.id(from: title, prefix: Self.idPrefix(for: folder))
        if let problem = ContentID.problem(with: base) ?? (base == Self.idPrefix(for: folder) ? "the title has no letters or digits a-z, 0-9" : nil) {
            throw .option("--id", "cannot make an id from the title \"\(title)\" (\(problem)): give one with --id, e.g. --id \(Self.idPrefix(for: folder))-my-item")
        }
        if holder(of: base) == nil { return base }
        for n in 2...999 {
            let suffix = "-\(n)"
            let stem = String(base.prefix(ContentID.maxLength - suffix.count))
            let candidate = (stem.hasSuffix("-") ? String(stem.dropLast()) : stem) + suffix
            if holder(of: candidate) == nil { return candidate }
        }
        throw .option("--id", "every id made from the title \"\(title)\" is taken: give one with --id")
    }

    /// The file that holds `id` already: an item of either library, or a file of the owner's
    /// library with that name (one left out for its errors, a recording's audio).
    private func holder(of id: String) -> String? {
        if let entry = content.library.entry(id) { return entry.path }
        let names = ["txt", "toml", "timeline.toml"] + ContentID.audioExtensions
        for folder in ContentFolder.allCases {
            for name in names {
                let path = userFolder + "/" + folder.rawValue + "/" + id + "." + name
                if FileManager.default.fileExists(atPath: path) { return path }
            }
        }
        return nil
    }

    /// The header a text to add may already have: the keys the options may replace and the lines
    /// of the others (kept as they are), with the lines they stand on.
    struct OwnHeader {
        var author: String?
        var authorLine: Int?
        var source: String?
        var sourceLine: Int?
        var otherLines: [(text: String, from: Int?)] = []
        /// The 1-based line of the `---` that ends the header; nil when the text has none.
        var separatorLine: Int?
    }

    /// The text's own header, when it starts with `key: value` lines of known keys (and comments)
    /// ended by `---`; an empty one when the whole text is to be read.
    static func ownHeader(of text: String) -> OwnHeader {
        let lines = ContentText.lines(text)
        guard let end = lines.firstIndex(of: "---") else { return OwnHeader() }
        var header = OwnHeader(separatorLine: end + 1)
        for (index, line) in lines[..<end].enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { header.otherLines.append((line, index + 1)); continue }
            guard let colon = trimmed.firstIndex(of: ":") else { return OwnHeader() }
            let key = trimmed[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard ScriptParser.knownKeys.contains(key) else { return OwnHeader() }
            switch key {
            case "title", "kind": continue
            case "author": header.author = value.isEmpty ? nil : value; header.authorLine = index + 1
            case "source": header.source = value.isEmpty ? nil : value; header.sourceLine = index + 1
            default: header.otherLines.append((line, index + 1))
            }
        }
        return header
    }

    /// `issues` of the staged file told of the owner's `file`: each staged line at the line it
    /// came from (`lines[n - 1]`), a line made from the options without one.
    static func located(_ issues: [FileIssue], staged: String, file: String, lines: [Int?]) -> [FileIssue] {
        issues.map { issue in
            var located = issue
            guard issue.path.hasPrefix(staged + "/") else { return issue }
            located.path = file
            if let line = issue.line, line >= 1, line <= lines.count, let from = lines[line - 1] {
                located.line = from
            } else {
                located.line = nil
                located.column = nil
            }
            return located
        }
    }

    /// "The Lake Isle of Innisfree" with prefix "poem" -> "poem-the-lake-isle-of-innisfree".
    static func id(from title: String, prefix: String) -> String {
        var out = ""
        for ch in title.lowercased().folding(options: .diacriticInsensitive, locale: nil) {
            if ch.isASCII && (ch.isLetter || ch.isNumber) { out.append(ch) } else if !out.hasSuffix("-") && !out.isEmpty { out.append("-") }
        }
        let words = String(out.prefix(ContentID.maxLength - prefix.count - 1)).trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        return words.isEmpty ? prefix : prefix + "-" + words
    }

    /// The short name the bundled ids of a folder start with (docs/content.md, "Folders and ids").
    static func idPrefix(for folder: ContentFolder) -> String {
        switch folder {
        case .yogaNidra: return "nidra"
        case .breathing: return "breath"
        case .meditations: return "med"
        case .hypnosis: return "hypno"
        case .affirmations: return "affirm"
        case .stories: return "story"
        case .poems: return "poem"
        case .science: return "science"
        case .ambient: return "ambient"
        case .tones: return "tone"
        case .mixes: return "mix"
        case .recordings: return "rec"
        }
    }

    static func tomlString(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    static func folder(for kind: Kind) -> ContentFolder {
        switch kind {
        case .yogaNidra: return .yogaNidra
        case .breathing: return .breathing
        case .meditation: return .meditations
        case .hypnosis: return .hypnosis
        case .affirmation: return .affirmations
        case .story: return .stories
        case .poem: return .poems
        case .science: return .science
        case .ambient: return .ambient
        }
    }
}
