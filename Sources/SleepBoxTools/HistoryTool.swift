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

    /// Opens the history in `stateDirectory`; a folder without one is an error (nothing is created).
    public init(stateDirectory: String, config: BoxConfig) throws(HistoryToolError) {
        let path = stateDirectory + "/" + HistoryStore.fileName
        guard FileManager.default.fileExists(atPath: path) else {
            throw HistoryToolError("no history at \(path): the box writes it in its state folder once it has played "
                                   + "something (--state-dir names another folder)", .noInput)
        }
        do {
            store = try HistoryStore(directory: stateDirectory)
        } catch {
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
        let o = abs(offset) / 60
        return day.iso + "T" + pad(seconds / 3600) + ":" + pad(seconds % 3600 / 60) + ":" + pad(seconds % 60)
            + sign + pad(o / 60) + ":" + pad(o % 60)
    }

    static func pad(_ n: Int) -> String { n < 10 ? "0" + String(n) : String(n) }

    /// The kinds `--kind` takes.
    public static let kinds = ContentKind.allCases.map(\.rawValue) + ["meditationTimer", "nap"]

    // MARK: Reading

    func sessions(from: Double?, to: Double?, kind: String?) throws(HistoryToolError) -> [SessionRecord] {
        if let kind, !HistoryTool.kinds.contains(kind) {
            throw HistoryToolError("--kind \"\(kind)\" is not a kind; the kinds: " + HistoryTool.kinds.joined(separator: ", "), .usage)
        }
        do {
            return try store.sessions(from: from, to: to, kind: kind)
        } catch {
            throw HistoryToolError("\(error)", .ioError)
        }
    }

    func stats() throws(HistoryToolError) -> HistoryStats {
        do {
            return HistoryStats(sessions: try store.sessions(), events: try store.events(),
                                streakMinutes: config.history.streakMinutes)
        } catch {
            throw HistoryToolError("\(error)", .ioError)
        }
    }

    /// `list`: one line a session.
    public func list(from: Double?, to: Double?, kind: String?) throws(HistoryToolError) -> [String] {
        try sessions(from: from, to: to, kind: kind).map { s in
            let minutes = String(format: "%5.1f min", s.heardSeconds / 60)
            return HistoryTool.iso(s.startedAt, offset: s.startOffset) + "  " + minutes + "  "
                + s.ending.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0) + " " + s.kind + ": " + s.title
        }
    }

    /// `stats`: this week and the last 30 days as the box shows them, at `now`.
    public func statsReport(now: Double) throws(HistoryToolError) -> (text: String, json: JSONValue) {
        let stats = try stats()
        let offset = clock.offset(now)
        let tonight = HistoryStats.night(of: now, offset: offset)
        let week = stats.week(tonight: tonight), month = stats.lastDays(30, tonight: tonight)
        let box = Box(config: config, catalog: Catalog(items: []), seed: 0)
        func bedtime(_ p: HistoryStats.Period) -> String? {
            p.averageBedtime.map { HistoryTool.pad($0 / 60) + ":" + HistoryTool.pad($0 % 60) }
        }
        var lastNight: String? = nil
        if let n = stats.lastNight(now: now, offset: offset) {
            var loaded = box
            _ = loaded.handle(.historyLoaded(stats.sessions.map { .session($0) } + stats.events.map { .event($0) }),
                              at: Moment(uptime: 0, wall: now))
            lastNight = CivilDay(n.day.number).iso + ": " + (loaded.lastNightText(at: Moment(uptime: 0, wall: now)) ?? "")
        }
        let rule = "a night counts with a session of at least " + Self.number(config.history.streakMinutes) + " minutes heard."
        let weekSpan = String(week.first.iso.suffix(5)) + "..." + String(week.last.iso.suffix(5))
        let monthSpan = String(month.first.iso.suffix(5)) + "..." + String(month.last.iso.suffix(5))
        var lines: [String] = ["Nights from noon to noon; " + rule, ""]
        lines.append("                 this week       last 30 days")
        lines.append("                 " + weekSpan + "   " + monthSpan)
        func row(_ label: String, _ a: String, _ b: String) -> String {
            label.padding(toLength: 17, withPad: " ", startingAt: 0) + a.padding(toLength: 16, withPad: " ", startingAt: 0) + b
        }
        lines.append(row("nights", String(week.nights), String(month.nights)))
        lines.append(row("minutes", String(week.minutes), String(month.minutes)))
        lines.append(row("sessions", String(week.sessions), String(month.sessions)))
        lines.append(row("current streak", String(week.currentStreak), String(month.currentStreak)))
        lines.append(row("longest streak", String(week.longestStreak), String(month.longestStreak)))
        lines.append(row("average bedtime", bedtime(week) ?? "-", bedtime(month) ?? "-"))
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
            ("week", period(week)), ("last30Days", period(month)), ("lastNight", lastNight.map { .string($0) } ?? .null),
            ("sessionsRecorded", .number(Double(stats.sessions.count))),
        ])
        return (lines.joined(separator: "\n"), json)
    }

    static func number(_ d: Double) -> String { d == d.rounded() ? String(Int(d)) : String(d) }

    // MARK: Export

    /// The CSV's columns, in order (docs/history.md describes each).
    public static let csvColumns = ["night", "start", "end", "kind", "item_id", "title", "heard_seconds", "ending",
                                    "breathing_cycles", "timer_minutes"]

    /// Every session as CSV (RFC 4180: a header line, quoted text fields, CRLF not used).
    public func exportCSV() throws(HistoryToolError) -> String {
        var lines = [HistoryTool.csvColumns.joined(separator: ",")]
        for s in try sessions(from: nil, to: nil, kind: nil) {
            let fields: [String] = [
                HistoryStats.night(of: s.startedAt, offset: s.startOffset).iso,
                HistoryTool.iso(s.startedAt, offset: s.startOffset), HistoryTool.iso(s.endedAt, offset: s.endOffset),
                s.kind, HistoryTool.csvQuoted(s.itemID), HistoryTool.csvQuoted(s.title),
                String(format: "%.3f", s.heardSeconds), s.ending.rawValue,
                s.breathingCycles.map(String.init) ?? "", s.timerMinutes.map(HistoryTool.number) ?? "",
            ]
            lines.append(fields.joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func csvQuoted(_ s: String) -> String { "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    /// Every session and night event as JSON: {"sessions": [...], "events": [...]}.
    public func exportJSON() throws(HistoryToolError) -> String {
        let stats = try stats()
        let sessions: [JSONValue] = stats.sessions.map { s in
            var o: [(String, JSONValue)] = [
                ("night", .string(HistoryStats.night(of: s.startedAt, offset: s.startOffset).iso)),
                ("start", .string(HistoryTool.iso(s.startedAt, offset: s.startOffset))),
                ("end", .string(HistoryTool.iso(s.endedAt, offset: s.endOffset))),
                ("kind", .string(s.kind)), ("itemId", .string(s.itemID)), ("title", .string(s.title)),
                ("heardSeconds", .number((s.heardSeconds * 1000).rounded() / 1000)), ("ending", .string(s.ending.rawValue)),
            ]
            if let c = s.breathingCycles { o.append(("breathingCycles", .number(Double(c)))) }
            if let m = s.timerMinutes { o.append(("timerMinutes", .number(m))) }
            return .object(o)
        }
        let events: [JSONValue] = stats.events.map { e in
            var o: [(String, JSONValue)] = [
                ("night", .string(HistoryStats.night(of: e.at, offset: e.offset).iso)), ("kind", .string(e.kind.rawValue)),
                ("at", .string(HistoryTool.iso(e.at, offset: e.offset))),
            ]
            if let p = e.planned { o.append(("planned", .string(HistoryTool.iso(p, offset: e.offset)))) }
            return .object(o)
        }
        // One record a line: readable, and still one JSON document.
        func list(_ items: [JSONValue]) -> String {
            items.isEmpty ? "[]" : "[\n    " + items.map(\.serialized).joined(separator: ",\n    ") + "\n  ]"
        }
        return "{\n  \"sessions\": " + list(sessions) + ",\n  \"events\": " + list(events) + "\n}\n"
    }

    // MARK: Deleting

    /// How many sessions began before `wall` (nil: all).
    public func count(before wall: Double?) throws(HistoryToolError) -> Int {
        try sessions(from: nil, to: wall, kind: nil).count
    }

    public func delete(before wall: Double?) throws(HistoryToolError) -> Int {
        do {
            return try store.delete(before: wall)
        } catch {
            throw HistoryToolError("\(error)", .ioError)
        }
    }

    // MARK: Chart

    /// The chart of the `nights` nights up to tonight (at `now`); nil when none of them had a session.
    public func chart(nights count: Int, now: Double) throws(HistoryToolError) -> RGBImage? {
        let stats = try stats()
        let tonight = HistoryStats.night(of: now, offset: clock.offset(now))
        let first = tonight.adding(1 - count)
        let byDay = Dictionary(uniqueKeysWithValues: stats.nights.map { ($0.day, $0) })
        guard byDay.keys.contains(where: { $0 >= first && $0 <= tonight }) else { return nil }
        let words = config.words
        var nights: [HistoryChart.Night] = []
        for n in 0..<count {
            let day = first.adding(n)
            let f = day.fields
            let label = f.day == 1 || n == 0 ? String(words.table.month(f.month, in: config.language).prefix(3)) + " " + String(f.day)
                : String(f.day)
            let night = byDay[day]
            nights.append(HistoryChart.Night(label: label, minutes: (night?.heardSeconds ?? 0) / 60, bedtime: night?.bedtime,
                                             counts: night?.counts ?? false))
        }
        let period = stats.lastDays(count, tonight: tonight)
        let subtitle = "\(first.iso) to \(tonight.iso): \(period.nights) nights counted (a session of at least "
            + "\(Self.number(config.history.streakMinutes)) min), \(period.minutes) minutes, longest streak \(period.longestStreak)"
        return HistoryChart.render(nights: nights, title: "sleepbox: minutes heard and bedtime, night by night",
                                   subtitle: subtitle, labelEvery: count > 40 ? 14 : 7)
    }
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
