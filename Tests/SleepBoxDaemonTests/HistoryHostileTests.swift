import CSQLite
import Foundation
import Logging
import SleepBoxCore
import Testing
@testable import SleepBoxDaemon
@testable import SleepBoxStore
@testable import SleepBoxTools
import SleepBoxRunner
import SleepBoxSystem

/// A hostile history.db: rows out of range skipped with a log line, an unknown schema version a
/// damaged file, the read-only commands that never move or create a file, and the files the
/// export and the chart refuse to replace.
@Suite struct HistoryHostileTests {
    typealias Lines = VoiceFallbackTests.Lines
    typealias Collector = VoiceFallbackTests.Collector

    static func logger(_ lines: Lines) -> Logger { Logger(label: "test") { _ in Collector(lines: lines) } }

    /// A history with two good sessions and an event, then rows no box writes.
    static func hostileFolder() throws -> String {
        let dir = try HistoryStoreTests.folder()
        let store = try HistoryStore(directory: dir)
        try store.write([.session(HistoryStoreTests.session(0)), .session(HistoryStoreTests.session(1)),
                         .event(NightEvent(kind: .dismissed, at: HistoryStoreTests.start + 9 * 3600, offset: 3600))])
        store.close()
        func row(_ key: String, started: String, offset: String = "3600", heard: String = "60") -> String {
            "INSERT INTO sessions (key, item_id, kind, title, started_at, start_offset, ended_at, end_offset, heard_seconds, ending) "
                + "VALUES ('\(key)', 'x', 'meditation', 'X', \(started), \(offset), 1795469400, 3600, \(heard), 'finished');"
        }
        try HistoryStoreTests.sql(dir + "/" + HistoryStore.fileName, [
            row("a", started: "1e300"), row("b", started: "-1e300"), row("c", started: "9e999"), row("d", started: "'soon'"),
            row("e", started: "1795469400", offset: "-9223372036854775808"), row("f", started: "1795469500", heard: "1e300"),
            "INSERT INTO events (key, kind, at, offset) VALUES ('g', 'snoozed', 1e300, 0), ('h', 'snoozed', 9e999, 0), "
                + "('i', 'snoozed', 1795469400, 9223372036854775807);",
        ].joined(separator: "\n"))
        return dir
    }

    @Test func rowsOutOfRangeAreSkippedWithALineNamingRowAndField() throws {
        let dir = try Self.hostileFolder()
        let lines = Lines()
        let store = try HistoryStore(directory: dir, logger: Self.logger(lines))
        #expect(try store.sessions().map(\.itemID) == ["med-0", "med-1"])
        #expect(try store.events().count == 1)
        let log = lines.all.joined(separator: "\n")
        #expect(log.contains("sessions row 3 skipped: started_at 1e+300 is outside"))
        #expect(log.contains("sessions row 5 skipped: started_at is inf, not a finite number"))
        #expect(log.contains("sessions row 6 skipped: started_at is not a number"))
        #expect(log.contains("sessions row 7 skipped: start_offset -9.223372036854776e+18 is outside"))
        #expect(log.contains("sessions row 8 skipped: heard_seconds 1e+300 is outside"))
        #expect(log.contains("events row 4 skipped: offset"))
        // The box's start: the nights summed up and the last ones whole, none of the bad rows.
        let records = store.loadHistory()
        #expect(records.count == 3)
        var box = Box(config: BoxConfig(), catalog: Catalog(items: []), seed: 0)
        _ = box.handle(.historyLoaded(records), at: Moment(uptime: 0, wall: HistoryStoreTests.start + 2 * 86400))
        #expect(box.historyStats.nights.count == 2)
    }

    @Test func everyHistoryCommandReadsAHostileFile() throws {
        let dir = try Self.hostileFolder()
        let tool = try HistoryTool(stateDirectory: dir, config: BoxConfig())
        let now = HistoryStoreTests.start + 2 * 86400
        #expect(try tool.list(from: nil, to: nil, kind: nil).count == 2)
        #expect(try tool.exportCSV().split(separator: "\n").count == 3)
        #expect(try tool.exportJSON().contains("\"med-1\""))
        #expect(try tool.statsReport(now: now).text.contains("sessions"))
        #expect(try tool.chart(nights: 30, now: now) != nil)
        #expect(HistoryTool.iso(0, offset: Int.min).hasPrefix("-"))
    }

