import Foundation
import Testing
@testable import SleepBoxDaemon
@testable import SleepBoxConfig
@testable import SleepBoxRunner

@Suite struct LocalDateTimeTests {
    @Test func parsesLocalAndAbsoluteTimes() {
        #expect(LocalDateTime(parsing: "2026-11-23T06:40:00")
            == LocalDateTime(year: 2026, month: 11, day: 23, hour: 6, minute: 40, second: 0))
        #expect(LocalDateTime(parsing: "2026-11-23T06:40")
            == LocalDateTime(year: 2026, month: 11, day: 23, hour: 6, minute: 40))
        #expect(LocalDateTime(parsing: "2026-11-23T06:40:00Z")?.utcOffsetSeconds == 0)
        #expect(LocalDateTime(parsing: "2026-11-23T06:40:00+01:00")?.utcOffsetSeconds == 3600)
        #expect(LocalDateTime(parsing: "2026-11-23T06:40:00-05:30")?.utcOffsetSeconds == -19800)
        #expect(LocalDateTime(parsing: "2028-02-29T00:00:59")?.second == 59)
    }

    @Test(arguments: ["", "2026-11-23", "2026-11-23 06:40:00", "2026-13-01T00:00:00", "2026-02-29T00:00:00",
                      "2026-04-31T00:00:00", "2026-11-23T24:00:00", "2026-11-23T06:60:00", "2026-11-23T06:40:60",
                      "2026-11-23T06:40:00z", "2026-11-23T06:40:00+0100", "2026-11-23T06:40:00+01:00x",
                      "2026-11-23T06:40:00+24:00", "26-11-23T06:40:00", "2026-11-23T6:40:00", "0000-01-01T00:00:00",
                      "2026-11-23T06:40:0", "+026-11-23T06:40:00"])
    func rejects(_ text: String) {
        #expect(LocalDateTime(parsing: text) == nil)
    }

    @Test func describesItselfAsItWasWritten() {
        #expect(LocalDateTime(parsing: "2026-11-23T06:40")?.description == "2026-11-23T06:40:00")
        #expect(LocalDateTime(parsing: "2026-11-23T06:40:00Z")?.description == "2026-11-23T06:40:00Z")
        #expect(LocalDateTime(parsing: "2026-11-23T06:40:00-05:30")?.description == "2026-11-23T06:40:00-05:30")
    }

    @Test func convertsWithTheTimeZoneOrItsOwnOffset() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let utc = ConfigFile.utc
        // 2026-11-23T05:40:00Z
        #expect(LocalDateTime(parsing: "2026-11-23T06:40:00")?.secondsSince1970(in: berlin) == 1_795_412_400)
        #expect(LocalDateTime(parsing: "2026-11-23T05:40:00")?.secondsSince1970(in: utc) == 1_795_412_400)
        #expect(LocalDateTime(parsing: "2026-11-23T06:40:00+01:00")?.secondsSince1970(in: utc) == 1_795_412_400)
        #expect(LocalDateTime(parsing: "2026-11-23T05:40:00Z")?.secondsSince1970(in: berlin) == 1_795_412_400)
        // Summer time: 2026-07-01T08:00 in Berlin is 06:00Z.
        #expect(LocalDateTime(parsing: "2026-07-01T08:00:00")?.secondsSince1970(in: berlin) == 1_782_885_600)
        #expect(LocalDateTime(parsing: "1970-01-01T00:00:00Z")?.secondsSince1970(in: berlin) == 0)
    }
}
