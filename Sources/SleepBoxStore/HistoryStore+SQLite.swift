import CSQLite
import Foundation

/// The few libsqlite3 calls the store makes: statements prepared with bound values, stepped row
/// by row.
extension HistoryStore {
    enum SQLValue {
        case text(String), real(Double), int(Int), null
    }

    static func text(_ s: OpaquePointer, _ column: Int32) -> String {
        sqlite3_column_text(s, column).map { String(cString: $0) } ?? ""
    }

    /// A column's number, or nil when it holds none (NULL, text, a blob).
    static func number(_ s: OpaquePointer, _ column: Int32) -> Double? {
        switch sqlite3_column_type(s, column) {
        case SQLITE_INTEGER: return Double(sqlite3_column_int64(s, column))
        case SQLITE_FLOAT: return sqlite3_column_double(s, column)
        default: return nil
        }
    }

    func failure(_ what: String) -> HistoryError {
        .sqlite(path: path, message: what + ": " + (db.map { String(cString: sqlite3_errmsg($0)) } ?? "not open"))
    }

    func exec(_ sql: String) throws(HistoryError) {
        guard let db else { throw failure("exec") }
        var message: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(db, sql, nil, nil, &message)
        if rc != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(rc))
            sqlite3_free(message)
            throw .sqlite(path: path, message: text)
        }
    }

    func prepare(_ sql: String, _ values: [SQLValue]) throws(HistoryError) -> OpaquePointer {
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

    /// Runs a statement that returns no rows; the rows it changed.
    @discardableResult
    func run(_ sql: String, _ values: [SQLValue]) throws(HistoryError) -> Int {
        let statement = try prepare(sql, values)
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_DONE else { throw failure("step") }
        return Int(sqlite3_changes(db))
    }

    /// Hands each row to `row` as it is stepped to: nothing is kept but what `row` keeps.
    func each(_ sql: String, _ values: [SQLValue] = [], row: (OpaquePointer) -> Void) throws(HistoryError) {
        let statement = try prepare(sql, values)
        defer { sqlite3_finalize(statement) }
        while true {
            let rc = sqlite3_step(statement)
            if rc == SQLITE_ROW { row(statement); continue }
            if rc == SQLITE_DONE { return }
            throw failure("step")
        }
    }

    func query<T>(_ sql: String, _ values: [SQLValue] = [], row: (OpaquePointer) -> T) throws(HistoryError) -> [T] {
        var rows: [T] = []
        try each(sql, values) { rows.append(row($0)) }
        return rows
    }
}
