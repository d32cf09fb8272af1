/// How long to wait before trying a lost device again: `initial` seconds after the first
/// failure, multiplied by `factor` after each further failure, never more than `maximum`.
///
/// The display panel retries 1 s, 2 s, 4 s ... 60 s; the ALSA sink 0.5 s, 1 s ... 30 s.
public struct RetryBackoff: Sendable, Hashable {
    /// Seconds before the first retry.
    public var initial: Double
    /// The longest wait between two retries, in seconds.
    public var maximum: Double
    /// What each further failure multiplies the wait by (at least 1).
    public var factor: Double

    /// A schedule of `initial`, `factor * initial`, ... up to `maximum` seconds; a negative
    /// `initial` counts as 0, a `maximum` below `initial` as `initial`.
    public init(initial: Double, maximum: Double, factor: Double = 2) {
        self.initial = max(0, initial)
        self.maximum = max(self.initial, maximum)
        self.factor = max(1, factor)
    }

    /// Seconds to wait after `failures` consecutive failed attempts (1 for the first failure).
    public func delay(afterFailures failures: Int) -> Double {
        guard initial > 0, factor > 1 else { return min(initial, maximum) }
        var delay = initial
        var count = 1
        while count < failures && delay < maximum {
            delay *= factor
            count += 1
        }
        return min(delay, maximum)
    }
}
