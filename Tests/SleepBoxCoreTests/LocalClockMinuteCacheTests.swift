import Foundation
import SleepBoxCore
import Testing

@Suite("LocalClock: the fields of one minute are worked out once")
struct LocalClockMinuteCacheTests {
    /// Every 0.25 s over four minutes either side of a change, asked in a scrambled order, the
    /// cached fields equal Foundation's.
    @Test("cached fields equal the calendar's, across a daylight-saving change", arguments: [
        ("Europe/Berlin", 1_774_746_000.0),  // 2026-03-29 01:00 UTC: 02:00 -> 03:00 local
        ("Europe/Berlin", 1_792_890_000.0),  // 2026-10-25 01:00 UTC: 03:00 -> 02:00 local
        ("America/New_York", 1_772_953_200.0),  // 2026-03-08 07:00 UTC
        ("Asia/Kolkata", 1_774_746_000.0),  // +05:30, no change
    ])
    func cachedEqualsCalendar(zone: String, change: Double) throws {
        let tz = try #require(TimeZone(identifier: zone))
        let clock = LocalClock(timeZone: tz)
        let reference = LocalClock(timeZone: tz)
        var times: [Double] = []
        var t = change - 240
        while t < change + 240 {
            times.append(t)
            t += 0.25
        }
        // Mostly forward, as a display asks, with jumps back now and then.
        var scrambled: [Double] = []
        for (i, w) in times.enumerated() {
            scrambled.append(w)
            if i % 97 == 0 { scrambled.append(times[(i * 31) % times.count]) }
        }
        for w in scrambled {
            #expect(clock.fields(w) == reference.uncachedFields(w), "\(zone) at \(w)")
        }
    }

    @Test func aHistoricOffsetWithSecondsIsRight() throws {
        // Amsterdam kept local mean time (+00:19:32) until 1937.
        let tz = try #require(TimeZone(identifier: "Europe/Amsterdam"))
        let clock = LocalClock(timeZone: tz)
        for w in stride(from: -1_100_000_000.0, to: -1_099_999_700.0, by: 0.5) {
            #expect(clock.fields(w) == clock.uncachedFields(w))
        }
    }
}
