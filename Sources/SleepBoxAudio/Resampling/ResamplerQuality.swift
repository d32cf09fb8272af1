import CSoxr

/// How hard the resampler works when a file's rate differs from the engine's (libsoxr recipes).
///
/// Why libsoxr rather than libsamplerate: speed at a given quality, which is what matters on a
/// Pi Zero 2 W. libsoxr HQ is 3-4x faster than libsamplerate's fastest sinc converter, which is
/// worse on every measure below, and 6-9x faster than SINC_MEDIUM, its nearest match.
/// Measured on the development machine (x86_64, one thread, release build, 44.1 -> 48 kHz stereo
/// in 4096-frame chunks, CPU time, best of three on a shared machine, so the soxr speeds spread by
/// +-25 % between runs; libsoxr 0.1.3, libsamplerate 0.2.2). Residual: what is left of a 0.5
/// amplitude tone after removing the best fitting sine, relative to the tone.
///
/// | converter                  | x real time | residual at 10 kHz | gain at 18 kHz | at 20 kHz |
/// |----------------------------|-------------|--------------------|----------------|-----------|
/// | soxr LQ                    | 700-1060    | -118 dB            | -3.5 dB        | -22 dB    |
/// | soxr MQ                    | 650-990     | -114 dB            | -0.09 dB       | -0.19 dB  |
/// | soxr HQ                    | 630-960     | -135 dB            | -0.002 dB      | -0.01 dB  |
/// | soxr VHQ                   | 650-810     | -151 dB            | -0.001 dB      | -0.01 dB  |
/// | libsamplerate SINC_FASTEST | 220         | -105 dB            | -4.3 dB        | -23 dB    |
/// | libsamplerate SINC_MEDIUM  | 110         | -129 dB            | 0.000 dB       | -3.3 dB   |
/// | libsamplerate SINC_BEST    | 25          | -145 dB            | 0.000 dB       | 0.00 dB   |
///
/// libsoxr's LQ, MQ and HQ all run on its single-precision SIMD engine (`cr32s`); VHQ moves to
/// double precision (`cr64s`). Streaming a 10-minute 44.1 kHz stereo MP3 through `FileSource`
/// to 48 kHz took 0.39 s of CPU for the decode alone and 0.76 / 0.77 / 0.81 / 0.90 s with LQ /
/// MQ / HQ / VHQ: HQ costs about 5 % more than MQ, roughly 0.07 % of one core here, and its
/// passband is flat to 20 kHz where MQ droops 0.2 dB. So `high` is the default; `medium` is the
/// fallback if a Pi ever runs short, and is not audibly different.
public enum ResamplerQuality: Sendable, Equatable, Hashable, CaseIterable {
    /// libsoxr's SOXR_LQ: 16-bit precision, wide roll-off (-3.5 dB at 18 kHz).
    case low
    /// libsoxr's SOXR_MQ: 16-bit precision, medium roll-off (-0.2 dB at 20 kHz).
    case medium
    /// libsoxr's SOXR_HQ: 20-bit precision, flat to 20 kHz.
    case high
    /// libsoxr's SOXR_VHQ: 28-bit precision in double-precision arithmetic.
    case veryHigh

    /// The default for the sleep box: `high` (see above for why).
    public static let standard: ResamplerQuality = .high

    /// The quality for a source at `rate` Hz: `medium` for sources at 24 kHz and below (speech at
    /// 22,050 Hz: nothing above 11 kHz to keep; MQ's passband for a 22,050 Hz source is flat
    /// within 0.1 dB to 9 kHz, -0.23 dB at 10.2 kHz, -3.7 dB at 10.5 kHz; OutputRateTests
    /// measures it), `standard` for music rates.
    public static func forSource(rate: Int) -> ResamplerQuality {
        rate <= 24_000 ? .medium : .standard
    }

    var soxrRecipe: UInt {
        switch self {
        case .low: UInt(SOXR_LQ)
        case .medium: UInt(SOXR_MQ)
        case .high: UInt(SOXR_HQ)
        case .veryHigh: UInt(SOXR_VHQ)
        }
    }
}
