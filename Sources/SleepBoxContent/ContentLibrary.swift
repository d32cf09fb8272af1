import Foundation
import SleepBoxTOML
import Logging
import SleepBoxAudio
import SleepBoxCore

/// Everything the box can play: the bundled library and the owner's, read from their folders
/// (docs/content.md, "Folders and ids"), each item a core `ContentItem` with its metadata.
///
/// - Ids are unique across both libraries. An owner's item that reuses a bundled id (or any id
///   already taken) is left out and reported as an error: the bundled item keeps its id, so
///   what the box remembers about it (where you got to) stays right.
/// - A file that cannot be parsed is left out and its errors are kept in `problems`.
/// - A recording whose audio file is missing is listed as coming soon (`isAvailable == false`).
/// - Durations: recordings are measured, timelines and generators are what their file says,
///   scripts are exact when the voice has every stretch cached and estimated otherwise
///   (`ContentEntry.durationIsEstimate`).
public struct ContentLibrary: Sendable {
    /// The items, bundled first, each library in folder order (as `ContentFolder` lists them),
    /// then by id.
    public private(set) var entries: [ContentEntry]
    /// What was found while loading: errors for files left out, warnings and notes for the rest.
    public private(set) var problems: [FileIssue]
    /// The bundled library's folder.
    public let bundledPath: String
    /// The owner's library folder, if any.
    public let userPath: String?
    /// How speech lengths are worked out.
    public private(set) var timing: SpeechTiming
    /// The engine format.
    public let format: AudioFormat

    /// Loads both libraries. Never throws: what is wrong is in `problems` (and `check()`).
    ///
    /// - Parameters:
    ///   - bundled: the bundled `content/` folder (an error when it is missing).
    ///   - user: the owner's library folder (fine when missing: no items of their own yet).
    ///   - speech: the voice, asked for cached clip lengths (exact script durations).
    ///   - languageVoices: voices for items in other languages, by code (`SpeechTiming.languageCode`).
    ///   - wordsPerMinute: the rate for estimates.
    ///   - format: the engine format (for measuring recordings).
    ///   - logger: gets a summary line and one line per error.
    public static func load(bundled: String, user: String? = nil, speech: (any SpeechRenderer)? = nil,
                            languageVoices: [String: any SpeechRenderer] = [:],
                            wordsPerMinute: Double = SpeechTiming.defaultWordsPerMinute,
                            format: AudioFormat = .engine, logger: Logger? = nil) -> ContentLibrary {
        var timing = SpeechTiming(speech: speech, wordsPerMinute: wordsPerMinute, format: format)
        timing.languageVoices = languageVoices
        let loader = ContentLoader(timing: timing, format: format)
        var library = ContentLibrary(entries: [], problems: [], bundledPath: bundled, userPath: user,
                                     timing: timing, format: format)
        let own = loader.loadLibrary(at: bundled, origin: .bundled, mustExist: true)
        library.problems += own.issues
        library.add(library.laidOut(own.entries))
        if let user {
            let theirs = loader.loadLibrary(at: user, origin: .user, mustExist: false)
            library.problems += theirs.issues
            library.add(library.laidOut(theirs.entries))
        }
        library.resolveMixes()
        library.checkExplainers()
        library.problems.sort(by: FileIssue.byLocation)
        if let logger {
            let comingSoon = library.entries.count { !$0.item.isAvailable }
            let errors = library.problems.filter { $0.severity == .error }
            logger.info("content: \(library.entries.count) items (\(comingSoon) coming soon), \(errors.count) errors")
            for issue in errors { logger.error("\(issue.description)") }
        }
        return library
    }

    /// A warning for each `explained_by` id the library has no item of (the detail page leaves it out).
    private mutating func checkExplainers() {
        let ids = Set(entries.map(\.id))
        for entry in entries {
            guard case .generator(let generator) = entry.body else { continue }
            for id in generator.explainedBy where !ids.contains(id) {
                problems.append(FileIssue(.warning, path: entry.path, message:
                    "explained_by names \"\(id)\", but the library has no item with that id: the detail page leaves it out"))
            }
        }
    }

    private init(entries: [ContentEntry], problems: [FileIssue], bundledPath: String, userPath: String?,
                 timing: SpeechTiming, format: AudioFormat) {
        self.entries = entries
        self.problems = problems
        self.bundledPath = bundledPath
        self.userPath = userPath
        self.timing = timing
        self.format = format
    }

    /// `entries` with the timelines whose layout has errors (speech that overlaps the next part
    /// or runs past the end) made unavailable, like a recording whose file is broken: they could
    /// never be prepared, so the box never picks them. Their problems go to `problems`, exactly as
    /// `content check` reports them.
    private mutating func laidOut(_ entries: [ContentEntry]) -> [ContentEntry] {
        entries.map { entry in
            guard case .timeline(let timeline) = entry.body else { return entry }
            let issues = Self.layoutIssues(timeline, timing: timing, format: format)
            problems += issues
            var checked = entry
            if issues.contains(where: { $0.severity == .error }) { checked.item.isAvailable = false }
            return checked
        }
    }

