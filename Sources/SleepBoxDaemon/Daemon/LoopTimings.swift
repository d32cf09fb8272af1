/// How long the loop's iterations take, from `poll()` returning to the next `poll()`: a
/// histogram in 0.1 ms steps for the percentiles, and the slowest iterations with what they did
/// (which descriptors woke the loop, whether a frame was drawn), for the status and the log.
struct LoopTimings {
    /// An iteration over this is logged (at debug level) with what it did.
    static let slowSeconds = 0.002
    static let bucketSeconds = 0.000_1
    static let bucketCount = 1_000
    static let keptSlowest = 5

    private(set) var iterations = 0
    private var buckets = [Int](repeating: 0, count: bucketCount + 1)
    private(set) var maxSeconds = 0.0
    /// The slowest iterations so far, slowest first.
    private(set) var slowest: [(seconds: Double, did: String)] = []

    /// Counts one iteration of `seconds` that did `did` (evaluated only when it is among the slowest).
    mutating func record(_ seconds: Double, did: @autoclosure () -> String) {
        iterations += 1
        let index = min(Self.bucketCount, max(0, Int(seconds / Self.bucketSeconds)))
        buckets[index] += 1
        maxSeconds = max(maxSeconds, seconds)
        if slowest.count < Self.keptSlowest || seconds > (slowest.last?.seconds ?? 0) {
            slowest.append((seconds, did()))
            slowest.sort { $0.seconds > $1.seconds }
            if slowest.count > Self.keptSlowest { slowest.removeLast() }
        }
    }

    /// The upper edge of the bucket holding the `p`-quantile (0...1): no iteration in that share
    /// took longer; the last bucket's edge is the maximum.
    func percentile(_ p: Double) -> Double {
        guard iterations > 0 else { return 0 }
        let rank = max(1, Int((p * Double(iterations)).rounded(.up)))
        var seen = 0
        for (i, n) in buckets.enumerated() {
            seen += n
            if seen >= rank { return i == Self.bucketCount ? maxSeconds : min(maxSeconds, Double(i + 1) * Self.bucketSeconds) }
        }
        return maxSeconds
    }

    /// The status's `loop` object: iterations, p50/p99/p99.9/max in ms, the slowest with what they
    /// did, and the histogram as [bucket, count] pairs of the non-empty 0.1 ms buckets (bucket i
    /// holds iterations of i x 0.1 ms up to (i + 1) x 0.1 ms; the last, everything longer), so a
    /// benchmark can take two statuses apart and see one stretch of time alone.
    var statusValue: JSONValue {
        func ms(_ s: Double) -> JSONValue { .number((s * 10_000).rounded() / 10) }
        let histogram = buckets.enumerated().filter { $0.element > 0 }
            .map { JSONValue.array([.number(Double($0.offset)), .number(Double($0.element))]) }
        return .object([
            ("iterations", .number(Double(iterations))),
            ("p50Ms", ms(percentile(0.5))), ("p99Ms", ms(percentile(0.99))), ("p999Ms", ms(percentile(0.999))),
            ("maxMs", ms(maxSeconds)),
            ("slowest", .array(slowest.map { .object([("ms", ms($0.seconds)), ("did", .string($0.did))]) })),
            ("histogram100us", .array(histogram)),
        ])
    }
}