    @Test func aSchemaVersionNoSleepboxWritesIsADamagedFile() throws {
        let dir = try HistoryStoreTests.folder()
        let path = dir + "/" + HistoryStore.fileName
        try HistoryStoreTests.sql(path, HistoryStore.migrations.joined() + "PRAGMA user_version=-1;")
        // The command line says so and changes nothing.
        #expect(throws: HistoryToolError.self) { _ = try HistoryTool(stateDirectory: dir, config: BoxConfig()) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == [HistoryStore.fileName])
        // The box moves it aside and starts afresh.
        let store = try HistoryStore(directory: dir, now: HistoryStoreTests.start)
        #expect(try store.version() == HistoryStore.schemaVersion)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).contains { $0.hasPrefix("history.db.corrupt-") })
    }

    @Test func theReadOnlyCommandsNeverMoveOrCreateAFile() throws {
        let dir = try HistoryStoreTests.folder()
        let path = dir + "/" + HistoryStore.fileName
        try Array(repeating: "not a database, only text. ", count: 10).joined().write(toFile: path, atomically: false, encoding: .utf8)
        do {
            _ = try HistoryTool(stateDirectory: dir, config: BoxConfig())
            Issue.record("a file that is not a database was opened")
        } catch {
            #expect(error.message.contains("is damaged"))
            #expect(error.status == .ioError)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == [HistoryStore.fileName])
        // A good one is read without a file created beside it.
        try FileManager.default.removeItem(atPath: path)
        let store = try HistoryStore(directory: dir)
        try store.write([.session(HistoryStoreTests.session(0))])
        store.close()
        let before = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        let tool = try HistoryTool(stateDirectory: dir, config: BoxConfig())
        #expect(tool.store.mode == .readOnly)
        #expect(try tool.list(from: nil, to: nil, kind: nil).count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == before)
    }

    @Test func listFromAfterToIsAnError() throws {
        let dir = try HistoryStoreTests.folder()
        try HistoryStore(directory: dir).write([.session(HistoryStoreTests.session(0))])
        let tool = try HistoryTool(stateDirectory: dir, config: BoxConfig())
        let late = try HistoryTool.parseDate("9999-12-31", option: "--from", timeZone: BoxConfig().timeZone)
        let early = try HistoryTool.parseDate("0001-01-01", option: "--to", timeZone: BoxConfig().timeZone)
        #expect(throws: HistoryToolError.self) { try tool.list(from: late, to: early, kind: nil) { _ in } }
    }

    @Test func theExportAndTheChartReplaceNoneOfTheBoxsFilesAndNothingButARegularFile() throws {
        let state = try HistoryStoreTests.folder()
        let elsewhere = try HistoryStoreTests.folder()
        let store = try HistoryStore(directory: state)
        try store.write([.session(HistoryStoreTests.session(0))])
        for name in ["history.db", "history.db-wal", "state.json", "new.csv"] {
            #expect(HistoryOutputFile.refusal(state + "/" + name, stateDirectory: state)?.contains("state folder") == true, "\(name)")
        }
        #expect(HistoryOutputFile.refusal(state + "/../" + (state as NSString).lastPathComponent + "/x.csv",
                                          stateDirectory: state) != nil)
        #expect(mkfifo(elsewhere + "/fifo", 0o600) == 0)
        #expect(HistoryOutputFile.refusal(elsewhere + "/fifo", stateDirectory: state)?.contains("a FIFO") == true)
        #expect(HistoryOutputFile.refusal("/dev/null", stateDirectory: state)?.contains("a device") == true)
        #expect(HistoryOutputFile.refusal(elsewhere, stateDirectory: state)?.contains("a folder") == true)
        #expect(symlink(elsewhere + "/target.csv", elsewhere + "/link.csv") == 0)
        #expect(HistoryOutputFile.refusal(elsewhere + "/link.csv", stateDirectory: state)?.contains("symbolic link") == true)
        #expect(link(state + "/history.db", elsewhere + "/hard.db") == 0)
        #expect(HistoryOutputFile.refusal(elsewhere + "/hard.db", stateDirectory: state)?.contains("the same file") == true)
        try HistoryStoreTests.sql(elsewhere + "/other.db", "CREATE TABLE t (x);")
        #expect(HistoryOutputFile.refusal(elsewhere + "/other.db", stateDirectory: state)?.contains("SQLite database") == true)
        try "old\n".write(toFile: elsewhere + "/old.csv", atomically: false, encoding: .utf8)
        #expect(HistoryOutputFile.refusal(elsewhere + "/old.csv", stateDirectory: state) == nil)
        #expect(HistoryOutputFile.refusal(elsewhere + "/new.csv", stateDirectory: state) == nil)
        // Written whole through a file beside it, the old one replaced.
        let file = try HistoryOutputFile(elsewhere + "/old.csv", stateDirectory: state)
        file.write("new\n")
        try file.finish()
        #expect(try String(contentsOfFile: elsewhere + "/old.csv", encoding: .utf8) == "new\n")
        #expect(try store.sessions().count == 1)
    }
}
