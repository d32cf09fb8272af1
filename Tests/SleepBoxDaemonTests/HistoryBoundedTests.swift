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

/// A long history: read a row at a time, summed up by SQLite a night a row, kept within its
/// retention; deleted in small transactions, and the box's batch that could not be written in
/// the meantime kept and written later.
@Suite struct HistoryBoundedTests {
    /// `sessions` sessions, three a night from 2020 on, with an event a night.
    static func longHistory(sessions: Int) throws -> (dir: String, all: [SessionRecord]) {
        let dir = try HistoryStoreTests.folder()
        let store = try HistoryStore(directory: dir)
        var all: [SessionRecord] = []
        var records: [HistoryRecord] = []
        for i in 0..<sessions {
            let start = 1_577_905_200.0 + Double(i / 3) * 86400 + Double(i % 3) * 2400  // 2020-01-01T19:00Z on
            let heard = Double((i * 37) % 1500) + 0.125
            let s = SessionRecord(itemID: "item-\(i % 7)", kind: "meditation", title: "Item \(i % 7)", startedAt: start,
                                  startOffset: i / 3 % 200 < 100 ? 3600 : 7200, endedAt: start + heard, endOffset: 3600,
                                  heardSeconds: heard, ending: .finished)
            all.append(s)
            records.append(.session(s))
            if i % 3 == 2 { records.append(.event(NightEvent(kind: .dismissed, at: start + 30000, offset: 3600))) }
        }
        try store.write(records)
        return (dir, all)
    }

    @Test func theNightsSummedUpBySQLiteAreTheBoxsOwn() throws {
        let (dir, all) = try Self.longHistory(sessions: 3000)
        let store = try HistoryStore(directory: dir)
        let fromSQL = try store.nights()
        let fromSwift = NightIndex(all).nights
        #expect(fromSQL.count == 1000 && fromSQL.count == fromSwift.count)
        for (a, b) in zip(fromSQL, fromSwift) {
            #expect(a.day == b.day && a.sessions == b.sessions && a.longestHeard == b.longestHeard)
            #expect(abs(a.heardSeconds - b.heardSeconds) < 1e-6 && abs(a.bedtime - b.bedtime) < 1e-9)
        }
        #expect(try store.nights(from: fromSwift[10].day, through: fromSwift[19].day).map(\.day) == fromSwift[10...19].map(\.day))
        // The box's start: a row a night and the last 14 nights whole, not every session.
        let records = store.loadHistory()
        #expect(records.filter { if case .session = $0 { true } else { false } }.count == 42)
        #expect(records.filter { if case .night = $0 { true } else { false } }.count == 986)
        var log = HistoryLog(records)
        let events = try store.events()
        #expect(events.count == 1000)
        let whole = HistoryStats(sessions: all, events: events, streakMinutes: 10)
        let tonight = fromSwift.last!.day.adding(1)
        let summed = HistoryStats(log, streakMinutes: 10)
        #expect(summed.countedNights == whole.countedNights)
        #expect(summed.lastDays(30, tonight: tonight) == whole.lastDays(30, tonight: tonight))
        #expect(summed.lastNight(now: 1_577_905_200 + 1000 * 86400, offset: 3600) ==
                whole.lastNight(now: 1_577_905_200 + 1000 * 86400, offset: 3600))
        log.add(.session(all[0]))
        #expect(HistoryStats(log, streakMinutes: 10).nights.count == 1000)
    }

    @Test func theExportIsWrittenARowAtATime() throws {
        let (dir, _) = try Self.longHistory(sessions: 3000)
        let tool = try HistoryTool(stateDirectory: dir, config: BoxConfig())
        var lines = 0, largest = 0
        try tool.exportCSV { chunk in
            lines += 1
            largest = max(largest, chunk.utf8.count)
        }
        #expect(lines == 3001 && largest < 300)
        var pieces = 0
        largest = 0
        try tool.exportJSON { chunk in
            pieces += 1
            largest = max(largest, chunk.utf8.count)
        }
        #expect(pieces > 4000 && largest < 400)
    }

    @Test func theHistoryIsKeptWithinItsRetention() throws {
        let (dir, all) = try Self.longHistory(sessions: 3000)
        let store = try HistoryStore(directory: dir)
        let now = all.last!.startedAt + 86400
        // 500 days back, then the newest 900 sessions and 250 events.
        let removed = try store.prune(now: now, retention: .init(seconds: 500 * 86400, sessions: 900, events: 250), batch: 200)
        #expect(try store.count(before: nil) == 900)
        #expect(try store.events().count == 250)
        #expect(removed == 2100 + 750)
        #expect(try store.sessions().first?.startedAt == all[2100].startedAt)
    }

    @Test func deleteWorksInSmallTransactions() throws {
        let (dir, all) = try Self.longHistory(sessions: 2400)
        let tool = try HistoryTool(stateDirectory: dir, config: BoxConfig(), writable: true)
        let before = tool.store.transactions
        #expect(try tool.delete(before: all[2000].startedAt) == 2000)
        // 2000 sessions and 666 events, HistoryStore.deleteBatch (500) a transaction.
        #expect(tool.store.transactions - before == 4 + 1 + 2)
        #expect(try tool.count(before: nil) == 400)
    }

    @Test func aBatchTheLockedDatabaseRefusedIsWrittenLater() throws {
        let dir = try HistoryStoreTests.folder()
        let store = try HistoryStore(directory: dir, busyTimeoutMilliseconds: 20)
        // Another connection holds the write lock (as `history delete` did for seconds).
        var other: OpaquePointer?
        #expect(sqlite3_open(dir + "/" + HistoryStore.fileName, &other) == SQLITE_OK)
        defer { sqlite3_close(other) }
        #expect(sqlite3_exec(other, "BEGIN IMMEDIATE", nil, nil, nil) == SQLITE_OK)
        store.write(batch: [.session(HistoryStoreTests.session(0))])
        store.write(batch: [.session(HistoryStoreTests.session(1))])
        #expect(store.pending.count == 2)
        #expect(sqlite3_exec(other, "COMMIT", nil, nil, nil) == SQLITE_OK)
        store.retryPending()
        #expect(store.pending.count == 0)
        #expect(try store.sessions().map(\.itemID) == ["med-0", "med-1"])
    }
}
