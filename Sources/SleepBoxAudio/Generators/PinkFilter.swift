/// Paul Kellet's refined pink-noise filter ("instrumentation grade"): six parallel one-pole
/// sections plus a direct path whose sum approximates −3 dB/octave within ±0.05 dB above about
/// 10 Hz at 44.1 kHz (the poles sit a little higher at 48 kHz; the slope over the audible band
/// is unchanged). State for one channel.
struct PinkFilter: NoiseFilter {
    private var b0: Float = 0, b1: Float = 0, b2: Float = 0, b3: Float = 0
    private var b4: Float = 0, b5: Float = 0, b6: Float = 0

    /// RMS gain of the filter for white input: √(Σ h[n]²) of its impulse response.
    static let rmsGain: Float = 3.052_527_5

    @inline(__always)
    mutating func process(_ white: Float) -> Float {
        b0 = 0.998_86 * b0 + white * 0.055_517_9
        b1 = 0.993_32 * b1 + white * 0.075_075_9
        b2 = 0.969_00 * b2 + white * 0.153_852_0
        b3 = 0.866_50 * b3 + white * 0.310_485_6
        b4 = 0.550_00 * b4 + white * 0.532_952_2
        b5 = -0.761_6 * b5 - white * 0.016_898_0
        let pink = b0 + b1 + b2 + b3 + b4 + b5 + b6 + white * 0.536_2
        b6 = white * 0.115_926
        return pink
    }
}
