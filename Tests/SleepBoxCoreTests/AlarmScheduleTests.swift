import Foundation
@testable import SleepBoxCore
import Testing

/// The alarm rule on its own: instants in local time from the time zone database.
@Suite struct AlarmScheduleTests {
    static func schedule(_ settings: AlarmSettings) throws -> AlarmSchedule {
        AlarmSchedule(settings: settings, clock: LocalClock(timeZone: try Fixture.berlin()))
    }

    @Test func theNextInstantIsTheNextLocalTimeOfDay() throws {
        let s = try Self.schedule(AlarmSettings(hour: 6, minute: 45))
        // Monday 22:30 -> Tuesday 06:45 (UTC+1).
        #expect(s.instant(after: try utc(2026, 11, 23, 21, 30)) == (try utc(2026, 11, 24, 5, 45)))
        // Tuesday 06:00 -> Tuesday 06:45; strictly after: 06:45 -> Wednesday.
        #expect(s.instant(after: try utc(2026, 11, 24, 5, 0)) == (try utc(2026, 11, 24, 5, 45)))
        #expect(s.instant(after: try utc(2026, 11, 24, 5, 45)) == (try utc(2026, 11, 25, 5, 45)))
        #expect(s.instant(after: try utc(2026, 11, 24, 5, 45) - 0.5) == (try utc(2026, 11, 24, 5, 45)))
        // Summer: UTC+2.
        #expect(s.instant(after: try utc(2026, 7, 1, 12, 0)) == (try utc(2026, 7, 2, 4, 45)))
    }

    @Test func weekdaysCountFromSunday() throws {
        // Saturday only (7); from Monday 2026-11-23 the next is Saturday 2026-11-28.
        let s = try Self.schedule(AlarmSettings(hour: 8, minute: 0, weekdays: [7]))
        #expect(s.instant(after: try utc(2026, 11, 23, 12, 0)) == (try utc(2026, 11, 28, 7, 0)))
        // Sunday only (1).
        let sunday = try Self.schedule(AlarmSettings(hour: 8, minute: 0, weekdays: [1]))
        #expect(sunday.instant(after: try utc(2026, 11, 23, 12, 0)) == (try utc(2026, 11, 29, 7, 0)))
        // No weekdays: never.
        let never = try Self.schedule(AlarmSettings(hour: 8, minute: 0, weekdays: []))
        #expect(never.instant(after: try utc(2026, 11, 23, 12, 0)) == nil)
    }

    @Test func nextRingHonoursEnabledAndSkipNext() throws {
        let from = try utc(2026, 11, 23, 21, 30)
        #expect(try Self.schedule(AlarmSettings(hour: 6, minute: 30)).nextRing(after: from) == (try utc(2026, 11, 24, 5, 30)))
        #expect(try Self.schedule(AlarmSettings(hour: 6, minute: 30, isEnabled: false)).nextRing(after: from) == nil)
        #expect(try Self.schedule(AlarmSettings(hour: 6, minute: 30, skipNext: true)).nextRing(after: from) == (try utc(2026, 11, 25, 5, 30)))
    }

    @Test func dueMeansPreviousBeforeTheInstantAndTheInstantAtOrBeforeNow() throws {
        let s = try Self.schedule(AlarmSettings(hour: 6, minute: 30))
        let t = try utc(2026, 11, 24, 5, 30)
        #expect(s.due(previous: t - 10, now: t - 0.001) == nil)
        #expect(s.due(previous: t - 10, now: t) == t)
        #expect(s.due(previous: t - 0.001, now: t + 3600) == t)
        #expect(s.due(previous: t, now: t + 3600) == nil)
        #expect(s.due(previous: t + 1, now: t - 100) == nil) // clock went back
        // Three days down: only the last instant counts.
        #expect(s.due(previous: t - 1, now: t + 2 * 86400 + 60) == t + 2 * 86400)
    }

    @Test func springForwardMovesASkippedTimeByTheGap() throws {
        let s = try Self.schedule(AlarmSettings(hour: 2, minute: 30))
        var instants: [Double] = []
        var cursor = try utc(2026, 3, 27, 12, 0)
        for _ in 0..<4 {
            cursor = try #require(s.instant(after: cursor))
            instants.append(cursor)
        }
        #expect(instants == [try utc(2026, 3, 28, 1, 30),   // 02:30 CET
                             try utc(2026, 3, 29, 1, 30),   // 02:30 does not exist: 03:30 CEST
                             try utc(2026, 3, 30, 0, 30),   // 02:30 CEST
                             try utc(2026, 3, 31, 0, 30)])
        #expect(s.due(previous: try utc(2026, 3, 28, 21, 0), now: try utc(2026, 3, 29, 10, 0)) == (try utc(2026, 3, 29, 1, 30)))
    }

    @Test func fallBackGivesOneInstantForATimeThatHappensTwice() throws {
        let s = try Self.schedule(AlarmSettings(hour: 2, minute: 30))
        var instants: [Double] = []
        var cursor = try utc(2026, 10, 23, 12, 0)
        for _ in 0..<4 {
            cursor = try #require(s.instant(after: cursor))
            instants.append(cursor)
        }
        #expect(instants == [try utc(2026, 10, 24, 0, 30),  // 02:30 CEST
                             try utc(2026, 10, 25, 0, 30),  // the first 02:30 (CEST); not the second (CET)
                             try utc(2026, 10, 26, 1, 30),  // 02:30 CET
                             try utc(2026, 10, 27, 1, 30)])
        // Between the two 02:30s nothing more is due.
        #expect(s.due(previous: try utc(2026, 10, 25, 0, 30), now: try utc(2026, 10, 25, 1, 30)) == nil)
    }

    @Test func dstWeeksRingEveryDayExactlyOnce() throws {
        // Alarms at every quarter hour around the changes: each local day has exactly one instant.
        for (from, to) in [(try utc(2026, 3, 27, 0, 0), try utc(2026, 4, 1, 0, 0)),
                           (try utc(2026, 10, 23, 0, 0), try utc(2026, 10, 28, 0, 0))] {
            for hour in [0, 1, 2, 3, 23] {
                for minute in [0, 15, 30, 45] {
                    let s = try Self.schedule(AlarmSettings(hour: hour, minute: minute))
                    var cursor = from
                    var days: [String] = []
                    let clock = LocalClock(timeZone: try Fixture.berlin())
                    while let next = s.instant(after: cursor), next < to {
                        #expect(next > cursor)
                        let f = clock.fields(next)
                        days.append("\(f.year)-\(f.month)-\(f.day)")
                        cursor = next
                    }
                    #expect(Set(days).count == days.count, "\(hour):\(minute) rang twice on a day: \(days)")
                    #expect(days.count >= 4, "\(hour):\(minute): \(days)")
                }
            }
        }
    }
}
