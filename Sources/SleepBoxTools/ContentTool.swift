import Foundation
import Logging
import SleepBoxAudio
import SleepBoxContent
import SleepBoxCore
import SleepBoxTOML
import SleepBoxConfig
import SleepBoxSound
import SleepBoxSystem

/// `sleepbox content`: the library as the configuration and the state folder have it, listed,
/// checked, added to, removed from and rendered. Answers in lines for the command to print.
public struct ContentTool {
    /// The kinds of item an owner can add.
    public typealias Kind = ContentKind

    /// Where the configuration is looked for when none is named.
    public static let defaultConfigPath = "/etc/sleepbox/sleepbox.toml"

    public let content: ContentSetup
    public let devices: DeviceSettings
    /// The box's settings from the same file (what `render` plays as the box would).
    public let config: BoxConfig
    public let stateDirectory: String

    /// Warnings and errors only: the tools print their own results.
    public static var quietLogger: Logger {
        var logger = Logger(label: "sleepbox.content")
        logger.logLevel = .warning
        return logger
    }

    /// Reads the configuration (the factory settings when `configPath` is the default and there
    /// is no file there) and loads the library and the voices. `levelled: false` keeps the
    /// speech as the voices make it, without the box's one loudness (to measure the difference).
    /// `readOnly`: only reading (a check), so nothing is created: no state folder, no speech cache.
    public init(configPath: String, stateDirectory: String, logger: Logger = ContentTool.quietLogger,
                levelled: Bool = true, readOnly: Bool = false) throws(ConfigError) {
        let path = FileManager.default.fileExists(atPath: configPath) || configPath != Self.defaultConfigPath ? configPath : nil
        let zone = ConfigFile.systemTimeZone()
        let file = try path.map { p throws(ConfigError) in try ConfigFile(path: p, defaultTimeZone: zone) }
            ?? ConfigFile(config: BoxConfig(timeZone: zone))
        self.devices = file.devices
        self.config = file.config
        self.stateDirectory = stateDirectory
        content = ContentSetup.load(devices: file.devices, config: file.config, stateDirectory: stateDirectory,
                                    format: AudioFormat(sampleRate: file.devices.sampleRate), logger: logger,
                                    levelled: levelled, creating: !readOnly)
    }

    /// Where the owner's items live: `[paths] user_content`, else `user-content` in the state folder.
    public var userFolder: String { devices.userContentDirectory ?? stateDirectory + "/user-content" }

    // MARK: - list, check, remove

    /// One line per item: id, kind, minutes (`~` when estimated) and title; or one JSON object each
    /// (with the item's `author` and its `credit`, the header's `source:`: a poem's book and year,
    /// a science piece's studies, when it has them; its `description`; its `narrator`, the voice
    /// that really reads it on this box, or a recording's narrator; and for a spoken item the
    /// header's `narrator:`, the voice it was written for, as `narratorInHeader`). The id column is as wide as the longest id:
    /// ids are what the owner types, never cut.
    public func list(json: Bool) -> [String] {
        let idWidth = max(34, content.library.entries.map(\.id.count).max() ?? 0)
        return content.library.entries.map { e in
            let item = e.item
            if json {
                var o: [(String, JSONValue)] = [("id", .string(item.id)), ("title", .string(item.title)),
                                                ("kind", .string(item.kind.rawValue)), ("duration", .number(item.duration)),
                                                ("durationIsEstimate", .bool(e.durationIsEstimate)),
                                                ("available", .bool(item.isAvailable)), ("origin", .string(e.origin.rawValue)),
                                                ("source", .string(e.sourceKind.rawValue)), ("path", .string(e.path))]
                if let a = e.author { o.append(("author", .string(a))) }
                if let c = e.source { o.append(("credit", .string(c))) }
                if let n = narrator(of: e) { o.append(("narrator", .string(n))) }
                if e.body.isSpoken, let wish = e.narrator { o.append(("narratorInHeader", .string(wish))) }
                if let d = e.description { o.append(("description", .string(d))) }
                if let s = item.series { o += [("series", .string(s.series.rawValue)), ("part", .number(Double(s.part)))] }
                if let c = item.storyCategory { o.append(("category", .string(c.rawValue))) }
                return JSONValue.object(o).serialized
            }
            let minutes = String(format: "%5.1f min%@", item.duration / 60, e.durationIsEstimate ? "~" : " ")
            let status = item.isAvailable ? "" : "  (coming soon)"
            return "\(item.id.padding(toLength: idWidth, withPad: " ", startingAt: 0)) \(item.kind.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)) \(minutes)  \(item.title)\(status)"
        }
    }

