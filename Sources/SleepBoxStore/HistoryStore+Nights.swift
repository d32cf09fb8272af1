import CSQLite
import Foundation
import SleepBoxCore

/// The nights summed up by SQLite (`GROUP BY` the night), so the statistics, the chart and the
/// box's start read a row a night instead of every session.
extension HistoryStore {
    /// The night (noon to noon, local; a day number) of a time column and its offset column, in
    /// SQL: floor((time + offset - 12 h) / 1 day), without the math functions SQLite may lack.
    static func nightSQL(_ time: String, _ offset: String) -> String {
        let x = "((\(time) + \(offset) - 43200) / 86400.0)"
        return "(CAST(\(x) AS INTEGER) - (\(x) < CAST(\(x) AS INTEGER)))"
    }

    /// A number column within `range`, in SQL.
    static func inRangeSQL(_ column: String, _ range: ClosedRange<Double>, nullable: Bool = false) -> String {
        let check = "(typeof(\(column)) IN ('integer', 'real') AND \(column) BETWEEN \(range.lowerBound) AND \(range.upperBound))"
        return nullable ? "(\(column) IS NULL OR \(check))" : check
    }

    /// The sessions rows `HistoryStore.session` keeps, in SQL.
    static let validSessionSQL = [
        inRangeSQL("started_at", HistoryRange.wall), inRangeSQL("start_offset", HistoryRange.offset),
        inRangeSQL("ended_at", HistoryRange.wall), inRangeSQL("end_offset", HistoryRange.offset),
        inRangeSQL("heard_seconds", HistoryRange.heardSeconds),
        inRangeSQL("breathing_cycles", HistoryRange.breathingCycles, nullable: true),
        inRangeSQL("timer_minutes", HistoryRange.timerMinutes, nullable: true),
    ].joined(separator: " AND ")

    /// The earliest wall time a session of night `day` can start at (offsets up to ±18 h).
    static func earliestStart(ofNight day: CivilDay) -> Double { Double(day.number) * 86400 + 43200 - HistoryRange.offset.upperBound }

    /// The nights `first` through `last` (either open) that had sessions, summed up, in order;
    /// only the `newest` latest when given. Rows out of range are left out, and named in the log.
    public func nights(from first: CivilDay? = nil, through last: CivilDay? = nil, newest: Int? = nil) throws(HistoryError)
        -> [NightIndex.Summary] {
        var inner = ["(" + HistoryStore.validSessionSQL + ")"]
        var outer: [String] = []
        var values: [SQLValue] = []
        if let first { inner.append("started_at >= ?"); values.append(.real(HistoryStore.earliestStart(ofNight: first))) }
        if let last { inner.append("started_at < ?"); values.append(.real(HistoryStore.earliestStart(ofNight: last.adding(3)))) }
        if let first { outer.append("night >= ?"); values.append(.int(first.number)) }
        if let last { outer.append("night <= ?"); values.append(.int(last.number)) }
        // The bare start_offset is the row's whose started_at is the minimum (SQLite's rule for
        // min()), so the bedtime is the first session's. Sums in start order, as the box's own.
        let sql = """
            SELECT night, count(*), sum(heard_seconds), max(heard_seconds), min(started_at), start_offset FROM
                (SELECT \(HistoryStore.nightSQL("started_at", "start_offset")) AS night, heard_seconds, started_at, start_offset
                 FROM sessions WHERE \(inner.joined(separator: " AND ")) ORDER BY started_at)
            \(outer.isEmpty ? "" : "WHERE " + outer.joined(separator: " AND ")) GROUP BY night ORDER BY night DESC
            """ + (newest.map { " LIMIT \($0)" } ?? "")
        let rows = try query(sql, values) { s in
            NightIndex.Summary(day: CivilDay(Int(sqlite3_column_int64(s, 0))), sessions: Int(sqlite3_column_int64(s, 1)),
                               heardSeconds: sqlite3_column_double(s, 2), bedtime: HistoryStats.minutesAfterNoon(
                                   sqlite3_column_double(s, 4), offset: Int(sqlite3_column_int64(s, 5))),
                               longestHeard: sqlite3_column_double(s, 3))
        }
        try logSkippedSessions()
        return rows.reversed()
    }

