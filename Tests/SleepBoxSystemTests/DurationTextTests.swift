import Testing
import SleepBoxSystem
import SleepBoxSystem

@Suite struct DurationTextTests {
    @Test(arguments: [
        ("0s", 0.0), ("1.5s", 1.5), ("90s", 90), ("2m", 120), ("1h30m", 5400), ("1h", 3600),
        ("250ms", 0.25), ("1m30s", 90), ("1h2m3s4ms", 3723.004), ("0.5h", 1800), ("1h90m", 9000),
        ("007s", 7),
    ] as [(String, Double)])
    func parses(_ text: String, _ seconds: Double) {
        #expect(DurationText.seconds(text) == seconds)
    }

    @Test(arguments: ["", "3x", "90", "s", "1", "1m1h", "1s1s", "-1s", "1.s", ".5s", "1 s", " 1s", "1s ",
                      "1hm", "1H", "1e3s", "1,5s", "ms", "1mss", "1sms"])
    func rejects(_ text: String) {
        #expect(DurationText.seconds(text) == nil)
    }

    @Test(arguments: [
        (5400.0, "1h30m"), (90, "1m30s"), (1.5, "1.5s"), (0.25, "250ms"), (0, "0s"), (3600, "1h"),
        (60, "1m"), (61.05, "1m1.05s"), (3661.005, "1h1m1.005s"), (0.0004, "0s"), (0.0005, "1ms"),
        (32400, "9h"), (-90, "-1m30s"), (172_800, "48h"),
    ] as [(Double, String)])
    func formats(_ seconds: Double, _ text: String) {
        #expect(DurationText.format(seconds, precision: .millisecond) == text)
    }

    @Test func formatsTheUnformattable() {
        #expect(DurationText.format(.nan, precision: .millisecond) == "nan")
        #expect(DurationText.format(.infinity, precision: .millisecond) == "inf")
        #expect(DurationText.format(1e300, precision: .millisecond) == "1e+300s")
    }

    @Test(arguments: [0.001, 0.999, 1, 59.5, 61, 3599.999, 3600, 5400, 86_399.5, 123_456.789])
    func roundTrips(_ seconds: Double) {
        #expect(DurationText.seconds(DurationText.format(seconds, precision: .millisecond)).map { ($0 * 1000).rounded() } == (seconds * 1000).rounded())
    }

    /// One grammar for content files and scripts: a content file may write milliseconds, and the
    /// forms only content files used to take are read everywhere.
    @Test(arguments: [("1.5m", 90.0), ("1h2m3.5s", 3723.5), ("8h", 28_800), ("500ms", 0.5), ("2m500ms", 120.5)] as [(String, Double)])
    func readsEveryForm(_ text: String, _ seconds: Double) {
        #expect(DurationText.seconds(text) == seconds)
    }

    @Test(arguments: [
        (3723.45, "1h2m3.5s"), (0.25, "0.3s"), (0.04, "0s"), (-90, "-1m30s"), (-0.04, "0s"), (12.4, "12.4s"), (600, "10m"),
    ] as [(Double, String)])
    func formatsToATenth(_ seconds: Double, _ text: String) {
        #expect(DurationText.format(seconds) == text)
    }
}