    /// Who reads `entry` on this box: for a spoken item the voice the box really uses for it (in
    /// the configured language: the natural voice, or espeak-ng when it is not installed or for
    /// another language), whatever its header's `narrator:` wished for; for a recording its
    /// narrator; nil for a sound without words.
    func narrator(of entry: ContentEntry) -> String? {
        guard entry.body.isSpoken else { return entry.narrator }
        let language = content.catalog.item(entry.id)?.language
        return content.catalog.voices.voice(forItemIn: language, boxLanguage: config.language)?.plain
    }

    /// What a check found: the issues (`file:line:column: severity: ...`), for each file checked
    /// on its own a line with its item and length after its issues, a summary, the errors.
    public struct Check: Sendable, Equatable {
        public var issues: [String]
        public var summary: String
        public var errors: Int
    }

    /// Checks the whole library (no `paths`), or each file named and each content file in each
    /// folder named (`.txt` and `.toml`, in name order, subfolders too): its issues, then one
    /// line with its id and its length (`~` and "estimated" until the voice has rendered it).
    /// A path that is neither is an error.
    public func check(paths: [String]) -> Check {
        guard !paths.isEmpty else { return check(file: nil) }
        var lines: [String] = []
        var errors = 0
        var files = 0
        for path in paths {
            let found = Self.contentFiles(at: path)
            if found.isEmpty {
                let issue = FileIssue(.error, path: path, message: Self.isFolder(path)
                                        ? "no content files (.txt, .toml) in this folder"
                                        : "cannot read the file: there is no such file")
                lines.append(issue.description)
                errors += 1
                continue
            }
            for file in found {
                files += 1
                let (entry, issues) = content.library.checkedEntry(fileAt: file)
                lines += issues.map(\.description)
                let own = issues.count { $0.severity == .error }
                errors += own
                let what = entry.map { "\($0.id), \(lengthText($0))" } ?? "left out"
                lines.append("\(file): \(what), \(own) error\(own == 1 ? "" : "s")")
            }
        }
        return Check(issues: lines, summary: "\(Self.counted(files, "file")), \(Self.counted(errors, "error"))",
                     errors: errors)
    }

    /// An item's length for a person: `~8:12 (estimated)` until its speech is rendered, then `8:12`.
    func lengthText(_ entry: ContentEntry) -> String {
        guard entry.item.isAvailable else { return "no length yet (coming soon)" }
        let total = Int(entry.item.duration.rounded())
        let clock = total >= 3600 ? String(format: "%d:%02d:%02d", total / 3600, total / 60 % 60, total % 60)
                                  : String(format: "%d:%02d", total / 60, total % 60)
        return entry.durationIsEstimate ? "~\(clock) (estimated at \(Int(content.library.timing.wordsPerMinute)) words a minute and its pauses)" : clock
    }

    /// `path` when it is a file, the content files in it when it is a folder (sorted, hidden
    /// files left out), nothing when it does not exist.
    public static func contentFiles(at path: String) -> [String] {
        guard isFolder(path) else { return FileManager.default.fileExists(atPath: path) ? [path] : [] }
        guard let walker = FileManager.default.enumerator(atPath: path) else { return [] }
        var found: [String] = []
        while let name = walker.nextObject() as? String {
            let last = (name as NSString).lastPathComponent
            if last.hasPrefix(".") { walker.skipDescendants(); continue }
            guard last.hasSuffix(".txt") || last.hasSuffix(".toml") else { continue }
            let full = (path.hasSuffix("/") ? path : path + "/") + name
            if !isFolder(full) { found.append(full) }
        }
        return found.sorted()
    }

    private static func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }

    /// Checks the whole library, or one file.
    public func check(file: String?) -> Check {
        let issues = file.map { content.library.check(fileAt: $0) } ?? content.library.check()
        let errors = issues.filter { $0.severity == .error }.count
        return Check(issues: issues.map(\.description), summary: (file.map { "\($0): " } ?? "\(Self.counted(content.library.entries.count, "item")), ")
                         + Self.counted(errors, "error"),
                     errors: errors)
    }

    /// "1 error", "2 errors", "0 items".
    static func counted(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// Throws unless `id` is an item id (before loading anything).
    public static func validate(id: String) throws(ContentToolError) {
        guard ContentID.isValid(id) else { throw .notAnID(id) }
    }

    /// Removes one of the owner's items (its text or header, and its audio file).
    public func remove(id: String) throws {
        try Self.validate(id: id)
        guard let entry = content.library.entry(id) else { throw ContentToolError.noItem(id) }
        guard entry.origin == .user else { throw ContentToolError.bundled(id) }
        try FileManager.default.removeItem(atPath: entry.path)
        if case .audio(let item, _) = entry.body { try? FileManager.default.removeItem(atPath: item.audioPath) }
    }
}
