import CSQLite
import Foundation
import Logging
import SleepBoxCore

/// `history.db` in the state directory: every session and night event, in SQLite (the system's
/// libsqlite3).
///
/// - Kind to an SD card: records are written in one transaction per batch (the runner hands over
///   what one event produced: a session's end, an alarm's ring), a handful a night. The journal is
///   WAL with `synchronous=FULL`: each commit is one fsync of the log, so a commit the box has
///   made survives a power cut (the state file, saved after it, may already say the session was
///   closed). The log is checkpointed at close and when it passes SQLite's 1000 pages (about three months).
/// - Each record is written once: sessions and events carry a unique key (item and start to the
///   millisecond), and a record already there is ignored, so a session closed again after a crash
///   is never doubled.
/// - The schema's version is `PRAGMA user_version`; `migrations[n]` takes version n to n + 1.
/// - A database that is not one (or fails its quick check) is moved aside as
///   `history.db.corrupt-TIMESTAMP` with a log line, and a fresh one is started.
public final class HistoryStore: @unchecked Sendable {
    public static let fileName = "history.db"

    /// Version 1: sessions and events. Version 2: breathing cycles and the timer's length for
    /// sessions, indexes on time.
    static let migrations: [String] = [
        """
        CREATE TABLE sessions (
            key TEXT NOT NULL UNIQUE,
            item_id TEXT NOT NULL,
            kind TEXT NOT NULL,
            title TEXT NOT NULL,
            started_at REAL NOT NULL,
            start_offset INTEGER NOT NULL,
            ended_at REAL NOT NULL,
            end_offset INTEGER NOT NULL,
            heard_seconds REAL NOT NULL,
            ending TEXT NOT NULL
        );
        CREATE TABLE events (
            key TEXT NOT NULL UNIQUE,
            kind TEXT NOT NULL,
            at REAL NOT NULL,
            offset INTEGER NOT NULL,
            planned REAL
        );
        """,
        """
        ALTER TABLE sessions ADD COLUMN breathing_cycles INTEGER;
        ALTER TABLE sessions ADD COLUMN timer_minutes REAL;
        CREATE INDEX sessions_started ON sessions(started_at);
        CREATE INDEX events_at ON events(at);
        """,
    ]
    public static var schemaVersion: Int { migrations.count }

    public let path: String
    let logger: Logger
    private var db: OpaquePointer?
    /// Transactions committed since the store was opened (for the measurements in
    /// docs/performance.md).
    public private(set) var transactions = 0

