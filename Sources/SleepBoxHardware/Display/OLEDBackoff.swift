/// How long a lost panel waits before the next try: `initial` seconds, doubling per failure up
/// to `maximum`.
public struct OLEDBackoff: Sendable, Hashable {
    public var initial: Double
    public var maximum: Double
    public var factor: Double

    /// 1 s, 2 s, 4 s … 32 s, then every 60 s.
    public static let standard = OLEDBackoff(initial: 1, maximum: 60, factor: 2)

    public init(initial: Double, maximum: Double, factor: Double = 2) {
        self.initial = initial
        self.maximum = maximum
        self.factor = factor
    }

    /// The wait after the `failures`-th consecutive failure (1 for the first).
    public func delay(afterFailures failures: Int) -> Double {
        var delay = initial
        for _ in 1..<max(1, failures) where delay < maximum { delay *= factor }
        return min(delay, maximum)
    }
}
