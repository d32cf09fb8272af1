import ArgumentParser
import Foundation
import Logging
import SleepBoxAudio
import SleepBoxContent
import SleepBoxCore
import SleepBoxDaemon
import SleepBoxSpeech

/// `sleepbox content`: list, add, remove, check and render the library.
struct ContentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "content",
        abstract: "The content library: list, add, remove, check, render (docs/content.md).",
        subcommands: [List.self, Add.self, Remove.self, Check.self, Render.self])

    /// The options every content command shares.
    struct Where: ParsableArguments {
        @Option(help: "Configuration file ([paths] content and user_content).")
        var config: String = "/etc/sleepbox/sleepbox.toml"
        @Option(help: "The state folder (the owner's items live in user-content there by default; the voice's cache too).")
        var stateDir: String = "/var/lib/sleepbox"

        func setup(logger: Logger, levelled: Bool = true) throws -> (ContentSetup, DeviceSettings) {
            let path = FileManager.default.fileExists(atPath: config) || config != "/etc/sleepbox/sleepbox.toml" ? config : nil
            let file: ConfigFile
            do { file = try loadConfigFile(path) } catch {
                FileHandle.standardError.write(Data("sleepbox: \(error)\n".utf8))
                throw ExitCode(error.exitCode)
            }
            let content = ContentSetup.load(devices: file.devices, config: file.config, stateDirectory: stateDir,
                                            format: AudioFormat(sampleRate: file.devices.sampleRate), logger: logger,
                                            levelled: levelled)
            return (content, file.devices)
        }

        func userFolder(_ devices: DeviceSettings) -> String { devices.userContentDirectory ?? stateDir + "/user-content" }
    }

    static var quietLogger: Logger {
        var l = Logger(label: "sleepbox.content")
        l.logLevel = .warning
        return l
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List every item.")
        @OptionGroup var place: Where
        @Flag(help: "One JSON object per item.")
        var json = false

        func run() throws {
            let (content, _) = try place.setup(logger: ContentCommand.quietLogger)
            for e in content.library.entries {
                let item = e.item
                if json {
                    var o: [(String, JSONValue)] = [("id", .string(item.id)), ("title", .string(item.title)),
                                                    ("kind", .string(item.kind.rawValue)), ("duration", .number(item.duration)),
                                                    ("durationIsEstimate", .bool(e.durationIsEstimate)),
                                                    ("available", .bool(item.isAvailable)), ("origin", .string(e.origin.rawValue)),
                                                    ("source", .string(e.sourceKind.rawValue)), ("path", .string(e.path))]
                    if let a = e.author { o.append(("author", .string(a))) }
                    print(JSONValue.object(o).serialized)
                } else {
                    let minutes = String(format: "%5.1f min%@", item.duration / 60, e.durationIsEstimate ? "~" : " ")
                    let status = item.isAvailable ? "" : "  (coming soon)"
                    print("\(item.id.padding(toLength: 34, withPad: " ", startingAt: 0)) \(item.kind.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)) \(minutes)  \(item.title)\(status)")
                }
            }
        }
    }

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Check every item (or one file); errors name file:line:column.")
        @OptionGroup var place: Where
        @Argument(help: "One file to check instead of the whole library.")
        var file: String?
        @Flag(help: "Also measure every playable item's loudness (or FILE's) (EBU R128: integrated, range, true peak) as the box plays it, and the voice's words a minute (renders speech that is not cached yet).")
        var loudness = false
        @Flag(help: "With --loudness: measure the items as they are made, without the box's levelling (speech rendered anew, not cached).")
        var raw = false

        func run() throws {
            let (content, devices) = try place.setup(logger: ContentCommand.quietLogger, levelled: !raw)
            if loudness {
                let format = AudioFormat(sampleRate: devices.sampleRate)
                let builder = ProgramBuilder(speech: content.renderer, languageVoices: content.languageRenderers, format: format,
                                             loudness: raw ? nil : content.loudness, logger: ContentCommand.quietLogger)
                print("target: \(raw ? "none (--raw)" : String(format: "%.1f LUFS", content.loudness.target)), peaks under -1 dBTP")
                let only = file.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
                for entry in content.library.entries where entry.item.isAvailable && (only == nil || entry.path == only) {
                    do { print(try ItemLoudnessReport.measure(entry, builder: builder).line) } catch {
                        print("\(entry.id): cannot measure: \(error)")
                    }
                }
            }
            let issues = file.map { ContentLibrary.checkFile(at: $0) } ?? content.library.check()
            for i in issues { print(i.description) }
            let errors = issues.filter { $0.severity == .error }.count
            print(file == nil ? "\(content.library.entries.count) items, \(errors) errors" : "\(file ?? ""): \(errors) errors")
            if errors > 0 { throw ExitCode(65) }
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add your own item: a text (read by the voice) or an audio file.")
        @OptionGroup var place: Where
        @Option(help: "yogaNidra, story, meditation, breathing, hypnosis, affirmation, poem.")
        var kind: ContentKind
        @Option(help: "The title shown on the display.")
        var title: String
        @Option(help: "Who wrote it (poems: the poet).")
        var author: String = "me"
        @Option(help: "Poems: where it was published, and when.")
        var source: String?
        @Argument(help: "A .txt file (spoken, with pause markers like (2s)) or an audio file.")
        var file: String

        func run() throws {
            let (_, devices) = try place.setup(logger: ContentCommand.quietLogger)
            let id = ContentCommand.id(from: title)
            if let problem = ContentID.problem(with: id) { throw ValidationError("cannot make an id from the title: \(problem)") }
            let ext = URL(fileURLWithPath: file).pathExtension.lowercased()
            let root = place.userFolder(devices)
            let written: String
            if ContentID.audioExtensions.contains(ext) {
                let dir = root + "/" + ContentFolder.recordings.rawValue
                try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
                let audioName = id + "." + ext
                try? FileManager.default.removeItem(atPath: dir + "/" + audioName)
                try FileManager.default.copyItem(atPath: file, toPath: dir + "/" + audioName)
                written = dir + "/" + id + ".toml"
                let toml = """
                    title = \(ContentCommand.tomlString(title))
                    kind = "\(kind.rawValue)"
                    author = \(ContentCommand.tomlString(author))
                    narrator = \(ContentCommand.tomlString(author))
                    description = \(ContentCommand.tomlString(title))
                    audio = "\(audioName)"

                    """
                try toml.write(toFile: written, atomically: true, encoding: .utf8)
            } else {
                guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                    throw ValidationError("\(file): cannot read it as UTF-8 text")
                }
                let folder = ContentCommand.folder(for: kind)
                let dir = root + "/" + folder.rawValue
                try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
                written = dir + "/" + id + ".txt"
                var header = "title: \(title)\nkind: \(kind.rawValue)\nauthor: \(author)\n"
                if let source { header += "source: \(source)\n" }
                try (header + "---\n" + text).write(toFile: written, atomically: true, encoding: .utf8)
            }
            let issues = ContentLibrary.checkFile(at: written)
            for i in issues { print(i.description) }
            if issues.contains(where: { $0.severity == .error }) {
                try? FileManager.default.removeItem(atPath: written)
                throw ExitCode(65)
            }
            print("added \(id): \(written)")
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove one of your own items (the bundled ones stay).")
        @OptionGroup var place: Where
        @Argument(help: "The item's id.")
        var id: String

        func run() throws {
            guard ContentID.isValid(id) else { throw ValidationError("\(id) is not an id (lowercase letters, digits, hyphens)") }
            let (content, _) = try place.setup(logger: ContentCommand.quietLogger)
            guard let entry = content.library.entry(id) else { throw ValidationError("no item \(id)") }
            guard entry.origin == .user else { throw ValidationError("\(id) is bundled with the box and cannot be removed") }
            try FileManager.default.removeItem(atPath: entry.path)
            if case .audio(let item, _) = entry.body { try? FileManager.default.removeItem(atPath: item.audioPath) }
            print("removed \(id)")
        }
    }

    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Render the whole library into the voice's cache (with a progress bar), or one script or timeline to a WAV file.")
        @OptionGroup var place: Where
        @Option(help: "Write one item's sound here.")
        var wav: String?
        @Argument(help: "The script or timeline file to render with --wav.")
        var file: String?
        @Option(help: "Measure how soon item ID could start speaking: the voice loaded, then the time to its first sentence and to the whole item.")
        var firstSpeech: String?

        func run() throws {
            let (content, devices) = try place.setup(logger: ContentCommand.quietLogger)
            let format = AudioFormat(sampleRate: devices.sampleRate)
            if let firstSpeech {
                try measureFirstSpeech(firstSpeech, content: content, format: format)
                return
            }
            let builder = ProgramBuilder(speech: content.renderer, languageVoices: content.languageRenderers, format: format,
                                         loudness: content.loudness, logger: ContentCommand.quietLogger)
            if let wav {
                guard let file else { throw ValidationError("--wav needs the FILE to render") }
                let probe = ContentLibrary.checkFile(at: file)
                for i in probe { print(i.description) }
                guard !probe.contains(where: { $0.severity == .error }) else { throw ExitCode(65) }
                guard let entry = ContentLibrary.load(bundled: URL(fileURLWithPath: file).deletingLastPathComponent().deletingLastPathComponent().path,
                                                      speech: builder.speech, languageVoices: builder.languageVoices, format: format)
                    .entries.first(where: { $0.path == URL(fileURLWithPath: file).standardizedFileURL.path || $0.path == file }) else {
                    throw ValidationError("\(file) must be inside a content folder (e.g. poems/) of a library")
                }
                let prepared = try builder.prepare(entry, seed: 1)
                let source = try builder.makeSource(prepared)
                let sink = try WAVFileSink(path: wav, format: format)
                let buffer = UnsafeMutablePointer<Float>.allocate(capacity: 2 * 4096)
                defer { buffer.deallocate() }
                var total = 0
                // Generators play for hours: a WAV of one gets the item's stated length at most.
                let limit = format.frames(entry.item.duration + 30)
                while total < limit {
                    let n = source.render(into: buffer, frames: min(4096, limit - total))
                    if n == 0 { break }
                    _ = try sink.write(buffer, frames: n)
                    total += n
                }
                sink.close()
                print("\(wav): \(String(format: "%.1f", format.seconds(total))) s")
                return
            }
            let spoken = content.library.entries.filter { $0.item.isAvailable && ($0.sourceKind == .script || $0.sourceKind == .timeline) }
            let started = Date()
            var failures = 0
            for (i, entry) in spoken.enumerated() {
                let done = i + 1
                let bar = String(repeating: "#", count: done * 30 / max(1, spoken.count)).padding(toLength: 30, withPad: ".", startingAt: 0)
                FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(spoken.count) \(entry.id.padding(toLength: 34, withPad: " ", startingAt: 0))".utf8))
                do { _ = try builder.prepare(entry, seed: 1) } catch {
                    failures += 1
                    FileHandle.standardError.write(Data("\n\(entry.id): \(error)\n".utf8))
                }
            }
            FileHandle.standardError.write(Data("\n".utf8))
            let voices = [content.voice].compactMap { $0 } + content.languageVoices.values
            let hits = voices.reduce(0) { $0 + $1.hits }, misses = voices.reduce(0) { $0 + $1.misses }
            print("rendered \(spoken.count) spoken items in \(String(format: "%.1f", Date().timeIntervalSince(started))) s (\(misses) stretches rendered, \(hits) from the cache)")
            if let cache = content.voice?.cache {
                let mib = { (bytes: Int) in String(format: "%.0f MiB", Double(bytes) / 1_048_576) }
                print("speech cache: \(cache.count) clips, \(mib(cache.totalBytes)) of \(mib(cache.maxBytes)) (\(cache.directory))")
                let evicted = cache.statistics.evictions
                if evicted > 0 {
                    FileHandle.standardError.write(Data(("warning: the speech cache is too small for the library: \(evicted) clips were "
                        + "deleted again to make room, so they will be rendered anew each time they play; raise [voice] cache_mb "
                        + "(now \(cache.maxBytes / 1_048_576))\n").utf8))
                }
            }
            if failures > 0 { throw ExitCode(65) }
        }
    }

    /// `content render --first-speech ID`: the voice is started first (as the daemon does at
    /// boot), then the item is prepared as a press prepares it; the first partial plan is the
    /// moment the first sentence can sound.
    static func measureFirstSpeech(_ id: String, content: ContentSetup, format: AudioFormat) throws {
        guard let entry = content.library.entry(id) else { throw ValidationError("no item \(id)") }
        let clock = ContinuousClock()
        func ms(_ d: Duration) -> String { String(format: "%.0f ms", Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15) }
        if let natural = content.voice?.engine as? NaturalVoiceEngine {
            let started = clock.now
            try natural.server.start()
            print("voice loaded in \(ms(clock.now - started)) (at boot, before any press)")
        }
        let builder = ProgramBuilder(speech: content.renderer, languageVoices: content.languageRenderers, format: format,
                                     loudness: content.loudness)
        final class First: @unchecked Sendable { var at: ContinuousClock.Instant? }
        let first = First()
        let cached = content.library.isSpeechCached(entry)
        let pressed = clock.now
        let plan = try builder.prepare(entry, seed: 1) { _, _ in if first.at == nil { first.at = clock.now } }.plan
        let done = clock.now
        let firstAt = first.at ?? done
        print("\(id) (\(cached ? "cached" : "not cached")): first sentence ready \(ms(firstAt - pressed)) after the press, "
            + "whole item \(ms(done - pressed)) (\(String(format: "%.0f", plan?.duration ?? 0)) s long)")
    }

    /// "The Lake Isle of Innisfree" -> "the-lake-isle-of-innisfree".
    static func id(from title: String) -> String {
        var out = ""
        for ch in title.lowercased().folding(options: .diacriticInsensitive, locale: nil) {
            if ch.isASCII && (ch.isLetter || ch.isNumber) { out.append(ch) } else if !out.hasSuffix("-") && !out.isEmpty { out.append("-") }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return "my-" + String(out.prefix(ContentID.maxLength - 3)).trimmingCharacters(in: CharacterSet(charactersIn: "-"))
    }

    static func tomlString(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    static func folder(for kind: ContentKind) -> ContentFolder {
        switch kind {
        case .yogaNidra: return .yogaNidra
        case .breathing: return .breathing
        case .meditation: return .meditations
        case .hypnosis: return .hypnosis
        case .affirmation: return .affirmations
        case .story: return .stories
        case .poem: return .poems
        case .ambient: return .ambient
        }
    }
}

extension ContentKind: ExpressibleByArgument {}
