import CSQLite
import Foundation
import Logging
import SleepBoxCore
import Testing
@testable import SleepBoxDaemon
@testable import SleepBoxConfig
@testable import SleepBoxSimulator
@testable import SleepBoxStore

/// `history.db`: written once per record, migrated from the first schema, a damaged file moved
/// aside, a newer one left alone.
@Suite struct HistoryStoreTests {
    static func folder() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sleepbox-history-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    static let start = 1_795_469_400.0  // 2026-11-23T21:30:00Z

    static func session(_ n: Int, ending: SessionEnding = .finished) -> SessionRecord {
        SessionRecord(itemID: "med-\(n)", kind: "meditation", title: "Item \(n)", startedAt: start + Double(n) * 86400,
                      startOffset: 3600, endedAt: start + Double(n) * 86400 + 600, endOffset: 3600, heardSeconds: 590.5,
                      ending: ending, breathingCycles: n == 1 ? 7 : nil, timerMinutes: n == 2 ? 20 : nil)
    }

    /// Runs SQL on a file with the C API (as an older box would have written it).
    static func sql(_ path: String, _ text: String) throws {
        var db: OpaquePointer?
        #expect(sqlite3_open(path, &db) == SQLITE_OK)
        defer { sqlite3_close(db) }
        #expect(sqlite3_exec(db, text, nil, nil, nil) == SQLITE_OK, "\(String(cString: sqlite3_errmsg(db)))")
    }

    @Test func recordsAreWrittenOnceAndReadBack() throws {
        let dir = try Self.folder()
        let store = try HistoryStore(directory: dir)
        let event = NightEvent(kind: .alarmRang, at: Self.start + 33_300, offset: 3600, planned: Self.start + 33_300)
        try store.write([.session(Self.session(1)), .session(Self.session(2)), .event(event)])
        // The same session again (closed as a crash after the box was killed before its save): ignored.
        try store.write([.session(Self.session(1, ending: .crash)), .event(event)])
        #expect(try store.sessions() == [Self.session(1), Self.session(2)])
        #expect(try store.events() == [event])
        #expect(store.transactions == 2, "one transaction a batch")
        #expect(try store.version() == HistoryStore.schemaVersion)
        #expect(try store.sessions(kind: "breathing").isEmpty)
        #expect(try store.sessions(from: Self.start + 86400 * 1.5) == [Self.session(2)])
        // Another connection (the command line) sees the same.
        #expect(try HistoryStore(directory: dir).load().count == 3)
    }

    @Test func aFirstVersionDatabaseIsMigratedWithItsRowsKept() throws {
        let dir = try Self.folder()
        let path = dir + "/" + HistoryStore.fileName
        try Self.sql(path, HistoryStore.migrations[0] + """
            INSERT INTO sessions VALUES ('old@1', 'old', 'story', 'The Fox', 1795469400, 3600, 1795470000, 3600, 600, 'sleepTimer');
            INSERT INTO events VALUES ('dismissed@1', 'dismissed', 1795500000, 3600, NULL);
            PRAGMA user_version=1;
            """)
        let store = try HistoryStore(directory: dir)
        #expect(try store.version() == 2)
        let old = try #require(try store.sessions().first)
        #expect(old.itemID == "old" && old.ending == .sleepTimer && old.heardSeconds == 600)
        #expect(old.breathingCycles == nil && old.timerMinutes == nil)
        try store.write([.session(Self.session(1))])
        #expect(try store.sessions().last?.breathingCycles == 7)
        #expect(try store.events().map(\.kind) == [.dismissed])
    }

    @Test func aDamagedFileIsMovedAsideAndAFreshOneStarted() throws {
        let dir = try Self.folder()
        let path = dir + "/" + HistoryStore.fileName
        try Data(repeating: 0x5a, count: 4096).write(to: URL(fileURLWithPath: path))
        let store = try HistoryStore(directory: dir, now: Self.start)
        #expect(try store.sessions().isEmpty)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir)
        #expect(names.contains("history.db.corrupt-2026-11-23T213000Z"))
        let aside = try Data(contentsOf: URL(fileURLWithPath: dir + "/history.db.corrupt-2026-11-23T213000Z"))
        #expect(aside == Data(repeating: 0x5a, count: 4096), "kept as it was")
    }

    @Test func aNewerSchemaIsLeftAlone() throws {
        let dir = try Self.folder()
        try Self.sql(dir + "/" + HistoryStore.fileName, "CREATE TABLE future (x); PRAGMA user_version=9;")
        #expect(throws: HistoryError.newerSchema(path: dir + "/history.db", version: 9, known: 2)) {
            _ = try HistoryStore(directory: dir)
        }
    }

    @Test func deletingBeforeADateAndEverything() throws {
        let dir = try Self.folder()
        let store = try HistoryStore(directory: dir)
        try store.write((1...4).map { .session(Self.session($0)) })
        #expect(try store.delete(before: Self.start + 3 * 86400) == 2)
        #expect(try store.sessions().map(\.itemID) == ["med-3", "med-4"])
        #expect(try store.delete(before: nil) == 2)
        #expect(try store.sessions().isEmpty)
    }

    @Test func theSimulatorWritesTheSessionsItsRunnerRecords() throws {
        let dir = try Self.folder()
        let history = try HistoryStore(directory: dir)
        let config = BoxConfig(timeZone: SimulatorTests.berlin)
        let sim = Simulator(config: config, catalog: BuiltInCatalog.catalog, startWall: Self.start, seed: 1,
                            store: StateStore(directory: dir), trace: nil, frames: nil, history: history,
                            logger: Logger(label: "test"))
        sim.start()
        sim.perform(.press(.leaf))
        sim.advance(to: 30)
        sim.perform(.press(.skip))
        sim.advance(to: 60)
        let sessions = try history.sessions()
        #expect(sessions.count == 1 && sessions.first?.ending == .skipped)
        #expect(sessions.first.map { $0.startedAt == Self.start } == true)
        #expect(history.transactions == 1)
    }

    @Test func streakMinutesIsReadFromTheHistoryTable() throws {
        let file = try ConfigFile(text: "[history]\nstreak_minutes = 12\n", path: "sleepbox.toml", defaultTimeZone: ConfigFile.utc)
        #expect(file.config.history.streakMinutes == 12)
        #expect(try ConfigFile(text: "", path: "sleepbox.toml", defaultTimeZone: ConfigFile.utc).config.history.streakMinutes == 5)
        #expect(throws: ConfigError.self) {
            _ = try ConfigFile(text: "[history]\nstreak_minutes = 0\n", path: "sleepbox.toml", defaultTimeZone: ConfigFile.utc)
        }
    }
}
