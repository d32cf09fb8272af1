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
/// - Opened by the box (`Mode.box`), a database that is not one, fails its quick check or has a
///   version no sleepbox wrote (below 0) is moved aside as `history.db.corrupt-TIMESTAMP` with a
///   log line, and a fresh one is started. The command line opens it read-only (`Mode.readOnly`)
///   or to delete (`Mode.edit`), and then never moves or creates a file: it says what is wrong.
/// - Rows are read one at a time; one out of range (`HistoryRange`) is skipped with a log line.
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

    /// How a store is opened.
    public enum Mode: Sendable {
        /// The box: created when missing, migrated, a damaged file moved aside and started afresh.
        case box
        /// `history delete`: read and write, but nothing created, migrated or moved.
        case edit
        /// `history list|stats|export|chart`: SQLITE_OPEN_READONLY; nothing created, written or moved.
        case readOnly
    }

    public let path: String
    public let mode: Mode
    let logger: Logger
    var db: OpaquePointer?
    /// How long a write waits for another connection's transaction (`history delete`'s).
    let busyTimeoutMilliseconds: Int32
    /// Transactions committed since the store was opened (for the measurements in
    /// docs/performance.md).
    public internal(set) var transactions = 0
    /// Records that could not be written yet (`HistoryKeeping`).
    public let pending = PendingHistory()
    /// Whether the rows out of range were named in the log already (`logSkippedSessions`).
    var skippedLogged = false

    /// Opens the database in `directory` as `mode` says; for the box one that is damaged is moved
    /// aside (named with `wall`) and started afresh.
    public init(directory: String, now wall: Double = Date().timeIntervalSince1970, mode: Mode = .box,
                busyTimeoutMilliseconds: Int32 = 2000,
                logger: Logger = Logger(label: "sleepbox.history")) throws(HistoryError) {
        self.path = directory + "/" + HistoryStore.fileName
        self.mode = mode
        self.logger = logger
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        do {
            try open()
        } catch {
            guard case .corrupt(let reason) = error, mode == .box else { throw error }
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
        let flags: Int32
        switch mode {
        case .box: flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .edit: flags = SQLITE_OPEN_READWRITE
        case .readOnly: flags = SQLITE_OPEN_READONLY
        }
        var name = path
        var extra: Int32 = 0
        if mode == .readOnly, !FileManager.default.fileExists(atPath: path + "-wal") {
            // No log: the box is not running (it removes the log when it closes), so nothing is
            // being written; read the file as it is, without the -wal and -shm a reader would create.
            name = "file:" + HistoryStore.uriEscaped(path) + "?immutable=1"
            extra = SQLITE_OPEN_URI
        }
        let rc = sqlite3_open_v2(name, &handle, flags | extra | SQLITE_OPEN_NOMUTEX, nil)
        db = handle
        guard rc == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            if rc == SQLITE_CORRUPT || rc == SQLITE_NOTADB { throw .corrupt(message) }
            throw .sqlite(path: path, message: message)
        }
        sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
        do throws(HistoryError) {
            if mode != .readOnly {
                try exec("PRAGMA journal_mode=WAL")
                try exec("PRAGMA synchronous=FULL")
            }
            let check = try query("PRAGMA quick_check") { HistoryStore.text($0, 0) }
            if check.first != "ok" { throw HistoryError.corrupt("quick check: " + check.prefix(3).joined(separator: "; ")) }
            try migrate()
        } catch {
            if case .sqlite(_, let message) = error, HistoryStore.isCorruption(message) { throw .corrupt(message) }
            throw error
        }
    }

    /// A path as an SQLite URI's path: `%`, `?` and `#` (and all but plain characters) escaped.
    static func uriEscaped(_ path: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "/-._~")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
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
        guard from >= 0 else { throw .corrupt("schema version \(from), which no sleepbox writes") }
        guard from <= HistoryStore.schemaVersion else {
            throw .newerSchema(path: path, version: from, known: HistoryStore.schemaVersion)
        }
        guard from < HistoryStore.schemaVersion else { return }
        guard mode == .box else { throw .olderSchema(path: path, version: from) }
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

    /// Writes `records` in one transaction; those already there are left as they are (and night
    /// summaries, which are only read, are not written).
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
                case .night:
                    continue
                }
            }
            try exec("COMMIT")
            transactions += 1
        } catch {
            try? exec("ROLLBACK")
            throw error
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
    /// A file of an earlier schema opened by the command line (only the box migrates).
    case olderSchema(path: String, version: Int)

    public var description: String {
        switch self {
        case .sqlite(let path, let message): return "\(path): \(message)"
        case .corrupt(let reason): return "the history database is damaged: \(reason)"
        case .newerSchema(let path, let version, let known):
            return "\(path): written by a newer sleepbox (schema \(version), this one knows up to \(known)); left untouched"
        case .olderSchema(let path, let version):
            return "\(path): schema \(version), older than this sleepbox's \(HistoryStore.schemaVersion); the box brings it "
                + "up to date at its next start (left untouched)"
        }
    }
}
