import Foundation
import SleepBoxAudio
import SleepBoxCore
import SleepBoxTOML
import SleepBoxSystem

/// Reads content folders and single content files into entries and issues. `ContentLibrary`
/// uses it; it holds no state beyond what it was given.
struct ContentLoader {
    /// Estimates or exact lengths of speech.
    let timing: SpeechTiming
    /// The engine format, for measuring audio files.
    let format: AudioFormat

    /// What a content file is, from its name and folder.
    enum FileType: Equatable {
        case script, timeline, generator, recording, mix
    }

    // MARK: Folders

    /// Every item under `root` (a library with the folders of `ContentFolder`), and what is wrong.
    /// A missing root is an error only when `mustExist`.
    func loadLibrary(at root: String, origin: ContentEntry.Origin, mustExist: Bool) -> (entries: [ContentEntry], issues: [FileIssue]) {
        var entries: [ContentEntry] = []
        var issues: [FileIssue] = []
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            if mustExist {
                issues.append(FileIssue(.error, path: root, message: "the content folder is not there (or is not a folder)"))
            }
            return ([], issues)
        }
        let names = ((try? manager.contentsOfDirectory(atPath: root)) ?? []).sorted()
        for name in names where !name.hasPrefix(".") {
            let path = Self.join(root, name)
            guard isFolder(path) else {
                issues.append(FileIssue(.warning, path: path, message: "ignored: files belong in one of the folders \(ContentFolder.namesText)"))
                continue
            }
            if ContentFolder(rawValue: name) == nil {
                let message = Suggestion.appending(to: "ignored: \"\(name)\" is not a folder the box reads", for: name,
                                                       among: ContentFolder.allCases.map(\.rawValue))
                issues.append(FileIssue(.warning, path: path, message: message + " (the folders are \(ContentFolder.namesText))"))
            }
        }
        for folder in ContentFolder.allCases where names.contains(folder.rawValue) {
            let result = loadFolder(Self.join(root, folder.rawValue), folder: folder, origin: origin)
            entries += result.entries
            issues += result.issues
        }
        return (entries, issues)
    }

    private func loadFolder(_ path: String, folder: ContentFolder, origin: ContentEntry.Origin) -> (entries: [ContentEntry], issues: [FileIssue]) {
        var entries: [ContentEntry] = []
        var issues: [FileIssue] = []
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
        var audioFiles: [String] = []
        for name in names where !name.hasPrefix(".") {
            let file = Self.join(path, name)
            if isFolder(file) {
                issues.append(FileIssue(.warning, path: file, message: "ignored: folders inside \(folder.rawValue)/ are not read; put the files directly in \(folder.rawValue)/"))
                continue
            }
            if folder == .recordings, let ext = name.split(separator: ".").last, name.contains("."),
               ContentID.audioExtensions.contains(String(ext)) {
                audioFiles.append(name)
                continue
            }
            let result = loadFile(file, folder: folder, origin: origin)
            issues += result.issues
            if let entry = result.entry { entries.append(entry) }
        }
        let named = Set(entries.compactMap { entry -> String? in
            if case .audio(let item, _) = entry.body { return item.audioName }
            return nil
        })
        for name in audioFiles where !named.contains(name) {
            issues.append(FileIssue(.note, path: Self.join(path, name), message: "no item in recordings/ names this file as its audio, so it is never played"))
        }
        return (entries, issues)
    }

    // MARK: Files

    /// Loads one file: an entry, or nil when it cannot be an item; and its issues.
    func loadFile(_ path: String, folder: ContentFolder?, origin: ContentEntry.Origin) -> (entry: ContentEntry?, issues: [FileIssue]) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let type: FileType
        let id: String
        if name.hasSuffix(".timeline.toml") {
            type = .timeline
            id = String(name.dropLast(".timeline.toml".count))
        } else if name.hasSuffix(".txt") {
            type = .script
            id = String(name.dropLast(".txt".count))
        } else if name.hasSuffix(".toml") {
            id = String(name.dropLast(".toml".count))
            switch folder {
            case .ambient, .tones: type = .generator
            case .mixes: type = .mix
            case .recordings: type = .recording
            case .some(let other):
                return (nil, [FileIssue(.error, path: path, message: "a .toml file in \(other.rawValue)/ must be a guided timeline named \(id).timeline.toml; ambient generators go in ambient/ (tones in tones/), mixes in mixes/, recordings in recordings/")])
            case .none:
                guard let guessed = Self.guessTOMLType(path) else {
                    return (nil, [FileIssue(.error, path: path, message: "cannot tell what this .toml file is: an ambient generator has a generator key, a mix [[layer]] tables, a recording an audio key; a timeline is named <id>.timeline.toml")])
                }
                type = guessed
            }
        } else {
            return (nil, [FileIssue(.warning, path: path, message: "ignored: not a content file (a script is <id>.txt, a timeline <id>.timeline.toml, an ambient, mix or recording item <id>.toml)")])
        }
        if let folder {
            if (type == .script || type == .timeline), !folder.holdsSpokenItems {
                return (nil, [FileIssue(.error, path: path, message: "\(type == .script ? "a spoken script" : "a guided timeline") does not belong in \(folder.rawValue)/: move it to a spoken folder such as meditations/ or stories/")])
            }
        }
        if let problem = ContentID.problem(with: id) {
            return (nil, [FileIssue(.error, path: path, message: problem)])
        }
        var issues: [FileIssue] = []
        if let hint = ContentID.readabilityHint(for: id) {
            issues.append(FileIssue(.warning, path: path, message: hint))
        }
        do {
            let entry: ContentEntry
            switch type {
            case .script:
                entry = scriptEntry(try ScriptParser.parse(fileAt: path), id: id, folder: folder, origin: origin)
            case .timeline:
                entry = timelineEntry(try TimelineParser.parse(fileAt: path), id: id, folder: folder, origin: origin)
            case .generator:
                entry = generatorEntry(try AmbientParser.parse(fileAt: path), id: id, folder: folder, origin: origin)
            case .mix:
                let mix = try MixParser.parse(fileAt: path)
                entry = ContentEntry(item: ContentItem(id: id, title: mix.title, kind: .ambient, duration: mix.length),
                                     description: mix.description, path: mix.path, folder: folder, origin: origin,
                                     body: .mix(mix))
            case .recording:
                let result = recordingEntry(try RecordingParser.parse(fileAt: path), id: id, folder: folder, origin: origin)
                entry = result.entry
                issues += result.issues
            }
            let limits = Self.limitIssues(entry)
            if !limits.isEmpty { return (nil, issues + entry.body.warnings + limits) }
            return (entry, issues + entry.body.warnings)
        } catch {
            return (nil, issues + error.issues)
        }
    }

    /// For a `.toml` outside a library: a generator when it has `generator`, a recording when it
    /// has `audio`.
    private static func guessTOMLType(_ path: String) -> FileType? {
        guard let text = try? ContentText.read(path: path) else { return nil }
        let keys = TOMLKeyLocator(text: text).lines.keys
        if keys.contains("generator") { return .generator }
        if keys.contains("audio") { return .recording }
        if keys.contains("layer") { return .mix }
        return nil
    }

    /// What makes `entry` too large to be an item: a title, author or description longer than
    /// `ContentItem.maximumTextBytes` (the state file could not keep the title, the display would
    /// measure it at every frame), or a length over `ContentItem.maximumSeconds` (no position in it
    /// could be saved). One error each; the item is left out.
    static func limitIssues(_ entry: ContentEntry) -> [FileIssue] {
        var issues: [FileIssue] = []
        let limit = ContentItem.maximumTextBytes
        for (name, text) in [("title", entry.item.title), ("author", entry.author), ("narrator", entry.narrator),
                             ("description", entry.description)] {
            guard let text, text.utf8.count > limit else { continue }
            issues.append(FileIssue(.error, path: entry.path, message:
                "the \(name) is \(text.utf8.count) bytes long, more than the \(limit) an item may have: shorten it"))
        }
        if !(entry.item.duration <= ContentItem.maximumSeconds) {
            issues.append(FileIssue(.error, path: entry.path, message: "the item plays for \(DurationText.format(entry.item.duration)), "
                + "longer than a year (\(DurationText.format(ContentItem.maximumSeconds))), the most an item may: shorten it"))
        }
        return issues
    }

    // MARK: Entries

    func scriptEntry(_ script: Script, id: ItemID, folder: ContentFolder?, origin: ContentEntry.Origin) -> ContentEntry {
        let header = script.header
        let duration = timing.seconds(of: script.parts, language: header.language)
        var item = ContentItem(id: id, title: header.title, kind: header.kind, duration: duration.seconds)
        item.series = header.series
        item.storyCategory = header.category
        return ContentEntry(item: item,
                            author: header.author, narrator: header.narrator, source: header.source,
                            description: header.description, language: header.language, path: script.path,
                            folder: folder, origin: origin, body: .script(script), durationIsEstimate: duration.isEstimate)
    }

    func timelineEntry(_ timeline: Timeline, id: ItemID, folder: ContentFolder?, origin: ContentEntry.Origin) -> ContentEntry {
        var item = ContentItem(id: id, title: timeline.title, kind: timeline.kind, duration: timeline.totalSeconds,
                               breathing: timeline.breathingGuide)
        item.phases = timeline.guidedPhases
        item.series = timeline.series
        item.storyCategory = timeline.category
        return ContentEntry(item: item,
                     author: timeline.author, narrator: timeline.narrator, description: timeline.description,
                     language: timeline.language, path: timeline.path, folder: folder, origin: origin,
                     body: .timeline(timeline))
    }

    func generatorEntry(_ generator: GeneratorItem, id: ItemID, folder: ContentFolder?, origin: ContentEntry.Origin) -> ContentEntry {
        var item = ContentItem(id: id, title: generator.title, kind: .ambient, duration: generator.length)
        item.needsHeadphones = generator.needsHeadphones
        item.isMixLayer = true
        return ContentEntry(item: item,
                     description: generator.description, path: generator.path, folder: folder, origin: origin,
                     body: .generator(generator))
    }

    /// A recording: available with its measured length when its file is there and readable,
    /// else coming soon (a note) or unreadable (an error).
    func recordingEntry(_ audio: AudioItem, id: ItemID, folder: ContentFolder?, origin: ContentEntry.Origin) -> (entry: ContentEntry, issues: [FileIssue]) {
        var issues: [FileIssue] = []
        let exists = isFile(audio.audioPath)
        var duration = 0.0
        var isAvailable = false
        var audio = audio
        if !exists, let problem = Self.brokenLink(audio.audioPath) {
            issues.append(FileIssue(.error, path: audio.audioPath, message: "cannot play the audio file: \(problem)"))
        } else if !exists {
            issues.append(FileIssue(.note, path: audio.path, message: "coming soon: the audio file \(audio.audioName) is not there yet; copy it next to this file to make the item playable"))
        } else {
            do {
                // Opened at its own rate: its length and rate read, no resampler made for it.
                let source = try FileSource(atItsOwnRate: audio.audioPath)
                audio.sampleRate = source.fileSampleRate
                if let frames = source.lengthFrames {
                    duration = source.format.seconds(frames)
                } else {
                    issues.append(FileIssue(.warning, path: audio.audioPath, message: "the file does not declare its length; the display shows none"))
                }
                if source.lengthFrames != nil, duration < AudioItem.minimumSeconds {
                    issues.append(FileIssue(.error, path: audio.audioPath, message: String(
                        format: "cannot play the audio file: it is %.3f s long, less than the %.1f s a recording must have", duration, AudioItem.minimumSeconds)))
                } else if !SampleGuard.isSound(source, frames: source.format.frames(AudioItem.checkedSeconds)) {
                    issues.append(FileIssue(.error, path: audio.audioPath,
                                            message: "cannot play the audio file: its samples are not finite or far beyond full scale (NaN, infinity, 3e38)"))
                } else {
                    isAvailable = true
                }
            } catch {
                issues.append(FileIssue(.error, path: audio.audioPath, message: "cannot play the audio file: \(error.reason)"))
            }
        }
        var item = ContentItem(id: id, title: audio.title, kind: audio.kind, duration: duration, isAvailable: isAvailable)
        item.isMixLayer = true
        let entry = ContentEntry(item: item, author: audio.author, narrator: audio.narrator, description: audio.description,
                                 language: audio.language, path: audio.path, folder: folder, origin: origin,
                                 body: .audio(audio, isPresent: exists))
        return (entry, issues)
    }

    // MARK: Files and folders

    private func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Why `path`, which is not there to be read, is broken rather than missing: a symbolic link
    /// that leads nowhere or in a loop; nil when nothing is at `path` at all.
    static func brokenLink(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return nil }
        guard stat(path, &info) != 0 else { return nil }
        let code = errno
        if code == ELOOP { return "it is a symbolic link that leads back to itself (a loop)" }
        if code == ENOENT { return "it is a symbolic link to a file that is not there" }
        return "it is a symbolic link that cannot be followed: \(String(cString: strerror(code)))"
    }

    private func isFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
