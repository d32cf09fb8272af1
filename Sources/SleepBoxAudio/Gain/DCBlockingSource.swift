/// A source with its steady offset (DC) taken out: a one-pole high-pass filter at `cutoffHz`
/// (5 Hz by default, far under anything a speaker at the bedside plays) on each channel,
/// `y[n] = x[n] - x[n-1] + r * y[n-1]`. A recording looped for hours in a mix must not hold the
/// speaker's cone off centre: a file of a few bits or one value plays its offset, not a sound
/// (-31 dBFS of DC for a whole night), and a real recording's small offset would do the same
/// more quietly. What it renders otherwise passes through unchanged (a 440 Hz tone within a
/// hundredth of a dB).
public final class DCBlockingSource: AudioSource {
    /// The source filtered.
    public let source: any AudioSource
    private let r: Float
    private var lastIn: (Float, Float) = (0, 0)
    private var lastOut: (Float, Float) = (0, 0)

    public init(_ source: any AudioSource, sampleRate: Int, cutoffHz: Double = 5) {
        self.source = source
        let rate = Double(max(1, sampleRate))
        r = Float(max(0, min(0.999_999, 1 - 2 * Double.pi * cutoffHz / rate)))
    }

    public func render(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        let n = source.render(into: buffer, frames: frames)
        guard n > 0 else { return n }
        var (inL, inR) = lastIn
        var (outL, outR) = lastOut
        for i in 0..<n {
            let l = buffer[2 * i], rr = buffer[2 * i + 1]
            outL = l - inL + r * outL
            outR = rr - inR + r * outR
            inL = l
            inR = rr
            buffer[2 * i] = outL
            buffer[2 * i + 1] = outR
        }
        // A non-finite sample is the mix's guard to drop; it must not stay in the filter's state.
        lastIn = (inL.isFinite ? inL : 0, inR.isFinite ? inR : 0)
        lastOut = (outL.isFinite ? outL : 0, outR.isFinite ? outR : 0)
        return n
    }
}
