import ArgumentParser
import Foundation
import SleepBoxCore
import SleepBoxDaemon
import SleepBoxSystem
import SleepBoxConfig
import SleepBoxTools

/// `sleepbox history list|stats|export|delete|chart`: the nights the box remembers
/// (docs/history.md).
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "The nights the box remembers: list, statistics, export, delete, chart.",
        subcommands: [List.self, Stats.self, Export.self, Delete.self, Chart.self])

    /// Where the history is and the configuration that says what counts as a night.
    struct Place: ParsableArguments {
        /// The configuration gives the time zone and `[history] streak_minutes`.
        @OptionGroup var files: BoxFiles
        var stateDir: String { files.stateDir }

        @Option(help: "The time to count from instead of now (ISO 8601, e.g. 2026-11-30T12:00:00; for a simulated month and scripted checks).")
        var now: String?

        func tool(config: BoxConfig? = nil, writable: Bool = false) throws -> HistoryTool {
            do {
                return try HistoryTool(stateDirectory: stateDir, config: try config ?? boxConfig(), writable: writable)
            } catch {
                throw fail(error)
            }
        }

        func boxConfig() throws -> BoxConfig {
            let path = files.configPath
            do {
                return try loadConfigFile(path).config
            } catch {
                FileHandle.standardError.write(Data("\(error)\n".utf8))
                throw ExitCode(.config)
            }
        }

        func nowWall(_ tool: HistoryTool) throws -> Double {
            guard let now else { return Date().timeIntervalSince1970 }
            do {
                return try HistoryTool.parseDate(now, option: "--now", timeZone: tool.config.timeZone)
            } catch {
                throw fail(error)
            }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "One line a session: start, minutes heard, how it ended, kind, title.")
        @OptionGroup var place: Place
        @Option(help: "From this date (2026-11-01, or a time: 2026-11-01T18:00).")
        var from: String?
        @Option(help: "Before this date.")
        var to: String?
        @Option(help: "Only this kind (meditation, breathing, story, poem, meditationTimer, nap, ...).")
        var kind: String?

        func run() throws {
            // The dates are checked before the history is opened: a mistyped one is the answer
            // whether or not there is a history yet.
            let config = try place.boxConfig(), zone = config.timeZone
            let start: Double?, end: Double?
            do {
                start = try from.map { d throws(HistoryToolError) in try HistoryTool.parseDate(d, option: "--from", timeZone: zone) }
                end = try to.map { d throws(HistoryToolError) in try HistoryTool.parseDate(d, option: "--to", timeZone: zone) }
                if let start, let end, start >= end {
                    throw HistoryToolError("--from \(from ?? "") is not before --to \(to ?? ""): no session can match", .usage)
                }
            } catch {
                throw fail(error)
            }
            let tool = try place.tool(config: config)
            do {
                let count = try tool.list(from: start, to: end, kind: kind) { print($0) }
                if count == 0 {
                    print("No sessions" + (from != nil || to != nil || kind != nil ? " match." : " recorded yet."))
                }
            } catch {
                throw fail(error)
            }
        }
    }

    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "This week and the last 30 days: nights, minutes, sessions, streaks, average bedtime.")
        @OptionGroup var place: Place
        @Flag(help: "As JSON.")
        var json = false

        func run() throws {
            let tool = try place.tool()
            do {
                let report = try tool.statsReport(now: try place.nowWall(tool))
                print(json ? report.json.serialized : report.text)
            } catch {
                throw fail(error)
            }
        }
    }

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Every session as CSV, or sessions and night events as JSON (columns in docs/history.md).")
        @OptionGroup var place: Place
        @Flag(help: "CSV, one line a session (the default).")
        var csv = false
        @Flag(help: "JSON: sessions and night events.")
        var json = false
        @Option(help: "Write to this file instead of standard output.")
        var out: String?

        func validate() throws {
            if csv && json { throw ValidationError("--csv and --json: choose one") }
        }

        func run() throws {
            let tool = try place.tool()
            do {
                // Written as read: a line a session, never the whole export in memory.
                let file = try out.map { path throws(HistoryToolError) in
                    try HistoryOutputFile(path, stateDirectory: place.stateDir)
                }
                var buffer = ""
                func write(_ text: String) {
                    guard let file else {
                        buffer += text
                        if buffer.utf8.count >= 65_536 { print(buffer, terminator: ""); buffer = "" }
                        return
                    }
                    file.write(text)
                }
                if json { try tool.exportJSON(write) } else { try tool.exportCSV(write) }
                print(buffer, terminator: "")
                try file?.finish()
            } catch {
                throw fail(error)
            }
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete the sessions before a date, or the whole history (asks first unless --yes).")
        @OptionGroup var place: Place
        @Option(help: "Delete what began before this date (2026-11-01).")
        var before: String?
        @Flag(help: "Delete everything.")
        var all = false
        @Flag(help: "Do not ask.")
        var yes = false

        func validate() throws {
            if (before == nil) == !all { throw ValidationError("give --before DATE or --all") }
        }

        func run() throws {
            let tool = try place.tool(writable: true)
            do {
                let wall = try before.map { d throws(HistoryToolError) in try HistoryTool.parseDate(d, option: "--before", timeZone: tool.config.timeZone) }
                let count = try tool.count(before: wall)
                let what = wall == nil ? "the whole history (\(count) sessions and every night's events)"
                    : "\(count) sessions (and the night events) before \(before ?? "")"
                if !yes {
                    print("Delete \(what) from \(tool.store.path)? [y/N] ", terminator: "")
                    let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased()
                    guard answer == "y" || answer == "yes" else {
                        print("Nothing deleted.")
                        throw ExitCode(.failure)
                    }
                }
                let removed = try tool.delete(before: wall)
                print("Deleted \(removed) sessions" + (wall == nil ? " and every night event." : " before \(before ?? "")."))
            } catch let error as HistoryToolError {
                throw fail(error)
            }
        }
    }

    struct Chart: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Draw minutes heard and bedtime per night as a PNG.")
        @OptionGroup var place: Place
        @Option(help: "The PNG file to write.")
        var png: String
        @Option(help: "How many nights, up to tonight: 30 or 90.")
        var nights: Int = 30

        func validate() throws {
            if nights != 30 && nights != 90 { throw ValidationError("--nights takes 30 or 90") }
        }

        func run() throws {
            let tool = try place.tool()
            do {
                // Checked before anything is drawn: the box's own files, a FIFO, a device, a link are refused.
                let file = try HistoryOutputFile(png, stateDirectory: place.stateDir)
                guard let image = try tool.chart(nights: nights, now: try place.nowWall(tool)) else {
                    throw HistoryToolError("nothing to draw: no session in the last \(nights) nights", .failure)
                }
                do {
                    file.write(bytes: try image.pngData())
                } catch {
                    throw HistoryToolError("cannot write \(png): \(error)", .cantCreate)
                }
                try file.finish()
                print("Wrote \(png)")
            } catch let error as HistoryToolError {
                throw fail(error)
            }
        }
    }
}

/// Says the message on standard error and gives the exit code to throw.
private func fail(_ error: Error) -> ExitCode {
    if let e = error as? HistoryToolError {
        FileHandle.standardError.write(Data("sleepbox history: \(e.message)\n".utf8))
        return ExitCode(e.status)
    }
    if let e = error as? ExitCode { return e }
    FileHandle.standardError.write(Data("sleepbox history: \(error)\n".utf8))
    return ExitCode(.failure)
}