    /// Opens (or creates) the database in `directory`, migrating it to the current schema; one
    /// that is corrupt is moved aside (named with `wall`) and started afresh.
    public init(directory: String, now wall: Double = Date().timeIntervalSince1970,
                logger: Logger = Logger(label: "sleepbox.history")) throws(HistoryError) {
        self.path = directory + "/" + HistoryStore.fileName
        self.logger = logger
        do {
            try open()
        } catch {
            guard case .corrupt(let reason) = error else { throw error }
            close()
            let aside = path + ".corrupt-" + HistoryStore.stamp(wall)
            for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
                _ = rename(path + suffix, aside + suffix)
            }
            logger.error("\(path): \(reason); moved aside as \(aside), a new history is started")
            try open()
        }
    }

    deinit { close() }

    private func open() throws(HistoryError) {
        var handle: OpaquePointer?
        let rc = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        db = handle
        guard rc == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            if rc == SQLITE_CORRUPT || rc == SQLITE_NOTADB { throw .corrupt(message) }
            throw .sqlite(path: path, message: message)
        }
        sqlite3_busy_timeout(handle, 2000)
        do throws(HistoryError) {
            try exec("PRAGMA journal_mode=WAL")
            try exec("PRAGMA synchronous=FULL")
            let check = try query("PRAGMA quick_check") { HistoryStore.text($0, 0) }
            if check.first != "ok" { throw HistoryError.corrupt("quick check: " + check.prefix(3).joined(separator: "; ")) }
            try migrate()
        } catch {
            if case .sqlite(_, let message) = error, HistoryStore.isCorruption(message) { throw .corrupt(message) }
            throw error
        }
    }

    private static func isCorruption(_ message: String) -> Bool {
        message.contains("malformed") || message.contains("not a database") || message.contains("corrupt")
    }

    public func close() {
        if let db { sqlite3_close_v2(db) }
        db = nil
    }

    /// The schema's version in the file.
    public func version() throws(HistoryError) -> Int {
        try query("PRAGMA user_version") { Int(sqlite3_column_int64($0, 0)) }.first ?? 0
    }

    private func migrate() throws(HistoryError) {
        let from = try version()
        guard from <= HistoryStore.schemaVersion else {
            throw .newerSchema(path: path, version: from, known: HistoryStore.schemaVersion)
        }
        guard from < HistoryStore.schemaVersion else { return }
        try exec("BEGIN IMMEDIATE")
        do throws(HistoryError) {
            for step in from..<HistoryStore.schemaVersion {
                try exec(HistoryStore.migrations[step])
            }
            try exec("PRAGMA user_version=\(HistoryStore.schemaVersion)")
            try exec("COMMIT")
        } catch {
            try? exec("ROLLBACK")
            throw error
        }
        if from > 0 { logger.notice("\(path): history schema moved from version \(from) to \(HistoryStore.schemaVersion)") }
    }

    // MARK: - Writing

    /// Writes `records` in one transaction; those already there are left as they are.
    public func write(_ records: [HistoryRecord]) throws(HistoryError) {
        guard !records.isEmpty else { return }
        try exec("BEGIN IMMEDIATE")
        do throws(HistoryError) {
            for r in records {
                switch r {
                case .session(let s):
                    try run("""
                        INSERT OR IGNORE INTO sessions (key, item_id, kind, title, started_at, start_offset, ended_at,
                            end_offset, heard_seconds, ending, breathing_cycles, timer_minutes)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """, [.text(s.key), .text(s.itemID), .text(s.kind), .text(s.title), .real(s.startedAt),
                              .int(s.startOffset), .real(s.endedAt), .int(s.endOffset), .real(s.heardSeconds),
                              .text(s.ending.rawValue), s.breathingCycles.map { .int($0) } ?? .null,
                              s.timerMinutes.map { .real($0) } ?? .null])
                case .event(let e):
                    try run("INSERT OR IGNORE INTO events (key, kind, at, offset, planned) VALUES (?, ?, ?, ?, ?)",
                            [.text(e.key), .text(e.kind.rawValue), .real(e.at), .int(e.offset), e.planned.map { .real($0) } ?? .null])
                }
            }
            try exec("COMMIT")
            transactions += 1
        } catch {
            try? exec("ROLLBACK")
            throw error
        }
    }

    /// Deletes the sessions that began and the events that happened before `wall` (nil: all).
    /// Returns how many sessions went.
    @discardableResult
    public func delete(before wall: Double?) throws(HistoryError) -> Int {
        try exec("BEGIN IMMEDIATE")
        do throws(HistoryError) {
            let limit: [SQLValue] = wall.map { [.real($0)] } ?? []
            let condition = wall == nil ? "" : " WHERE started_at < ?"
            try run("DELETE FROM sessions" + condition, limit)
            let removed = Int(sqlite3_changes(db))
            try run("DELETE FROM events" + (wall == nil ? "" : " WHERE at < ?"), limit)
            try exec("COMMIT")
            transactions += 1
            // Give the space back and leave nothing of the deleted rows in the log.
            try exec("PRAGMA wal_checkpoint(TRUNCATE)")
            try exec("VACUUM")
            return removed
        } catch {
            try? exec("ROLLBACK")
            throw error
        }
    }

    // MARK: - Reading

    /// Every session, in start order (optionally those starting in `from..<to`, of one kind).
    public func sessions(from: Double? = nil, to: Double? = nil, kind: String? = nil) throws(HistoryError) -> [SessionRecord] {
        var conditions: [String] = []
        var values: [SQLValue] = []
        if let from { conditions.append("started_at >= ?"); values.append(.real(from)) }
        if let to { conditions.append("started_at < ?"); values.append(.real(to)) }
        if let kind { conditions.append("kind = ?"); values.append(.text(kind)) }
        let sql = """
            SELECT item_id, kind, title, started_at, start_offset, ended_at, end_offset, heard_seconds, ending,
                breathing_cycles, timer_minutes FROM sessions
            """ + (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")) + " ORDER BY started_at, item_id"
        return try query(sql, values) { s in
            SessionRecord(itemID: HistoryStore.text(s, 0), kind: HistoryStore.text(s, 1), title: HistoryStore.text(s, 2),
                          startedAt: sqlite3_column_double(s, 3), startOffset: Int(sqlite3_column_int64(s, 4)),
                          endedAt: sqlite3_column_double(s, 5), endOffset: Int(sqlite3_column_int64(s, 6)),
                          heardSeconds: sqlite3_column_double(s, 7),
                          ending: SessionEnding(rawValue: HistoryStore.text(s, 8)) ?? .stopped,
                          breathingCycles: sqlite3_column_type(s, 9) == SQLITE_NULL ? nil : Int(sqlite3_column_int64(s, 9)),
                          timerMinutes: sqlite3_column_type(s, 10) == SQLITE_NULL ? nil : sqlite3_column_double(s, 10))
        }
    }

    /// Every night event, in time order.
    public func events() throws(HistoryError) -> [NightEvent] {
        try query("SELECT kind, at, offset, planned FROM events ORDER BY at") { s in
            NightEvent(kind: NightEvent.Kind(rawValue: HistoryStore.text(s, 0)) ?? .dismissed, at: sqlite3_column_double(s, 1),
                       offset: Int(sqlite3_column_int64(s, 2)),
                       planned: sqlite3_column_type(s, 3) == SQLITE_NULL ? nil : sqlite3_column_double(s, 3))
        }
    }

    /// Everything, sessions first.
    public func load() throws(HistoryError) -> [HistoryRecord] {
        try sessions().map { .session($0) } + events().map { .event($0) }
    }

    // MARK: - SQLite

    enum SQLValue {
        case text(String), real(Double), int(Int), null
    }

    private static func text(_ s: OpaquePointer, _ column: Int32) -> String {
        sqlite3_column_text(s, column).map { String(cString: $0) } ?? ""
    }

    private func failure(_ what: String) -> HistoryError {
        .sqlite(path: path, message: what + ": " + (db.map { String(cString: sqlite3_errmsg($0)) } ?? "not open"))
    }

    private func exec(_ sql: String) throws(HistoryError) {
        guard let db else { throw failure("exec") }
        var message: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(db, sql, nil, nil, &message)
        if rc != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(rc))
            sqlite3_free(message)
            throw .sqlite(path: path, message: text)
        }
    }

    private func prepare(_ sql: String, _ values: [SQLValue]) throws(HistoryError) -> OpaquePointer {
        guard let db else { throw failure("prepare") }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else { throw failure("prepare") }
        for (i, v) in values.enumerated() {
            let index = Int32(i + 1)
            switch v {
            case .text(let t): _ = sleepbox_sqlite3_bind_text(statement, index, t)
            case .real(let d): sqlite3_bind_double(statement, index, d)
            case .int(let n): sqlite3_bind_int64(statement, index, Int64(n))
            case .null: sqlite3_bind_null(statement, index)
            }
        }
        return statement
    }

    private func run(_ sql: String, _ values: [SQLValue]) throws(HistoryError) {
        let statement = try prepare(sql, values)
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_DONE else { throw failure("step") }
    }

    private func query<T>(_ sql: String, _ values: [SQLValue] = [], row: (OpaquePointer) -> T) throws(HistoryError) -> [T] {
        let statement = try prepare(sql, values)
        defer { sqlite3_finalize(statement) }
        var rows: [T] = []
        while true {
            let rc = sqlite3_step(statement)
            if rc == SQLITE_ROW { rows.append(row(statement)); continue }
            if rc == SQLITE_DONE { return rows }
            throw failure("step")
        }
    }

    /// The moved-aside file's time, as the state file's: "2026-11-23T064500Z".
    static func stamp(_ wall: Double) -> String {
        ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: wall)).replacingOccurrences(of: ":", with: "")
    }
}

/// What can go wrong with the history database.
public enum HistoryError: Error, Equatable, CustomStringConvertible {
    case sqlite(path: String, message: String)
    case corrupt(String)
    case newerSchema(path: String, version: Int, known: Int)

    public var description: String {
        switch self {
        case .sqlite(let path, let message): return "\(path): \(message)"
        case .corrupt(let reason): return "the history database is damaged: \(reason)"
        case .newerSchema(let path, let version, let known):
            return "\(path): written by a newer sleepbox (schema \(version), this one knows up to \(known)); left untouched"
        }
    }
}
