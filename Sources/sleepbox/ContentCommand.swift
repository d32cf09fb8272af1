import ArgumentParser
import Foundation
import SleepBoxDaemon
import SleepBoxTools

/// `sleepbox content`: list, add, remove, check and render the library.
struct ContentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "content",
        abstract: "The content library: list, add, remove, check, render (docs/content.md).",
        subcommands: [List.self, Add.self, Remove.self, Check.self, Render.self])

    /// The options every content command shares.
    struct Where: ParsableArguments {
        @OptionGroup var files: BoxFiles

        func tool(levelled: Bool = true, readOnly: Bool = false) throws -> ContentTool {
            do {
                return try ContentTool(configPath: files.config, stateDirectory: files.stateDir, levelled: levelled, readOnly: readOnly)
            } catch {
                FileHandle.standardError.write(Data("sleepbox: \(error)\n".utf8))
                throw ExitCode(error.exitCode)
            }
        }
    }

    /// The tool's refusals as the command line's usage errors, or with their own exit status
    /// (a text that cannot be read exits 65).
    static func validated<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as ContentToolError {
            guard error.exitStatus == .usage else {
                FileHandle.standardError.write(Data("\(error)\n".utf8))
                throw ExitCode(error.exitStatus)
            }
            throw ValidationError(error.description)
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List every item.")
        @OptionGroup var place: Where
        @Flag(help: "One JSON object per item.")
        var json = false

        func run() throws {
            for line in try place.tool(readOnly: true).list(json: json) { print(line) }
        }
    }

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check every item, or the files and folders named; errors name file:line:column, each file its length.")
        @OptionGroup var place: Where
        @Argument(help: "Files or folders to check instead of the whole library (each file's id and length is printed).")
        var files: [String] = []
        @Flag(help: "Also measure every playable item's loudness (or the FILES') (EBU R128: integrated, range, true peak) as the box plays it, and the voice's words a minute (renders speech that is not cached yet).")
        var loudness = false
        @Flag(help: "With --loudness: measure the items as they are made, without the box's levelling (speech rendered anew, not cached).")
        var raw = false

        func run() throws {
            // Only a loudness measurement renders speech (into the cache); a check creates nothing.
            let tool = try place.tool(levelled: !raw, readOnly: !loudness)
            if loudness {
                let each = files.flatMap { ContentTool.contentFiles(at: $0) }
                for line in tool.loudness(files: files.isEmpty ? nil : each, raw: raw) { print(line) }
            }
            let check = tool.check(paths: files)
            for issue in check.issues { print(issue) }
            print(check.summary)
            if check.errors > 0 { throw ExitCode(.dataError) }
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add your own item: a text (read by the voice) or an audio file.")
        @OptionGroup var place: Where
        @Option(help: "yogaNidra, story, meditation, breathing, hypnosis, affirmation, poem.")
        var kind: ContentTool.Kind
        @Option(help: "The title shown on the display.")
        var title: String
        @Option(help: "The item's id (a-z, 0-9, -); by default made from the kind and the title, e.g. poem-the-evening-lamp.")
        var id: String?
        @Option(help: "Who wrote it (poems: the poet); by default the text's own author: line, else \"me\".")
        var author: String?
        @Option(help: "Poems: where it was published, and when, e.g. \"Flame and Shadow, 1920\" (needed unless the text's header has a source: line).")
        var source: String?
        @Argument(help: "A .txt file (spoken, with pause markers like (2s); with or without a header) or an audio file.")
        var file: String

        func run() throws {
            let tool = try place.tool()
            let added = try ContentCommand.validated { try tool.add(kind: kind, title: title, id: id, author: author, source: source, file: file) }
            for issue in added.issues { print(issue) }
            guard added.kept else { throw ExitCode(.dataError) }
            print("added \(added.id): \(added.path)")
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove one of your own items (the bundled ones stay).")
        @OptionGroup var place: Where
        @Argument(help: "The item's id.")
        var id: String

        func run() throws {
            try ContentCommand.validated { try ContentTool.validate(id: id) }
            let tool = try place.tool()
            try ContentCommand.validated { try tool.remove(id: id) }
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
        @Flag(help: "Render nothing: load every clip in the voice's cache as a play would and say how long a load takes.")
        var timeCache = false
        @Option(help: "After rendering the library, copy the clip of every stretch the bundled library says into this folder, as the speech cache keeps it (the sleepbox-speech package's contents; the natural voice must speak).")
        var speechOut: String?

        func run() throws {
            if speechOut != nil, timeCache || firstSpeech != nil || wav != nil {
                throw ValidationError("--speech-out goes with a render of the whole library, not with --wav, --first-speech or --time-cache")
            }
            let tool = try place.tool()
            if let speechOut { try ContentCommand.validated { try tool.checkSpeechExport(to: speechOut) } }
            if timeCache {
                for line in tool.timeCacheLoads() { print(line) }
                return
            }
            if let firstSpeech {
                for line in try ContentCommand.validated({ try tool.firstSpeech(id: firstSpeech) }) { print(line) }
                return
            }
            if let wav {
                guard let file else { throw ValidationError("--wav needs the FILE to render") }
                let check = tool.check(file: file)
                for issue in check.issues { print(issue) }
                guard check.errors == 0 else { throw ExitCode(.dataError) }
                let seconds = try ContentCommand.validated { try tool.render(file: file, toWAV: wav) }
                print("\(wav): \(String(format: "%.1f", seconds)) s")
                return
            }
            let done = tool.renderLibrary(progress: { done, count, id in
                let bar = String(repeating: "#", count: done * 30 / max(1, count)).padding(toLength: 30, withPad: ".", startingAt: 0)
                FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(count) \(id.padding(toLength: 34, withPad: " ", startingAt: 0))".utf8))
            }, failed: { id, error in
                FileHandle.standardError.write(Data("\n\(id): \(error)\n".utf8))
            })
            FileHandle.standardError.write(Data("\n".utf8))
            for line in done.summary { print(line) }
            if let warning = done.warning { FileHandle.standardError.write(Data("warning: \(warning)\n".utf8)) }
            if done.failures > 0 { throw ExitCode(.dataError) }
            if let speechOut {
                let export = try ContentCommand.validated { try tool.exportSpeech(to: speechOut) }
                let mib = String(format: "%.1f", Double(export.bytes) / 1_048_576), minutes = String(format: "%.1f", export.seconds / 60)
                print("\(speechOut): \(export.clips) clips, \(mib) MiB, \(minutes) minutes of speech (\(export.rendered) rendered now)")
            }
        }
    }
}

extension ContentTool.Kind: ExpressibleByArgument {}
