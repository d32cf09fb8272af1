import CSQLite
import Foundation
import SleepBoxCore

/// Reading the history: row by row (nothing is loaded whole), each row checked against
/// `HistoryRange` and skipped with a log line when it is out of range.
extension HistoryStore {
    static let sessionColumns = """
        rowid, item_id, kind, title, started_at, start_offset, ended_at, end_offset, heard_seconds, ending,
        breathing_cycles, timer_minutes
        """
    static let eventColumns = "rowid, kind, at, offset, planned"

    /// A row that cannot be kept, and why.
    struct RowProblem: Error { var reason: String }

    /// The session of a row read with `sessionColumns`, or why it is skipped.
    static func session(_ s: OpaquePointer) -> Result<SessionRecord, RowProblem> {
        func value(_ column: Int32, _ name: String, _ range: ClosedRange<Double>) throws(RowProblem) -> Double {
            guard let v = number(s, column) else { throw RowProblem(reason: "\(name) is not a number") }
            if let problem = HistoryRange.problem(name, v, range) { throw RowProblem(reason: problem) }
            return v
        }
        do throws(RowProblem) {
            let started = try value(4, "started_at", HistoryRange.wall)
            let startOffset = try value(5, "start_offset", HistoryRange.offset)
            let ended = try value(6, "ended_at", HistoryRange.wall)
            let endOffset = try value(7, "end_offset", HistoryRange.offset)
            let heard = try value(8, "heard_seconds", HistoryRange.heardSeconds)
            let cycles = sqlite3_column_type(s, 10) == SQLITE_NULL ? nil
                : Int(try value(10, "breathing_cycles", HistoryRange.breathingCycles))
            let minutes = sqlite3_column_type(s, 11) == SQLITE_NULL ? nil : try value(11, "timer_minutes", HistoryRange.timerMinutes)
            return .success(SessionRecord(itemID: text(s, 1), kind: text(s, 2), title: text(s, 3), startedAt: started,
                                          startOffset: Int(startOffset), endedAt: ended, endOffset: Int(endOffset),
                                          heardSeconds: heard, ending: SessionEnding(rawValue: text(s, 9)) ?? .stopped,
                                          breathingCycles: cycles, timerMinutes: minutes))
        } catch {
            return .failure(error)
        }
    }

    /// The night event of a row read with `eventColumns`, or why it is skipped.
    static func event(_ s: OpaquePointer) -> Result<NightEvent, RowProblem> {
        guard let at = number(s, 2) else { return .failure(RowProblem(reason: "at is not a number")) }
        guard let offset = number(s, 3) else { return .failure(RowProblem(reason: "offset is not a number")) }
        if let p = HistoryRange.problem("at", at, HistoryRange.wall) ?? HistoryRange.problem("offset", offset, HistoryRange.offset) {
            return .failure(RowProblem(reason: p))
        }
        var planned: Double? = nil
        if sqlite3_column_type(s, 4) != SQLITE_NULL {
            guard let p = number(s, 4) else { return .failure(RowProblem(reason: "planned is not a number")) }
            if let problem = HistoryRange.problem("planned", p, HistoryRange.wall) { return .failure(RowProblem(reason: problem)) }
            planned = p
        }
        return .success(NightEvent(kind: NightEvent.Kind(rawValue: text(s, 1)) ?? .dismissed, at: at, offset: Int(offset),
                                   planned: planned))
    }

    /// Says which rows were skipped: the first few one by one, then how many in all.
    struct SkipLog {
        let store: HistoryStore
        let table: String
        var count = 0
        static let shown = 10

        mutating func skip(_ s: OpaquePointer, _ problem: RowProblem) {
            count += 1
            if count <= SkipLog.shown {
                store.logger.warning("\(store.path): \(table) row \(sqlite3_column_int64(s, 0)) skipped: \(problem.reason)")
            }
        }

        func finish() {
            if count > SkipLog.shown { store.logger.warning("\(store.path): \(count) \(table) rows out of range skipped in all") }
        }
    }

    // MARK: Row by row

    /// Each session in start order (those starting in `from..<to`, of one kind), handed over
    /// one at a time; the number skipped as out of range.
    @discardableResult
    public func eachSession(from: Double? = nil, to: Double? = nil, kind: String? = nil, newestFirst: Bool = false,
                            limit: Int? = nil, _ body: (SessionRecord) -> Void) throws(HistoryError) -> Int {
        var conditions: [String] = []
        var values: [SQLValue] = []
        if let from { conditions.append("started_at >= ?"); values.append(.real(from)) }
        if let to { conditions.append("started_at < ?"); values.append(.real(to)) }
        if let kind { conditions.append("kind = ?"); values.append(.text(kind)) }
        let order = newestFirst ? " ORDER BY started_at DESC, item_id DESC" : " ORDER BY started_at, item_id"
        let sql = "SELECT " + HistoryStore.sessionColumns + " FROM sessions"
            + (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")) + order
            + (limit.map { " LIMIT \($0)" } ?? "")
        var skipped = SkipLog(store: self, table: "sessions")
        try each(sql, values) { s in
            switch HistoryStore.session(s) {
            case .success(let record): body(record)
            case .failure(let problem): skipped.skip(s, problem)
            }
        }
        skipped.finish()
        return skipped.count
    }

    /// Each night event in time order (those in `from..<to`), one at a time.
    public func eachEvent(from: Double? = nil, to: Double? = nil, newestFirst: Bool = false, limit: Int? = nil,
                          _ body: (NightEvent) -> Void) throws(HistoryError) {
        var conditions: [String] = []
        var values: [SQLValue] = []
        if let from { conditions.append("at >= ?"); values.append(.real(from)) }
        if let to { conditions.append("at < ?"); values.append(.real(to)) }
        let sql = "SELECT " + HistoryStore.eventColumns + " FROM events"
            + (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "))
            + (newestFirst ? " ORDER BY at DESC" : " ORDER BY at") + (limit.map { " LIMIT \($0)" } ?? "")
        var skipped = SkipLog(store: self, table: "events")
        try each(sql, values) { s in
            switch HistoryStore.event(s) {
            case .success(let event): body(event)
            case .failure(let problem): skipped.skip(s, problem)
            }
        }
        skipped.finish()
    }

    /// Every session, in start order (optionally those starting in `from..<to`, of one kind).
    public func sessions(from: Double? = nil, to: Double? = nil, kind: String? = nil) throws(HistoryError) -> [SessionRecord] {
        var out: [SessionRecord] = []
        try eachSession(from: from, to: to, kind: kind) { out.append($0) }
        return out
    }

    /// Every night event, in time order.
    public func events() throws(HistoryError) -> [NightEvent] {
        var out: [NightEvent] = []
        try eachEvent { out.append($0) }
        return out
    }

    /// Everything, sessions first (for small histories: tests and the simulator's check).
    public func load() throws(HistoryError) -> [HistoryRecord] {
        try sessions().map { .session($0) } + events().map { .event($0) }
    }

    /// How many sessions began before `wall` (nil: all), rows out of range included.
    public func count(before wall: Double?) throws(HistoryError) -> Int {
        try query("SELECT count(*) FROM sessions" + (wall == nil ? "" : " WHERE started_at < ?"),
                  wall.map { [.real($0)] } ?? []) { Int(sqlite3_column_int64($0, 0)) }.first ?? 0
    }
}
