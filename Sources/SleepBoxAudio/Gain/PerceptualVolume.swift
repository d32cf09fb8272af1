/// The master volume: a percentage on a perceptual curve, applied through a short ramp.
///
/// The curve is straight in decibels: 100 % is 0 dB, each percent is 0.5 dB, so 1 % is −49.5 dB,
/// and 0 % is silence. Loudness is perceived roughly logarithmically (about twice as loud per
/// +10 dB), so equal knob steps sound like equal loudness steps; 0.5 dB per step is under the
/// ~1 dB just-noticeable difference, so turning the knob never sounds stepped. A 50 dB range
/// spans a small bedside speaker's useful range, from a whisper at 1 % to full; a cubic law
/// would instead bunch the bottom 10 % below −60 dB, where nothing is audible at night.
///
/// Changes never step: every new setting ramps from the current gain over `smoothingFrames`
/// (50 ms by default) straight in dB; to and from 0 % the ramp passes through −60 dB and ends
/// in exact digital silence.
public struct PerceptualVolume: Sendable, Equatable {
    /// The dB span from 1 % to 100 % (plus the step from 0 %).
    public static let rangeDecibels: Double = 50

    /// The gain for a percentage (clamped to 0…100): 0 → 0, otherwise 10^(−(100 − p)·0.5/20).
    public static func gain(percent: Int) -> Float {
        let p = min(max(percent, 0), 100)
        if p == 0 { return 0 }
        if p == 100 { return 1 }
        let db = -Double(100 - p) * rangeDecibels / 100
        return Float(DSPMath.gain(decibels: db))
    }

    /// The percentage last set.
    public private(set) var percent: Int
    /// The ramp length for a change.
    public var smoothingFrames: Int
    /// The gain automation (its `current` is the gain of the last frame processed).
    public private(set) var ramp: GainRamp

    /// A volume at `percent`, smoothing changes over `smoothingSeconds` at `format`'s rate.
    public init(percent: Int = 100, format: AudioFormat = .engine, smoothingSeconds: Double = 0.05) {
        let p = min(max(percent, 0), 100)
        self.percent = p
        smoothingFrames = max(1, format.frames(smoothingSeconds))
        ramp = GainRamp(gain: Self.gain(percent: p))
    }

    /// The gain applied to the last frame processed.
    public var gain: Float { ramp.current }

    /// Sets the volume; the gain ramps there from wherever it is.
    public mutating func set(percent newPercent: Int) {
        let p = min(max(newPercent, 0), 100)
        percent = p
        ramp.ramp(to: Self.gain(percent: p), overFrames: smoothingFrames, shape: .decibelLinear)
    }

    /// Applies the volume to `frames` interleaved stereo frames in place.
    public mutating func apply(to buffer: UnsafeMutablePointer<Float>, frames: Int) {
        ramp.apply(to: buffer, frames: frames)
    }
}
