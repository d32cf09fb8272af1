import SleepBoxSystem
/// How long the loop's iterations take, from `poll()` returning to the next `poll()`: a
/// histogram in 0.1 ms steps for the percentiles, and the slowest iterations with what they did
/// (which descriptors woke the loop, how long its steps took, whether a frame was drawn), for the
/// status and the log. The same for the loop thread's CPU time in each iteration: on a busy
/// machine an iteration can take long because another process had the core, which the CPU time
/// does not count; the two apart tell waiting from working.
struct LoopTimings {
    /// An iteration over this is logged (at debug level) with what it did.
    static let slowSeconds = 0.002
    static let bucketSeconds = 0.000_1
    static let bucketCount = 1_000
    static let keptSlowest = 5

    private(set) var iterations = 0
    private var buckets = [Int](repeating: 0, count: bucketCount + 1)
    private var cpuBuckets = [Int](repeating: 0, count: bucketCount + 1)
    private(set) var maxSeconds = 0.0
    private(set) var maxCPUSeconds = 0.0
    /// The slowest iterations so far, slowest first.
    private(set) var slowest: [(seconds: Double, cpuSeconds: Double, did: String)] = []

    /// Counts one iteration of `seconds` (of which the loop thread ran `cpuSeconds`) that did
    /// `did` (evaluated only when it is among the slowest).
    mutating func record(_ seconds: Double, cpuSeconds: Double = 0, did: @autoclosure () -> String) {
        iterations += 1
        buckets[Self.bucket(seconds)] += 1
        cpuBuckets[Self.bucket(cpuSeconds)] += 1
        maxSeconds = max(maxSeconds, seconds)
        maxCPUSeconds = max(maxCPUSeconds, cpuSeconds)
        if slowest.count < Self.keptSlowest || seconds > (slowest.last?.seconds ?? 0) {
            slowest.append((seconds, cpuSeconds, did()))
            slowest.sort { $0.seconds > $1.seconds }
            if slowest.count > Self.keptSlowest { slowest.removeLast() }
        }
    }

    private static func bucket(_ seconds: Double) -> Int {
        seconds.isFinite ? min(bucketCount, max(0, Int(seconds / bucketSeconds))) : bucketCount
    }

    /// The upper edge of the bucket holding the `p`-quantile (0...1): no iteration in that share
    /// took longer; the last bucket's edge is the maximum.
    func percentile(_ p: Double) -> Double { Self.percentile(p, of: buckets, count: iterations, max: maxSeconds) }

    /// The same for the loop thread's CPU time.
    func cpuPercentile(_ p: Double) -> Double { Self.percentile(p, of: cpuBuckets, count: iterations, max: maxCPUSeconds) }

    private static func percentile(_ p: Double, of buckets: [Int], count: Int, max top: Double) -> Double {
        guard count > 0 else { return 0 }
        let rank = Swift.max(1, Int((p * Double(count)).rounded(.up)))
        var seen = 0
        for (i, n) in buckets.enumerated() {
            seen += n
            if seen >= rank { return i == bucketCount ? top : min(top, Double(i + 1) * bucketSeconds) }
        }
        return top
    }

    /// The status's `loop` object: iterations, p50/p99/p99.9/max in ms, the slowest with what they
    /// did, and the histogram as [bucket, count] pairs of the non-empty 0.1 ms buckets (bucket i
    /// holds iterations of i x 0.1 ms up to (i + 1) x 0.1 ms; the last, everything longer), so a
    /// benchmark can take two statuses apart and see one stretch of time alone.
    var statusValue: JSONValue {
        func ms(_ s: Double) -> JSONValue { .number((s * 10_000).rounded() / 10) }
        func pairs(_ buckets: [Int]) -> JSONValue {
            .array(buckets.enumerated().filter { $0.element > 0 }
                .map { JSONValue.array([.number(Double($0.offset)), .number(Double($0.element))]) })
        }
        return .object([
            ("iterations", .number(Double(iterations))),
            ("p50Ms", ms(percentile(0.5))), ("p99Ms", ms(percentile(0.99))), ("p999Ms", ms(percentile(0.999))),
            ("maxMs", ms(maxSeconds)),
            ("cpuP999Ms", ms(cpuPercentile(0.999))), ("cpuMaxMs", ms(maxCPUSeconds)),
            ("slowest", .array(slowest.map {
                .object([("ms", ms($0.seconds)), ("cpuMs", ms($0.cpuSeconds)), ("did", .string($0.did))])
            })),
            ("histogram100us", pairs(buckets)),
            ("cpuHistogram100us", pairs(cpuBuckets)),
        ])
    }
}