    /// Adds entries whose id is not taken yet; the others are reported.
    private mutating func add(_ new: [ContentEntry]) {
        var taken: [ItemID: ContentEntry] = [:]
        for entry in entries { taken[entry.id] = entry }
        for entry in new {
            if let first = taken[entry.id] {
                let message: String
                if first.origin == .bundled, entry.origin == .user {
                    message = "the id \"\(entry.id)\" is already used by the bundled item \(first.path); your items must not reuse a bundled id: rename this file (this item is left out)"
                } else {
                    message = "the id \"\(entry.id)\" is already used by \(first.path); ids are unique across the whole library, every folder together: rename one of the files (this one is left out)"
                }
                problems.append(FileIssue(.error, path: entry.path, message: message))
                continue
            }
            taken[entry.id] = entry
            entries.append(entry)
        }
    }

    // MARK: Mixes

    /// Finds every mix's layers in the library; a layer naming no playable sound is an error on
    /// its line and is left out (the mix plays its other layers; with none left it is
    /// unavailable).
    private mutating func resolveMixes() {
        for index in entries.indices {
            let result = resolved(entries[index])
            entries[index] = result.entry
            problems += result.issues
        }
    }

    /// `entry` with its layers found, when it is a mix, and what is wrong with them.
    func resolved(_ entry: ContentEntry) -> (entry: ContentEntry, issues: [FileIssue]) {
        guard case .mix(var mix) = entry.body else { return (entry, []) }
        var issues: [FileIssue] = []
        for (n, layer) in mix.layers.enumerated() {
            let problem: String
            let other = self.entry(layer.sound)
            switch other?.body {
            case .generator(let item)?:
                mix.layers[n].resolved = .generator(item)
                continue
            case .audio(let item, let isPresent)? where isPresent && other?.item.isAvailable == true:
                mix.layers[n].resolved = .recording(path: item.audioPath)
                continue
            case .audio?:
                problem = "\"\(layer.sound)\" is coming soon (its audio file is not there)"
            case nil:
                let ids = entries.filter { $0.sourceKind == .generator || $0.sourceKind == .audio }.map(\.id)
                problem = Suggestion.appending(to: "there is no item \"\(layer.sound)\" in the library", for: layer.sound, among: ids)
            case .mix?, .script?, .timeline?:
                problem = "\"\(layer.sound)\" is not a sound a mix can play (an ambient generator or a recording)"
            }
            issues.append(FileIssue(.error, path: entry.path, line: layer.line, key: "layer.sound",
                                    message: "layer \(n + 1), sound: \(problem) (the mix plays its other layers)"))
        }
        var checked = entry
        checked.body = .mix(mix)
        if mix.playableLayers.isEmpty {
            checked.item.isAvailable = false
            issues.append(FileIssue(.error, path: entry.path, message: "no layer of this mix can play: it is listed but never played"))
        }
        return (checked, issues)
    }

    // MARK: Looking up

    /// The entry with `id`.
    public func entry(_ id: ItemID) -> ContentEntry? { entries.first { $0.id == id } }

    /// The core's items, in library order, with what their detail pages show: the file's
    /// narrator and description, the language of a spoken item (as its voice is chosen: English
    /// when the file names none), a tone's rate and the items that explain it.
    public var items: [ContentItem] {
        entries.map { entry in
            var item = entry.item
            item.durationIsEstimate = entry.durationIsEstimate
            item.narrator = entry.narrator
            item.description = entry.description
            item.isSpoken = entry.body.isSpoken
            switch entry.body {
            case .script, .timeline:
                item.language = SpeechTiming.languageCode(entry.language)
            case .audio:
                item.language = entry.language
            case .generator(let generator):
                item.beatHz = generator.generator.toneStyle == nil ? nil : generator.state?.beatHz
                item.explainedBy = generator.explainedBy
            case .mix:
                break
            }
            return item
        }
    }

    /// The core's catalog: every item (coming soon ones included, which the core never plays),
    /// with the pools from the configuration.
    public func catalog(pools: [Mode: [ContentKind]] = Catalog.defaultPools) -> Catalog {
        Catalog(items: items, pools: pools)
    }

    // MARK: Checking

    /// Every problem of the library, in file and line order: what loading found, plus for each
    /// timeline that nothing overlaps and that bells are clear of speech (estimating speech at
    /// `timing`'s rate, or exact where the voice has the clips cached).
    public func check() -> [FileIssue] {
        // The timelines' layout was checked when the library was loaded (see `laidOut`).
        problems.sorted(by: FileIssue.byLocation)
    }

    /// The layout problems of `timeline` (overlaps are errors, speech near bells warnings), with
    /// speech lengths estimated at `timing`'s rate unless its voice has them cached.
    public static func layoutIssues(of timeline: Timeline, timing: SpeechTiming = SpeechTiming(),
                                    format: AudioFormat = .engine) -> [FileIssue] {
        layoutIssues(timeline, timing: timing, format: format)
    }

