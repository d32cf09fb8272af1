import Testing
@testable import SleepBoxDaemon
@testable import SleepBoxRunner

@Suite struct DurationParserTests {
    @Test(arguments: [
        ("0s", 0.0), ("1.5s", 1.5), ("90s", 90), ("2m", 120), ("1h30m", 5400), ("1h", 3600),
        ("250ms", 0.25), ("1m30s", 90), ("1h2m3s4ms", 3723.004), ("0.5h", 1800), ("1h90m", 9000),
        ("007s", 7),
    ] as [(String, Double)])
    func parses(_ text: String, _ seconds: Double) {
        #expect(DurationParser.parse(text) == seconds)
    }

    @Test(arguments: ["", "3x", "90", "s", "1", "1m1h", "1s1s", "-1s", "1.s", ".5s", "1 s", " 1s", "1s ",
                      "1hm", "1H", "1e3s", "1,5s", "ms", "1mss", "1sms"])
    func rejects(_ text: String) {
        #expect(DurationParser.parse(text) == nil)
    }

    @Test(arguments: [
        (5400.0, "1h30m"), (90, "1m30s"), (1.5, "1.5s"), (0.25, "250ms"), (0, "0s"), (3600, "1h"),
        (60, "1m"), (61.05, "1m1.05s"), (3661.005, "1h1m1.005s"), (0.0004, "0s"), (0.0005, "1ms"),
        (32400, "9h"), (-90, "-1m30s"), (172_800, "48h"),
    ] as [(Double, String)])
    func formats(_ seconds: Double, _ text: String) {
        #expect(DurationParser.format(seconds) == text)
    }

    @Test func formatsTheUnformattable() {
        #expect(DurationParser.format(.nan) == "nan")
        #expect(DurationParser.format(.infinity) == "inf")
        #expect(DurationParser.format(1e300) == "1e+300s")
    }

    @Test(arguments: [0.001, 0.999, 1, 59.5, 61, 3599.999, 3600, 5400, 86_399.5, 123_456.789])
    func roundTrips(_ seconds: Double) {
        #expect(DurationParser.parse(DurationParser.format(seconds)).map { ($0 * 1000).rounded() } == (seconds * 1000).rounded())
    }
}
