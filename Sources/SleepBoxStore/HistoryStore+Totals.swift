import CSQLite
import SleepBoxCore

/// The all-time totals (`sleepbox history stats`), summed by SQLite in one query: the nights
/// grouped as `nights(from:through:newest:)` groups them, the counted nights' runs found with a
/// window function (a run of consecutive nights has one value of night - row_number()), so no
/// night is read into the program however long the history is.
extension HistoryStore {
    /// Every night through `last` with a session: how many count (a session of at least
    /// `streakMinutes` minutes heard), the whole minutes and the sessions, the longest run of
    /// counted nights ever and the counted nights' average bedtime; `currentStreak` as given (it
    /// is the same for every period). nil when no session in range was recorded by then. Rows out
    /// of range are left out, and named in the log.
    public func allTime(through last: CivilDay, streakMinutes: Double, currentStreak: Int) throws(HistoryError)
        -> HistoryStats.Period? {
        let night = HistoryStore.nightSQL("started_at", "start_offset")
        // Each night's bedtime is its first session's local start, in minutes after noon.
        let sql = """
            WITH s AS (
                SELECT \(night) AS night, heard_seconds, started_at + start_offset AS local_start,
                       row_number() OVER (PARTITION BY \(night) ORDER BY started_at) AS place
                FROM sessions WHERE \(HistoryStore.validSessionSQL) AND started_at < ? ORDER BY started_at),
            n AS (
                SELECT night, count(*) AS sessions, sum(heard_seconds) AS heard, max(heard_seconds) AS longest,
                       (max(CASE WHEN place = 1 THEN local_start END) - 43200 - night * 86400.0) / 60 AS bedtime
                FROM s WHERE night <= ? GROUP BY night ORDER BY night),
            c AS (SELECT night, bedtime, night - row_number() OVER (ORDER BY night) AS run FROM n WHERE longest >= ?)
            SELECT (SELECT min(night) FROM n), (SELECT count(*) FROM c), (SELECT sum(heard) FROM n),
                   (SELECT sum(sessions) FROM n), (SELECT max(length) FROM (SELECT count(*) AS length FROM c GROUP BY run)),
                   (SELECT avg(bedtime) FROM c)
            """
        let values: [SQLValue] = [.real(HistoryStore.earliestStart(ofNight: last.adding(3))), .int(last.number),
                                  .real(streakMinutes * 60 - 1e-6)]
        let rows = try query(sql, values) { s -> HistoryStats.Period? in
            guard sqlite3_column_type(s, 0) != SQLITE_NULL else { return nil }
            var bedtime: Int? = nil
            if sqlite3_column_type(s, 5) != SQLITE_NULL {
                bedtime = (Int(sqlite3_column_double(s, 5).rounded()) + 720) % 1440
            }
            return HistoryStats.Period(first: CivilDay(Int(sqlite3_column_int64(s, 0))), last: last,
                                       nights: Int(sqlite3_column_int64(s, 1)),
                                       minutes: Int((sqlite3_column_double(s, 2) / 60).rounded(.down)),
                                       sessions: Int(sqlite3_column_int64(s, 3)), currentStreak: currentStreak,
                                       longestStreak: Int(sqlite3_column_int64(s, 4)), averageBedtime: bedtime)
        }
        try logSkippedSessions()
        return rows.first ?? nil
    }
}
