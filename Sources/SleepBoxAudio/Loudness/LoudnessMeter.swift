#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import CEbur128

/// What a loudness measurement found (EBU R128 / ITU-R BS.1770, by libebur128).
public struct Loudness: Sendable, Equatable, CustomStringConvertible {
    /// Gated integrated loudness in LUFS; -infinity when everything was below the gate (silence).
    public var integrated: Double
    /// Loudness range in LU (0 when not measured or too short).
    public var range: Double
    /// The highest true peak (4x oversampled) in dBTP, or the sample peak when true peak was not
    /// measured; -infinity for silence.
    public var peak: Double
    /// True when the sound rendered samples that break `SampleGuard`'s rule (NaN, infinity, far
    /// beyond full scale): the measurement stopped there, and the sound is not to be played.
    public var hasBrokenSamples = false

    /// A measurement.
    public init(integrated: Double, range: Double, peak: Double, hasBrokenSamples: Bool = false) {
        self.integrated = integrated
        self.range = range
        self.peak = peak
        self.hasBrokenSamples = hasBrokenSamples
    }

    /// The gain in dB that brings the integrated loudness to `target` LUFS without the peak going
    /// over `ceiling` dBTP; 0 for silence.
    public func gainDB(target: Double, ceiling: Double = Loudness.peakCeiling) -> Double {
        guard integrated.isFinite else { return 0 }
        let wanted = target - integrated
        return peak.isFinite ? min(wanted, ceiling - peak) : wanted
    }

    /// `gainDB` as a factor.
    public func gain(target: Double, ceiling: Double = Loudness.peakCeiling) -> Float {
        Float(Loudness.factor(dB: gainDB(target: target, ceiling: ceiling)))
    }

    /// -1 dBTP: the highest true peak any item may reach (EBU R128's ceiling for delivery).
    public static let peakCeiling = -1.0

    /// 10^(dB/20).
    public static func factor(dB: Double) -> Double { pow(10, dB / 20) }

    /// "-23.0 LUFS, range 4.1 LU, peak -3.2 dBTP".
    public var description: String {
        func text(_ x: Double) -> String { x.isFinite ? String(format: "%.1f", x) : "-inf" }
        let broken = hasBrokenSamples ? " (stopped at samples that are not finite or far beyond full scale: not played)" : ""
        return "\(text(integrated)) LUFS, range \(text(range)) LU, peak \(text(peak)) dBTP" + broken
    }
}

/// Measures loudness with libebur128: feed it frames, then read `loudness`. Wraps
/// `ebur128_init`, `ebur128_add_frames_float`, `ebur128_loudness_global`,
/// `ebur128_loudness_range`, `ebur128_true_peak` / `ebur128_sample_peak` and `ebur128_destroy`.
///
/// The true peak (4x oversampling) costs more than the rest together: `truePeak: false` measures
/// the sample peak instead (enough for a speech clip that is levelled again as part of an item).
public final class LoudnessMeter {
    /// Channels fed per frame (1 or 2).
    public let channels: Int
    /// The sample rate.
    public let sampleRate: Int
    private var state: UnsafeMutablePointer<ebur128_state>?
    private let truePeak: Bool
    private let range: Bool

    /// A meter for `channels` channels at `sampleRate`; nil when libebur128 refuses the format.
    public init?(channels: Int, sampleRate: Int, truePeak: Bool = true, range: Bool = true) {
        guard channels == 1 || channels == 2, sampleRate > 0 else { return nil }
        var mode = Int32(EBUR128_MODE_I.rawValue)
        mode |= Int32(truePeak ? EBUR128_MODE_TRUE_PEAK.rawValue : EBUR128_MODE_SAMPLE_PEAK.rawValue)
        if range { mode |= Int32(EBUR128_MODE_LRA.rawValue) }
        guard let state = ebur128_init(UInt32(channels), UInt(sampleRate), mode) else { return nil }
        self.state = state
        self.channels = channels
        self.sampleRate = sampleRate
        self.truePeak = truePeak
        self.range = range
    }

    deinit { ebur128_destroy(&state) }

    /// Adds `frames` frames of interleaved samples.
    public func add(_ samples: UnsafePointer<Float>, frames: Int) {
        guard frames > 0 else { return }
        _ = ebur128_add_frames_float(state, samples, frames)
    }

    /// Adds mono or interleaved samples.
    public func add(_ samples: [Float]) {
        samples.withUnsafeBufferPointer { buffer in
            if let base = buffer.baseAddress { add(base, frames: buffer.count / channels) }
        }
    }

    /// The measurement of everything added so far.
    public var loudness: Loudness {
        var integrated = -Double.infinity
        var value = 0.0
        if ebur128_loudness_global(state, &value) == 0, value.isFinite, value > -200 { integrated = value }
        var lra = 0.0
        if range, ebur128_loudness_range(state, &value) == 0, value.isFinite { lra = value }
        var peak = 0.0
        for channel in 0..<channels {
            value = 0
            let status = truePeak ? ebur128_true_peak(state, UInt32(channel), &value)
                : ebur128_sample_peak(state, UInt32(channel), &value)
            if status == 0 { peak = max(peak, value) }
        }
        return Loudness(integrated: integrated, range: lra, peak: peak > 0 ? 20 * log10(peak) : -.infinity)
    }

    /// The loudness of mono `samples` at `sampleRate`. A clip shorter than one 400 ms gating block
    /// is measured repeated to that length (a single word still gets a loudness).
    public static func measure(mono samples: [Float], sampleRate: Int, truePeak: Bool = true) -> Loudness {
        guard !samples.isEmpty, SampleGuard.isSound(samples) else {
            return Loudness(integrated: -.infinity, range: 0, peak: -.infinity, hasBrokenSamples: !samples.isEmpty)
        }
        guard let meter = LoudnessMeter(channels: 1, sampleRate: sampleRate, truePeak: truePeak, range: false)
        else { return Loudness(integrated: -.infinity, range: 0, peak: -.infinity) }
        let block = sampleRate * 2 / 5
        var fed = 0
        repeat {
            meter.add(samples)
            fed += samples.count
        } while fed < block
        return meter.loudness
    }

    /// The loudness of at most `frames` frames of `source` (interleaved stereo, `format`'s rate),
    /// rendering it; the source is used up.
    public static func measure(_ source: any AudioSource, frames: Int, format: AudioFormat, truePeak: Bool = true) -> Loudness {
        guard let meter = LoudnessMeter(channels: 2, sampleRate: format.sampleRate, truePeak: truePeak) else {
            return Loudness(integrated: -.infinity, range: 0, peak: -.infinity)
        }
        let chunk = 4096
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: 2 * chunk)
        defer { buffer.deallocate() }
        var done = 0
        var broken = false
        while done < frames {
            let n = min(source.render(into: buffer, frames: min(chunk, frames - done)), chunk)
            if n <= 0 { break }
            // A NaN fed to libebur128 makes the whole measurement NaN: stop before it.
            guard SampleGuard.isSound(buffer, count: 2 * n) else {
                broken = true
                break
            }
            meter.add(buffer, frames: n)
            done += n
        }
        var loudness = meter.loudness
        loudness.hasBrokenSamples = broken
        return loudness
    }
}
