/// Pink noise limited to a band, for a bed of sound (the rain's hiss, the forest's wind): Paul
/// Kellet's pink filter, a one-pole high-pass (the input minus a one-pole low-pass), then two
/// one-pole low-passes (12 dB/octave). State for one channel; the coefficients come with each
/// sample, so a caller may move the cutoff as it goes.
struct PinkBand: Sendable {
    private var pink = PinkFilter()
    private var belowHighPass: Float = 0
    private var firstLowPass: Float = 0
    private var secondLowPass: Float = 0

    /// The band-limited pink sample for `white`, with the high-pass and low-pass one-pole
    /// coefficients `high` and `low` (`DSPMath.onePoleCoefficient`).
    @inline(__always)
    mutating func process(_ white: Float, high: Float, low: Float) -> Float {
        let x = pink.process(white)
        belowHighPass += high * (x - belowHighPass)
        firstLowPass += low * ((x - belowHighPass) - firstLowPass)
        secondLowPass += low * (firstLowPass - secondLowPass)
        return secondLowPass
    }
}
