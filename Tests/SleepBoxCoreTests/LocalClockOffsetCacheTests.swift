import Foundation
import SleepBoxCore
import Testing

@Suite("LocalClock: the zone's offset is worked out once for a stretch, the fields by arithmetic")
struct LocalClockOffsetCacheTests {
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

    /// Walls spread over 1900 to 2200, in zones with half-hour, quarter-hour and half-hour
    /// daylight-saving offsets: the fields and the offset equal Foundation's calendar's, asked in
    /// order and out of it.
    @Test("fields and offset equal the calendar's over three centuries", arguments: [
        "UTC", "Europe/Berlin", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe",
        "Pacific/Chatham", "America/St_Johns", "Asia/Kathmandu", "Europe/Lisbon",
    ])
    func spreadOverCenturies(zone: String) throws {
        let tz = try #require(TimeZone(identifier: zone))
        let clock = LocalClock(timeZone: tz)
        var seed: UInt64 = 0x5EED
        var walls: [Double] = []
        for _ in 0..<1_500 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let unit = Double(seed >> 11) / Double(1 << 53)
            walls.append(-2_208_988_800 + unit * 9_467_107_200)
        }
        // A night's worth of minutes in order too, as the display asks.
        walls += stride(from: 1_793_000_000.0, to: 1_793_040_000.0, by: 59.5)
        for w in walls {
            #expect(clock.fields(w) == clock.uncachedFields(w), "\(zone) at \(w)")
            #expect(clock.offset(w) == tz.secondsFromGMT(for: Date(timeIntervalSince1970: w)), "\(zone) at \(w)")
        }
    }

    @Test func leapDaysAndTheTurnOfCenturiesAreRight() throws {
        let clock = LocalClock(timeZone: try #require(TimeZone(identifier: "UTC")))
        // 2000-02-29, 2100-02-28 23:59:59 and the next second (2100 is not a leap year), 1900-03-01.
        let cases: [(Double, LocalFields)] = [
            (951_782_400, LocalFields(year: 2000, month: 2, day: 29, hour: 0, minute: 0, second: 0, weekday: 3)),
            (4_107_542_399, LocalFields(year: 2100, month: 2, day: 28, hour: 23, minute: 59, second: 59, weekday: 1)),
            (4_107_542_400, LocalFields(year: 2100, month: 3, day: 1, hour: 0, minute: 0, second: 0, weekday: 2)),
            (-2_203_891_200, LocalFields(year: 1900, month: 3, day: 1, hour: 0, minute: 0, second: 0, weekday: 5)),
        ]
        for (wall, expected) in cases {
            #expect(clock.fields(wall) == expected, "\(wall)")
            #expect(clock.uncachedFields(wall) == expected, "\(wall)")
        }
    }
}
