import Foundation
import SleepBoxCore
import SleepBoxSystem
import SleepBoxUI
import SleepBoxRunner
import SleepBoxStore

/// `sleepbox history`: the box's history read, exported, charted and deleted from the command
/// line (docs/history.md). The statistics are the box's own (`HistoryStats`), with the
/// configuration's `[history] streak_minutes`.
public struct HistoryTool {
    public let store: HistoryStore
    public let config: BoxConfig
    public var stateDirectory: String

    /// Opens the history in `stateDirectory` read-only (or, to delete, read-write); a folder
    /// without one, a damaged file or one of another schema is an error, and nothing is created,
    /// moved or migrated.
    public init(stateDirectory: String, config: BoxConfig, writable: Bool = false) throws(HistoryToolError) {
        let path = stateDirectory + "/" + HistoryStore.fileName
        guard FileManager.default.fileExists(atPath: path) else {
            throw HistoryToolError("no history at \(path): the box writes it in its state folder once it has played "
                                   + "something (--state-dir names another folder)", .noInput)
        }
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw HistoryToolError("\(path) is not a regular file: not opened", .ioError)
        }
        do {
            store = try HistoryStore(directory: stateDirectory, mode: writable ? .edit : .readOnly)
        } catch {
            if case .corrupt(let reason) = error {
                throw HistoryToolError("\(path) is damaged (\(reason)); nothing was changed: the box moves it aside at its "
                                       + "next start and begins a new history", .ioError)
            }
            throw HistoryToolError("\(error)", .ioError)
        }
        self.config = config
        self.stateDirectory = stateDirectory
    }

    var clock: LocalClock { LocalClock(timeZone: config.timeZone) }

    // MARK: Dates

    /// A date on the command line: "2026-11-23" (the local midnight starting it) or a time,
    /// "2026-11-23T22:30[:00]", local unless it ends in Z or an offset.
    public static func parseDate(_ text: String, option: String, timeZone: TimeZone) throws(HistoryToolError) -> Double {
        let full = text.count == 10 ? text + "T00:00:00" : text
        guard let parsed = LocalDateTime(parsing: full), let wall = parsed.secondsSince1970(in: timeZone) else {
            throw HistoryToolError("\(option) \"\(text)\" is not a date: write 2026-11-23, or 2026-11-23T22:30 for a time "
                                   + "(local; Z or +01:00 at the end for another offset)", .usage)
        }
        return wall
    }

    /// ISO 8601 with the offset recorded: "2026-11-22T22:31:00+01:00".
    public static func iso(_ wall: Double, offset: Int) -> String {
        let local = wall + Double(offset)
        let day = CivilDay(localSeconds: local)
        let seconds = Int((local - Double(day.number) * 86400).rounded(.down))
        let sign = offset < 0 ? "-" : "+"
        let o = Int(offset.magnitude / 60)
        return day.iso + "T" + pad(seconds / 3600) + ":" + pad(seconds % 3600 / 60) + ":" + pad(seconds % 60)
            + sign + pad(o / 60) + ":" + pad(o % 60)
    }

    static func pad(_ n: Int) -> String { n < 10 ? "0" + String(n) : String(n) }

    /// The kinds `--kind` takes.
    public static let kinds = ContentKind.allCases.map(\.rawValue) + ["meditationTimer", "nap"]

    // MARK: Reading

    func eachSession(from: Double?, to: Double?, kind: String?, _ body: (SessionRecord) -> Void) throws(HistoryToolError) {
        if let kind, !HistoryTool.kinds.contains(kind) {
            throw HistoryToolError("--kind \"\(kind)\" is not a kind; the kinds: " + HistoryTool.kinds.joined(separator: ", "), .usage)
        }
        do {
            try store.eachSession(from: from, to: to, kind: kind, body)
        } catch {
            throw HistoryToolError("\(error)", .ioError)
        }
    }

    /// The statistics of the nights `first` through tonight, from the nights summed up by SQLite
    /// (`HistoryStore.summary`): the last nights whole, the rest a row a night, reaching back before
    /// `first` only as far as a streak runs on. Also the records the box is given.
    func stats(from first: CivilDay) throws(HistoryToolError) -> (stats: HistoryStats, records: [HistoryRecord]) {
        do {
            let summary = try store.summary(from: first)
            var records = summary.records
            var log = HistoryLog(records)
            var start = min(first, summary.wholeFrom ?? first)
            let threshold = config.history.streakMinutes * 60 - 1e-6
            // A streak running at the window's first night may have begun before it: 64 nights
            // back at a time while every one of them counts (ten years at most).
            for _ in 0..<58 {
                guard HistoryStats(log, streakMinutes: config.history.streakMinutes).countedNights.contains(start) else { break }
                let earlier = try store.nights(from: start.adding(-64), through: start.adding(-1))
                for n in earlier {
                    log.add(.night(n))
                    records.append(.night(n))
                }
                guard earlier.count == 64, earlier.allSatisfy({ $0.longestHeard >= threshold }) else { break }
                start = start.adding(-64)
            }
            return (HistoryStats(log, streakMinutes: config.history.streakMinutes), records)
        } catch {
            throw HistoryToolError("\(error)", .ioError)
        }
    }

    /// `list`: one line a session, handed to `line` as each is read; how many.
    @discardableResult
    public func list(from: Double?, to: Double?, kind: String?, _ line: (String) -> Void) throws(HistoryToolError) -> Int {
        if let from, let to, from >= to {
            throw HistoryToolError("--from must be before --to (nothing can begin at or after the first and before the second)", .usage)
        }
        var count = 0
        try eachSession(from: from, to: to, kind: kind) { s in
            count += 1
            line(HistoryTool.listLine(s))
        }
        return count
    }

    /// `list`: the lines (for a short history).
    public func list(from: Double?, to: Double?, kind: String?) throws(HistoryToolError) -> [String] {
        var lines: [String] = []
        try list(from: from, to: to, kind: kind) { lines.append($0) }
        return lines
    }

    static func listLine(_ s: SessionRecord) -> String {
        let minutes = String(format: "%5.1f min", s.heardSeconds / 60)
        return HistoryTool.iso(s.startedAt, offset: s.startOffset) + "  " + minutes + "  "
            + s.ending.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0) + " " + s.kind + ": " + s.title
    }

    /// `stats`: this week, the last 30 days and all time as the box shows them, at `now`; all
    /// time is summed by SQLite (`HistoryStore.allTime`).
    public func statsReport(now: Double) throws(HistoryToolError) -> (text: String, json: JSONValue) {
        let offset = clock.offset(now)
        let tonight = HistoryStats.night(of: now, offset: offset)
        let (stats, records) = try stats(from: min(tonight.adding(1 - tonight.isoWeekday), tonight.adding(-29)))
        let week = stats.week(tonight: tonight), month = stats.lastDays(30, tonight: tonight)
        let box = Box(config: config, catalog: Catalog(items: []), seed: 0)
        func bedtime(_ p: HistoryStats.Period) -> String? {
            p.averageBedtime.map { HistoryTool.pad($0 / 60) + ":" + HistoryTool.pad($0 % 60) }
        }
        var lastNight: String? = nil
        if let n = stats.lastNight(now: now, offset: offset) {
            var loaded = box
            _ = loaded.handle(.historyLoaded(records), at: Moment(uptime: 0, wall: now))
            lastNight = CivilDay(n.day.number).iso + ": " + (loaded.lastNightText(at: Moment(uptime: 0, wall: now)) ?? "")
        }
        let recorded: Int
        let all: HistoryStats.Period
        do {
            recorded = try store.validSessionCount()
            all = try store.allTime(through: tonight, streakMinutes: config.history.streakMinutes,
                                    currentStreak: week.currentStreak) ?? stats.allTime(tonight: tonight)
        } catch {
            throw HistoryToolError("\(error)", .ioError)
        }
        let rule = "a night counts with a session of at least " + Self.number(config.history.streakMinutes) + " minutes heard."
        let weekSpan = String(week.first.iso.suffix(5)) + "..." + String(week.last.iso.suffix(5))
        let monthSpan = String(month.first.iso.suffix(5)) + "..." + String(month.last.iso.suffix(5))
        let allSpan = all.first.iso + "..."
        var lines: [String] = ["Nights from noon to noon; " + rule, ""]
        lines.append("                 this week       last 30 days    all time")
        lines.append("                 " + weekSpan + "   " + monthSpan + "   " + allSpan)
        func row(_ label: String, _ p: (HistoryStats.Period) -> String) -> String {
            label.padding(toLength: 17, withPad: " ", startingAt: 0) + p(week).padding(toLength: 16, withPad: " ", startingAt: 0)
                + p(month).padding(toLength: 16, withPad: " ", startingAt: 0) + p(all)
        }
        lines.append(row("nights") { String($0.nights) })
        lines.append(row("minutes") { String($0.minutes) })
        lines.append(row("sessions") { String($0.sessions) })
        lines.append(row("current streak") { String($0.currentStreak) })
        lines.append(row("longest streak") { String($0.longestStreak) })
        lines.append(row("average bedtime") { bedtime($0) ?? "-" })
        lines.append("")
        lines.append("last night: " + (lastNight ?? "-"))
        func period(_ p: HistoryStats.Period) -> JSONValue {
            .object([
                ("first", .string(p.first.iso)), ("last", .string(p.last.iso)), ("nights", .number(Double(p.nights))),
                ("minutes", .number(Double(p.minutes))), ("sessions", .number(Double(p.sessions))),
                ("currentStreak", .number(Double(p.currentStreak))), ("longestStreak", .number(Double(p.longestStreak))),
                ("averageBedtime", bedtime(p).map { .string($0) } ?? .null),
            ])
        }
        let json = JSONValue.object([
            ("tonight", .string(tonight.iso)), ("streakMinutes", .number(config.history.streakMinutes)),
            ("week", period(week)), ("last30Days", period(month)), ("allTime", period(all)), ("lastNight", lastNight.map { .string($0) } ?? .null),
            ("sessionsRecorded", .number(Double(recorded))),
        ])
        return (lines.joined(separator: "\n"), json)
    }

    static func number(_ d: Double) -> String { d == d.rounded() ? String(Int(d)) : String(d) }
}

/// A `sleepbox history` failure: the message and the exit status.
public struct HistoryToolError: Error, CustomStringConvertible {
    public var message: String
    public var status: ExitStatus

    public init(_ message: String, _ status: ExitStatus) {
        self.message = message
        self.status = status
    }

    public var description: String { message }
}
