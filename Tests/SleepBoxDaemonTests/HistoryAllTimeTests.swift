import Foundation
import SleepBoxCore
import Testing
@testable import SleepBoxStore

/// The all-time totals: summed by SQLite in `history.db` (a real database in a temporary folder)
/// as the box sums them from its nights.
@Suite struct HistoryAllTimeTests {
    /// Nights with runs of counted nights (the longest, 9, long ago), short sessions that do not
    /// count, two sessions some nights, a night across the change to summer time, and a session
    /// after `tonight` that is not counted.
    static func sessions() -> [SessionRecord] {
        var all: [SessionRecord] = []
        var start = 1_767_300_000.0   // 2026-01-01T20:40Z
        for day in 0..<300 {
            let skip = day % 17 == 9 || day % 23 == 0 || (day > 20 && day < 40 && day % 10 == 0)
            if !skip {
                let heard = day % 13 == 5 ? 120.5 : 600.0 + Double(day % 7) * 61.25
                let offset = day > 86 && day < 300 ? 7200 : 3600
                all.append(SessionRecord(itemID: "m", kind: "meditation", title: "M", startedAt: start, startOffset: offset,
                                         endedAt: start + heard, endOffset: offset, heardSeconds: heard, ending: .finished))
                if day % 5 == 0 {
                    all.append(SessionRecord(itemID: "n", kind: "story", title: "N", startedAt: start + 3600, startOffset: offset,
                                             endedAt: start + 3700, endOffset: offset, heardSeconds: 100, ending: .stopped))
                }
            }
            start += 86400 + Double((day * 97) % 900) - 450
        }
        return all
    }

    @Test func theTotalsSummedBySQLiteAreTheBoxsOwn() throws {
        let dir = try HistoryStoreTests.folder()
        let all = Self.sessions()
        try HistoryStore(directory: dir).write(all.map { .session($0) })
        let store = try HistoryStore(directory: dir, mode: .readOnly)
        let stats = HistoryStats(sessions: all, streakMinutes: 5)
        let tonight = stats.nights[stats.nights.count - 4].day
        let box = stats.allTime(tonight: tonight)
        let fromSQL = try #require(try store.allTime(through: tonight, streakMinutes: 5, currentStreak: box.currentStreak))
        #expect(fromSQL == box)
        #expect(box.first == stats.nights[0].day)
        let through = all.filter { HistoryStats.night(of: $0.startedAt, offset: $0.startOffset) <= tonight }
        #expect(box.sessions == through.count && through.count < all.count, "the nights after tonight are left out")
        #expect(box.longestStreak >= 9 && box.nights > 200 && box.averageBedtime != nil)
        // Another threshold moves the nights and the streak, in both.
        let strict = HistoryStats(sessions: all, streakMinutes: 11).allTime(tonight: tonight)
        #expect(try store.allTime(through: tonight, streakMinutes: 11, currentStreak: strict.currentStreak) == strict)
        #expect(strict.nights < box.nights)
    }

    @Test func anEmptyHistoryHasNoTotals() throws {
        let dir = try HistoryStoreTests.folder()
        try HistoryStore(directory: dir).write([])
        let store = try HistoryStore(directory: dir, mode: .readOnly)
        #expect(try store.allTime(through: CivilDay(year: 2026, month: 11, day: 30), streakMinutes: 5, currentStreak: 0) == nil)
    }

    @Test func theLongestStreakEverIsFoundBeforeTheLastMonths() throws {
        // Twelve nights in a row a year ago, three now: the longest is twelve.
        var all: [SessionRecord] = []
        for day in Array(0..<12) + Array(380..<383) {
            let start = 1_767_300_000.0 + Double(day) * 86400
            all.append(SessionRecord(itemID: "m", kind: "meditation", title: "M", startedAt: start, startOffset: 3600,
                                     endedAt: start + 900, endOffset: 3600, heardSeconds: 900, ending: .finished))
        }
        let dir = try HistoryStoreTests.folder()
        try HistoryStore(directory: dir).write(all.map { .session($0) })
        let store = try HistoryStore(directory: dir, mode: .readOnly)
        let tonight = HistoryStats.night(of: all.last!.startedAt, offset: 3600)
        let totals = try #require(try store.allTime(through: tonight, streakMinutes: 5, currentStreak: 3))
        #expect(totals.longestStreak == 12 && totals.nights == 15 && totals.minutes == 15 * 15 && totals.sessions == 15)
        #expect(totals.averageBedtime == 21 * 60 + 40)
        #expect(totals.first == HistoryStats.night(of: all[0].startedAt, offset: 3600))
    }
}
