import Testing
@testable import SleepBoxDaemon

@Suite struct LoopTimingsTests {
    @Test func percentilesComeFromTheHistogramAndTheSlowestAreKeptWithWhatTheyDid() {
        var t = LoopTimings()
        for _ in 0..<997 { t.record(0.000_05, did: "audio") }
        t.record(0.003_05, did: "audio, drew a frame")
        t.record(0.012_05, did: "control")
        t.record(0.5, did: "recording opened")
        #expect(t.iterations == 1_000)
        #expect(t.percentile(0.5) == 0.000_1)
        #expect(t.percentile(0.997) == 0.000_1)
        #expect(abs(t.percentile(0.998) - 0.003_1) < 1e-12)
        #expect(abs(t.percentile(0.999) - 0.012_1) < 1e-12)
        #expect(t.percentile(1) == 0.5)
        #expect(t.slowest.map(\.did) == ["recording opened", "control", "audio, drew a frame", "audio", "audio"])
        let status = t.statusValue.serialized
        #expect(status.contains("\"maxMs\":500"))
        #expect(status.contains("\"histogram100us\":[[0,997],[30,1],[120,1],[1000,1]]"))
    }
}
