/// When to try a device again after it could not be opened: `initial` seconds after the first
/// failure, doubling after each further failure, never more than `maximum`.
public struct ALSARetryBackoff: Sendable, Equatable, Hashable {
    /// Seconds before the first retry.
    public var initial: Double
    /// The longest wait between two retries, in seconds.
    public var maximum: Double

    /// A schedule of `initial`, `2 * initial`, ... up to `maximum` seconds (0.5 s to 30 s by default).
    public init(initial: Double = 0.5, maximum: Double = 30) {
        self.initial = max(0, initial)
        self.maximum = max(self.initial, maximum)
    }

    /// Seconds to wait after `failures` consecutive failed attempts (1 for the first failure).
    public func delay(afterFailures failures: Int) -> Double {
        guard failures > 1 else { return initial }
        var d = initial
        for _ in 1..<failures {
            d *= 2
            if d >= maximum { return maximum }
        }
        return min(d, maximum)
    }
}