    /// Checks one file, in a library folder or not (`sleepbox content check FILE`): its parse
    /// problems, its id, and for a timeline the timing.
    public static func checkFile(at path: String, speech: (any SpeechRenderer)? = nil,
                                 wordsPerMinute: Double = SpeechTiming.defaultWordsPerMinute,
                                 format: AudioFormat = .engine) -> [FileIssue] {
        checkedFile(at: path, timing: SpeechTiming(speech: speech, wordsPerMinute: wordsPerMinute, format: format),
                    format: format).issues
    }

    /// Checks one file as `checkFile` does, and against this library: an id that another file of
    /// the library already uses (a bundled one above all) is an error, as it is when loading.
    public func check(fileAt path: String) -> [FileIssue] {
        checkedEntry(fileAt: path).issues
    }

    /// Checks one file as `check(fileAt:)` does, and gives the item it holds too (nil when the
    /// file could not be read as one), with its length worked out as the library's are (exact
    /// when the voice has its speech cached).
    public func checkedEntry(fileAt path: String) -> (entry: ContentEntry?, issues: [FileIssue]) {
        var (entry, issues) = Self.checkedFile(at: path, timing: timing, format: format)
        if let checked = entry {
            let resolved = resolved(checked)
            entry = resolved.entry
            issues += resolved.issues
        }
        if let entry, let other = self.entry(entry.id), Self.realPath(other.path) != Self.realPath(path) {
            let message: String
            if other.origin == .bundled, !Self.realPath(path).hasPrefix(Self.realPath(bundledPath) + "/") {
                message = "the id \"\(entry.id)\" is already used by the bundled item \(other.path); your items must not reuse a bundled id: rename this file (this item is left out)"
            } else {
                message = "the id \"\(entry.id)\" is already used by \(other.path); ids are unique across the whole library, every folder together: rename one of the files (this one is left out)"
            }
            issues.append(FileIssue(.error, path: path, message: message))
        }
        return (entry, issues.sorted(by: FileIssue.byLocation))
    }

    private static func checkedFile(at path: String, timing: SpeechTiming,
                                    format: AudioFormat) -> (entry: ContentEntry?, issues: [FileIssue]) {
        let loader = ContentLoader(timing: timing, format: format)
        let parts = path.split(separator: "/")
        let folder = parts.count >= 2 ? ContentFolder(rawValue: String(parts[parts.count - 2])) : nil
        let result = loader.loadFile(path, folder: folder, origin: .user)
        var issues = result.issues
        if let entry = result.entry, case .timeline(let timeline) = entry.body {
            issues += layoutIssues(timeline, timing: timing, format: format)
        }
        return (result.entry, issues.sorted(by: FileIssue.byLocation))
    }

    /// `path` with links and `..` resolved (as given when it cannot be).
    private static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func layoutIssues(_ timeline: Timeline, timing: SpeechTiming, format: AudioFormat) -> [FileIssue] {
        var isEstimate = false
        func frames(_ parts: [ScriptPart]) -> Int {
            let result = timing.frames(of: parts, language: timeline.language)
            isEstimate = isEstimate || result.isEstimate
            return result.frames
        }
        let segments = timeline.segments.map { frames($0.parts) }
        let options = timeline.interjections.map { $0.options.map { frames($0.parts) } }
        return TimelineLayout(timeline: timeline, format: format, segmentFrames: segments, optionFrames: options,
                              isMeasured: !isEstimate).issues()
    }

    /// True when the voice has every stretch of `entry`'s speech in its cache already (checked
    /// from the cache files' headers, without loading the sound).
    public func isSpeechCached(_ entry: ContentEntry) -> Bool {
        timing.speech(forLanguage: entry.language) != nil
            && entry.spokenParts.allSatisfy { !timing.frames(of: $0, language: entry.language).isEstimate }
    }

    // MARK: Durations

    /// Reads the items in other languages with these voices (by code, `SpeechTiming.languageCode`),
    /// and works their script durations out again with them.
    public mutating func useLanguageVoices(_ voices: [String: any SpeechRenderer]) {
        timing.languageVoices = voices
        refreshDurations(speech: timing.speech)
    }

    /// Reads everything with these voices from now on (the owner changed the voice's speed or
    /// the language), and works the script durations out again with them.
    public mutating func useVoices(speech: (any SpeechRenderer)?, languageVoices: [String: any SpeechRenderer]) {
        timing.languageVoices = languageVoices
        refreshDurations(speech: speech)
    }

    /// Works the script durations out again, with `speech`'s cache (after clips were rendered,
    /// estimates become exact).
    public mutating func refreshDurations(speech: (any SpeechRenderer)?) {
        timing.speech = speech
        for index in entries.indices {
            guard case .script(let script) = entries[index].body else { continue }
            let duration = timing.seconds(of: script.parts, language: script.header.language)
            entries[index].item.duration = duration.seconds
            entries[index].durationIsEstimate = duration.isEstimate
        }
    }
}
