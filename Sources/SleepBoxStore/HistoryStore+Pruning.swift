import CSQLite
import Foundation
import SleepBoxCore

/// Deleting from the history in small transactions, so the box (a second connection, writing
/// a session as it ends) never waits long for the lock: `history delete` and the retention.
extension HistoryStore {
    /// The history kept (docs/history.md): ten years of nights, and at most this many sessions
    /// and events (about thirty a night for ten years; some 25 MB).
    public struct Retention: Sendable, Equatable {
        public var seconds: Double
        public var sessions: Int
        public var events: Int

        public init(seconds: Double = 10 * 366 * 86400, sessions: Int = 100_000, events: Int = 100_000) {
            self.seconds = seconds
            self.sessions = sessions
            self.events = events
        }

        public static let standard = Retention()
    }

    /// Rows deleted a transaction.
    public static let deleteBatch = 500

    /// Deletes the sessions that began and the events that happened before `wall` (nil: all), a
    /// few hundred rows a transaction; deleted rows are overwritten (`secure_delete`). Returns
    /// how many sessions went.
    @discardableResult
    public func delete(before wall: Double?, batch: Int = HistoryStore.deleteBatch) throws(HistoryError) -> Int {
        try exec("PRAGMA secure_delete=ON")
        let limit: [SQLValue] = wall.map { [.real($0)] } ?? []
        let removed = try deleteInBatches(from: "sessions", where: wall == nil ? nil : "started_at < ?", limit, batch: batch)
        try deleteInBatches(from: "events", where: wall == nil ? nil : "at < ?", limit, batch: batch)
        // Leave nothing of the deleted rows in the log (when no reader holds it).
        try? exec("PRAGMA wal_checkpoint(TRUNCATE)")
        return removed
    }

    /// Deletes the rows of `table` matching `condition` (the first by `order`, at most `count`),
    /// `batch` at a time, each its own transaction, with a pause as long as the last transaction
    /// took between them (another connection's busy wait gets its turn). Returns how many went.
    @discardableResult
    func deleteInBatches(from table: String, where condition: String?, _ values: [SQLValue], order: String? = nil,
                         count: Int? = nil, batch: Int) throws(HistoryError) -> Int {
        var removed = 0
        var pause: UInt64 = 0
        while count.map({ removed < $0 }) ?? true {
            if pause > 0 { usleep(useconds_t(min(200_000, max(2_000, pause / 1000)))) }
            let n = min(batch, count.map { $0 - removed } ?? batch)
            let sql = "DELETE FROM \(table) WHERE rowid IN (SELECT rowid FROM \(table)"
                + (condition.map { " WHERE " + $0 } ?? "") + (order.map { " ORDER BY " + $0 } ?? "") + " LIMIT \(n))"
            let started = DispatchTime.now().uptimeNanoseconds
            try exec("BEGIN IMMEDIATE")
            let changed: Int
            do throws(HistoryError) {
                changed = try run(sql, values)
                try exec("COMMIT")
            } catch {
                try? exec("ROLLBACK")
                throw error
            }
            transactions += 1
            removed += changed
            if changed < n { break }
            pause = DispatchTime.now().uptimeNanoseconds - started
        }
        return removed
    }

    /// Bringing the history within a retention a transaction at a time: the daemon runs one
    /// step a job on its worker, between the state file's saves.
    public final class Pruning {
        struct Phase {
            var table: String
            var condition: String?
            var values: [SQLValue]
            var order: String?
            var left: Int?
        }

        let store: HistoryStore
        var phases: [Phase]
        /// Rows removed so far.
        public private(set) var removed = 0

        /// What is beyond `retention` at `now`: rows older than its length, then the oldest
        /// beyond its counts.
        public init(store: HistoryStore, now: Double, retention: Retention) throws(HistoryError) {
            self.store = store
            let cutoff = now - retention.seconds
            func rows(_ table: String, _ time: String) throws(HistoryError) -> Int {
                try store.query("SELECT count(*) FROM \(table) WHERE NOT (\(time) < ?)", [.real(cutoff)]) {
                    Int(sqlite3_column_int64($0, 0))
                }.first ?? 0
            }
            let sessions = try rows("sessions", "started_at"), events = try rows("events", "at")
            phases = [Phase(table: "sessions", condition: "started_at < ?", values: [.real(cutoff)], order: nil, left: nil),
                      Phase(table: "events", condition: "at < ?", values: [.real(cutoff)], order: nil, left: nil)]
            if sessions > retention.sessions {
                phases.append(Phase(table: "sessions", condition: nil, values: [], order: "started_at", left: sessions - retention.sessions))
            }
            if events > retention.events {
                phases.append(Phase(table: "events", condition: nil, values: [], order: "at", left: events - retention.events))
            }
        }

        /// Deletes at most `batch` rows in one transaction; false when nothing is left to do.
        public func step(batch: Int = HistoryStore.deleteBatch) throws(HistoryError) -> Bool {
            guard var phase = phases.first else { return false }
            let n = min(batch, phase.left ?? batch)
            let changed = try store.deleteInBatches(from: phase.table, where: phase.condition, phase.values, order: phase.order,
                                                    count: n, batch: n)
            removed += changed
            phase.left = phase.left.map { $0 - changed }
            if changed < n || phase.left == 0 { phases.removeFirst() } else { phases[0] = phase }
            return !phases.isEmpty
        }
    }

    /// Keeps the history within `retention` at `now`: sessions and events older than its
    /// length go, then the oldest beyond its counts. Returns how many rows went.
    @discardableResult
    public func prune(now: Double, retention: Retention = .standard, batch: Int = HistoryStore.deleteBatch) throws(HistoryError) -> Int {
        let pruning = try Pruning(store: self, now: now, retention: retention)
        while try pruning.step(batch: batch) {
            usleep(2_000)
        }
        let removed = pruning.removed
        logPruned(removed, retention)
        return removed
    }

    /// Says in the log what the retention removed.
    public func logPruned(_ removed: Int, _ retention: Retention) {
        if removed > 0 {
            let years = Int(retention.seconds / 86400 / 366)
            logger.notice("\(path): \(removed) rows beyond the history's retention (\(years) years, \(retention.sessions) sessions, \(retention.events) events) removed")
        }
    }
}
