import CFuzzer
import CHistorySQLite
import Foundation
import SleepBoxCore
import SleepBoxRunner
import SleepBoxStore
import SleepBoxTools

/// The bytes of an input, read as the rows of a history.db.
private struct Reader {
    let bytes: [UInt8]
    var at = 0

    var done: Bool { at >= bytes.count }

    mutating func byte() -> UInt8 {
        guard at < bytes.count else { return 0 }
        defer { at += 1 }
        return bytes[at]
    }

    mutating func word() -> UInt64 {
        var v: UInt64 = 0
        for _ in 0..<8 { v = v << 8 | UInt64(byte()) }
        return v
    }

    mutating func text() -> String {
        let n = Int(byte() % 24)
        return String(decoding: (0..<n).map { _ in byte() }, as: UTF8.self)
    }

    /// A column's value: a double of any bits (inf, NaN, 1e300), an integer (Int64.min), a
    /// plausible time or offset, text, or NULL.
    mutating func bind(_ statement: OpaquePointer, _ index: Int32) {
        switch byte() % 8 {
        case 0: sqlite3_bind_double(statement, index, Double(bitPattern: word()))
        case 1: sqlite3_bind_int64(statement, index, Int64(bitPattern: word()))
        case 2: _ = fuzz_sqlite3_bind_text(statement, index, text())
        case 3: sqlite3_bind_null(statement, index)
        case 4: sqlite3_bind_double(statement, index, 1_795_469_400 + Double(Int16(bitPattern: UInt16(byte()) << 8 | UInt16(byte()))) * 3600)
        case 5: sqlite3_bind_int64(statement, index, Int64(Int8(bitPattern: byte())) * 900)
        case 6: sqlite3_bind_double(statement, index, Double(byte()) * 60)
        default: sqlite3_bind_double(statement, index, [Double.infinity, -.infinity, 1e300, -1e300, 0, 9e15][Int(byte() % 6)])
        }
    }
}

private let folder: String = {
    let dir = NSTemporaryDirectory() + "sleepbox-fuzz-history-\(getpid())"
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
}()

/// Writes the rows the input describes into a fresh history.db (the schema the box makes, then
/// any rows, any schema version), as another program or a damaged card could leave it.
private func writeHistory(_ input: inout Reader) {
    let path = folder + "/" + HistoryStore.fileName
    for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
    guard let made = try? HistoryStore(directory: folder) else { return }
    made.close()
    var db: OpaquePointer?
    guard sqlite3_open(path, &db) == SQLITE_OK, let db else { return }
    defer { sqlite3_close(db) }
    sqlite3_exec(db, "BEGIN", nil, nil, nil)
    var statement: OpaquePointer?
    while !input.done {
        let tag = input.byte()
        if tag == 0xff {
            sqlite3_exec(db, "PRAGMA user_version=\(Int32(bitPattern: UInt32(input.word() & 0xffff_ffff)))", nil, nil, nil)
            continue
        }
        let session = tag % 2 == 0
        let sql = session
            ? "INSERT INTO sessions (key, item_id, kind, title, started_at, start_offset, ended_at, end_offset, heard_seconds, "
                + "ending, breathing_cycles, timer_minutes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            : "INSERT INTO events (key, kind, at, offset, planned) VALUES (?, ?, ?, ?, ?)"
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else { return }
        _ = fuzz_sqlite3_bind_text(statement, 1, String(input.at) + input.text())
        if session {
            _ = fuzz_sqlite3_bind_text(statement, 2, input.text())
            _ = fuzz_sqlite3_bind_text(statement, 3, ["meditation", "story", "nap", "meditationTimer", input.text()][Int(input.byte() % 5)])
            _ = fuzz_sqlite3_bind_text(statement, 4, input.text())
            for column in Int32(5)...9 { input.bind(statement, column) }
            _ = fuzz_sqlite3_bind_text(statement, 10, SessionEnding.allCases.map(\.rawValue)[Int(input.byte()) % 5])
            input.bind(statement, 11)
            input.bind(statement, 12)
        } else {
            _ = fuzz_sqlite3_bind_text(statement, 2, NightEvent.Kind.allCases.map(\.rawValue)[Int(input.byte()) % 5])
            for column in Int32(3)...5 { input.bind(statement, column) }
        }
        _ = sqlite3_step(statement)
        sqlite3_finalize(statement)
    }
    sqlite3_exec(db, "COMMIT", nil, nil, nil)
}

/// A history.db of any rows: the read-only commands and the box's start read it (skipping what is
/// out of range) without trapping, the statistics and the box's nights screens are worked out,
/// and the box's store keeps it within a retention.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHistoryRows(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    var input = Reader(bytes: [UInt8](UnsafeRawBufferPointer(start: data, count: size)))
    writeHistory(&input)
    let now = 1_795_469_400.0
    if let tool = try? HistoryTool(stateDirectory: folder, config: BoxConfig()) {
        _ = try? tool.list(from: nil, to: nil, kind: nil) { _ in }
        _ = try? tool.statsReport(now: now)
        try? tool.exportCSV { _ in }
        try? tool.exportJSON { _ in }
        _ = try? tool.chart(nights: 30, now: now)
    }
    guard let store = try? HistoryStore(directory: folder, now: now) else { return 0 }
    let records = store.loadHistory()
    var box = Box(config: BoxConfig(), catalog: Catalog(items: []), seed: 1)
    let moment = Moment(uptime: 0, wall: now)
    _ = box.start(at: moment, restoring: nil)
    _ = box.handle(.historyLoaded(records), at: moment)
    let stats = box.historyStats
    _ = stats.lastDays(30, tonight: HistoryStats.night(of: now, offset: 0))
    _ = stats.allTime(tonight: HistoryStats.night(of: now, offset: 0))
    _ = box.lastNightText(at: moment)
    _ = try? store.nights(from: CivilDay(20_000), through: CivilDay(21_000))
    _ = try? store.prune(now: now, retention: .init(seconds: 86400 * 400, sessions: 50, events: 50), batch: 20)
    return 0
}

/// The program's entry (SwiftPM's name for main): libFuzzer's driver with this target's input.
@_cdecl("FuzzHistoryRows_main")
public func fuzzHistoryRowsMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        guard let data else { return 0 }
        return fuzzHistoryRows(data, size)
    }
}
