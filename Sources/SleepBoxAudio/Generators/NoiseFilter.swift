/// A filter that colours white noise, one sample at a time, with state for one channel.
protocol NoiseFilter: Sendable {
    /// The next coloured sample for the next white one.
    mutating func process(_ white: Float) -> Float
}