    /// Names in the log the sessions rows out of range (the first few) and how many there are.
    func logSkippedSessions() throws(HistoryError) {
        // Once a store: the rows do not change under a reader, and the scan reads every row.
        guard !skippedLogged else { return }
        skippedLogged = true
        var skipped = SkipLog(store: self, table: "sessions")
        try each("SELECT \(HistoryStore.sessionColumns) FROM sessions WHERE (\(HistoryStore.validSessionSQL)) IS NOT 1") { s in
            if case .failure(let problem) = HistoryStore.session(s) { skipped.skip(s, problem) }
        }
        skipped.finish()
    }

    /// How many sessions rows are in range.
    public func validSessionCount() throws(HistoryError) -> Int {
        try query("SELECT count(*) FROM sessions WHERE " + HistoryStore.validSessionSQL) { Int(sqlite3_column_int64($0, 0)) }.first ?? 0
    }

    /// What a reader of the nights needs: the nights before the last ones summed up
    /// (`HistoryRecord.night`, from `first` on, at most `maxNights`), and the last `wholeNights`
    /// nights' sessions and events whole (at most `recentLimit` of each, the latest).
    public struct Summary: Sendable {
        public var records: [HistoryRecord]
        /// The first night given whole (nil: no session).
        public var wholeFrom: CivilDay?
    }

    /// The history summed up for the box's start and the statistics: a row a night, and the last
    /// nights whole. Bounded whatever the file holds.
    public func summary(from first: CivilDay? = nil, wholeNights: Int = 14, maxNights: Int = 3660,
                        recentLimit: Int = 5000) throws(HistoryError) -> Summary {
        var latest: SessionRecord?
        try eachSession(newestFirst: true, limit: 1) { latest = $0 }
        // Only rows in range are handed over; with none in range the newest row may be a bad one.
        if latest == nil, try validSessionCount() > 0 {
            let latestValid = try query("SELECT started_at, start_offset FROM sessions WHERE \(HistoryStore.validSessionSQL) "
                                        + "ORDER BY started_at DESC LIMIT 1") { s in
                (sqlite3_column_double(s, 0), Int(sqlite3_column_int64(s, 1)))
            }
            if let (wall, offset) = latestValid.first {
                latest = SessionRecord(itemID: "", kind: "", title: "", startedAt: wall, startOffset: offset, endedAt: wall,
                                       endOffset: offset, heardSeconds: 0, ending: .stopped)
            }
        }
        guard let latest else {
            var events: [HistoryRecord] = []
            try eachEvent(newestFirst: true, limit: recentLimit) { events.append(.event($0)) }
            return Summary(records: events.reversed(), wholeFrom: nil)
        }
        let cut = HistoryStats.night(of: latest.startedAt, offset: latest.startOffset).adding(1 - max(1, wholeNights))
        var records: [HistoryRecord] = []
        if first.map({ $0 < cut }) ?? true {
            records = try nights(from: first, through: cut.adding(-1), newest: maxNights).map { .night($0) }
        }
        var recent: [HistoryRecord] = []
        try eachSession(from: HistoryStore.earliestStart(ofNight: cut), newestFirst: true, limit: recentLimit) { s in
            if HistoryStats.night(of: s.startedAt, offset: s.startOffset) >= cut { recent.append(.session(s)) }
        }
        try eachEvent(from: HistoryStore.earliestStart(ofNight: cut), newestFirst: true, limit: recentLimit) { e in
            recent.append(.event(e))
        }
        return Summary(records: records + recent.reversed(), wholeFrom: cut)
    }
}
