import Foundation
import SleepBoxCore
import SleepBoxStore
import SleepBoxSystem
import SleepBoxUI

/// `history export`, `delete` and `chart`: the export written row by row as SQLite steps to
/// each (nothing held but the row), the chart from the nights summed up.
extension HistoryTool {
    /// The CSV's columns, in order (docs/history.md describes each).
    public static let csvColumns = ["night", "start", "end", "kind", "item_id", "title", "heard_seconds", "ending",
                                    "breathing_cycles", "timer_minutes"]

    /// Every session as CSV (RFC 4180: a header line, quoted text fields, CRLF not used), handed
    /// to `out` a line at a time.
    public func exportCSV(_ out: (String) -> Void) throws(HistoryToolError) {
        out(HistoryTool.csvColumns.joined(separator: ",") + "\n")
        try eachSession(from: nil, to: nil, kind: nil) { s in
            let fields: [String] = [
                HistoryStats.night(of: s.startedAt, offset: s.startOffset).iso,
                HistoryTool.iso(s.startedAt, offset: s.startOffset), HistoryTool.iso(s.endedAt, offset: s.endOffset),
                s.kind, HistoryTool.csvQuoted(s.itemID), HistoryTool.csvQuoted(s.title),
                String(format: "%.3f", s.heardSeconds), s.ending.rawValue,
                s.breathingCycles.map(String.init) ?? "", s.timerMinutes.map(HistoryTool.number) ?? "",
            ]
            out(fields.joined(separator: ",") + "\n")
        }
    }

    /// The whole CSV (for a short history).
    public func exportCSV() throws(HistoryToolError) -> String {
        var text = ""
        try exportCSV { text += $0 }
        return text
    }

    static func csvQuoted(_ s: String) -> String { "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    /// Every session and night event as JSON, {"sessions": [...], "events": [...]}, handed to
    /// `out` a record at a time.
    public func exportJSON(_ out: (String) -> Void) throws(HistoryToolError) {
        var first = true
        // One record a line: readable, and still one JSON document.
        func item(_ value: JSONValue) {
            out((first ? "\n    " : ",\n    ") + value.serialized)
            first = false
        }
        func close() { out(first ? "]" : "\n  ]") }
        out("{\n  \"sessions\": [")
        try eachSession(from: nil, to: nil, kind: nil) { s in
            var o: [(String, JSONValue)] = [
                ("night", .string(HistoryStats.night(of: s.startedAt, offset: s.startOffset).iso)),
                ("start", .string(HistoryTool.iso(s.startedAt, offset: s.startOffset))),
                ("end", .string(HistoryTool.iso(s.endedAt, offset: s.endOffset))),
                ("kind", .string(s.kind)), ("itemId", .string(s.itemID)), ("title", .string(s.title)),
                ("heardSeconds", .number((s.heardSeconds * 1000).rounded() / 1000)), ("ending", .string(s.ending.rawValue)),
            ]
            if let c = s.breathingCycles { o.append(("breathingCycles", .number(Double(c)))) }
            if let m = s.timerMinutes { o.append(("timerMinutes", .number(m))) }
            item(.object(o))
        }
        close()
        out(",\n  \"events\": [")
        first = true
        do {
            try store.eachEvent { e in
                var o: [(String, JSONValue)] = [
                    ("night", .string(HistoryStats.night(of: e.at, offset: e.offset).iso)), ("kind", .string(e.kind.rawValue)),
                    ("at", .string(HistoryTool.iso(e.at, offset: e.offset))),
                ]
                if let p = e.planned { o.append(("planned", .string(HistoryTool.iso(p, offset: e.offset)))) }
                item(.object(o))
            }
        } catch {
            throw HistoryToolError("\(error)", .ioError)
        }
        close()
        out("\n}\n")
    }

    /// The whole JSON (for a short history).
    public func exportJSON() throws(HistoryToolError) -> String {
        var text = ""
        try exportJSON { text += $0 }
        return text
    }

    // MARK: Deleting

    /// How many sessions began before `wall` (nil: all).
    public func count(before wall: Double?) throws(HistoryToolError) -> Int {
        do {
            return try store.count(before: wall)
        } catch {
            throw HistoryToolError("\(error)", .ioError)
        }
    }

    /// Deletes a few hundred rows a transaction, so the running box's writes get in between.
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
        let tonight = HistoryStats.night(of: now, offset: clock.offset(now))
        let first = tonight.adding(1 - count)
        let stats = try stats(from: first).stats
        let byDay = Dictionary(stats.nights.map { ($0.day, $0) }, uniquingKeysWith: { a, _ in a })
        guard byDay.keys.contains(where: { $0 >= first && $0 <= tonight }) else { return nil }
        let every = count > 40 ? 14 : 7
        let days = (0..<count).map { first.adding($0) }
        let labels = Self.axisLabels(days.map(\.fields), every: every, config: config)
        var nights: [HistoryChart.Night] = []
        for (n, day) in days.enumerated() {
            let night = byDay[day]
            nights.append(HistoryChart.Night(label: labels[n], minutes: (night?.heardSeconds ?? 0) / 60, bedtime: night?.bedtime,
                                             counts: night?.counts ?? false))
        }
        let period = stats.lastDays(count, tonight: tonight)
        let subtitle = "\(first.iso) to \(tonight.iso): \(period.nights) nights counted (a session of at least "
            + "\(Self.number(config.history.streakMinutes)) min), \(period.minutes) minutes, longest streak \(period.longestStreak)"
        return HistoryChart.render(nights: nights, title: "sleepbox: minutes heard and bedtime, night by night",
                                   subtitle: subtitle, labelEvery: every)
    }

    /// The axis labels of nights on `days` (their month and day), every `every`-th shown: a shown
    /// label names its month when it is the first shown or its month is not the one shown before
    /// it ("Aug 30", "Sep 13", "27", "Oct 11"); the others are the day alone.
    static func axisLabels(_ days: [(year: Int, month: Int, day: Int)], every: Int, config: BoxConfig) -> [String] {
        var shownMonth: Int? = nil
        return days.enumerated().map { n, f in
            guard HistoryChart.isLabelled(n, count: days.count, every: every), shownMonth != f.month else { return String(f.day) }
            shownMonth = f.month
            return String(config.words.table.month(f.month, in: config.language).prefix(3)) + " " + String(f.day)
        }
    }
}
