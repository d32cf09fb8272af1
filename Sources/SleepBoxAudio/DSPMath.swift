#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Math for the DSP code: the platform's libm for set-up work (coefficients, per-event values),
/// and a polynomial sine cheap enough for per-sample oscillators. This is the only file that
/// imports the C library, so every other file stays standard-library-only.
enum DSPMath {
    static func exp(_ x: Double) -> Double { libm_exp(x) }
    static func log(_ x: Double) -> Double { libm_log(x) }
    static func sin(_ x: Double) -> Double { libm_sin(x) }
    static func cos(_ x: Double) -> Double { libm_cos(x) }
    static func pow(_ x: Double, _ y: Double) -> Double { libm_pow(x, y) }

    /// 20·log10(x), with -infinity for 0.
    static func decibels(_ gain: Double) -> Double { 20 * libm_log10(gain) }

    /// 10^(dB/20).
    static func gain(decibels: Double) -> Double { libm_pow(10, decibels / 20) }

    /// One-pole smoothing coefficient for a cutoff: y += a·(x − y) with a = 1 − e^(−2π·fc/fs).
    static func onePoleCoefficient(cutoff: Double, sampleRate: Double) -> Float {
        Float(1 - libm_exp(-2 * Double.pi * cutoff / sampleRate))
    }

    /// An oscillator's phase, in cycles in [0, 1), moved on by `increment` (less than a cycle).
    @inline(__always)
    static func advance(_ phase: inout Double, by increment: Double) {
        phase += increment
        if phase >= 1 { phase -= 1 }
    }

    /// The same for a phase kept in single precision.
    @inline(__always)
    static func advance(_ phase: inout Float, by increment: Float) {
        phase += increment
        if phase >= 1 { phase -= 1 }
    }

    /// sin(2π·cycles). Range-reduced to a quarter wave, then an odd Taylor polynomial to the
    /// 11th power: the error on [−π/2, π/2] is below (π/2)^13/13! ≈ 6e-8, under Float's own
    /// rounding, for about a dozen flops and no table.
    @inline(__always)
    static func sinCycles(_ cycles: Float) -> Float {
        // x in [−0.5, 0.5) cycles.
        var x = cycles - (cycles + 0.5).rounded(.down)
        // Fold the outer quarters onto the inner ones: sin(π − θ) = sin θ.
        if x > 0.25 { x = 0.5 - x } else if x < -0.25 { x = -0.5 - x }
        let t = x * (2 * Float.pi)
        let t2 = t * t
        var p: Float = -1.0 / 39_916_800
        p = p * t2 + 1.0 / 362_880
        p = p * t2 - 1.0 / 5_040
        p = p * t2 + 1.0 / 120
        p = p * t2 - 1.0 / 6
        p = p * t2 + 1
        return p * t
    }
}

// Free functions that reach the C library, so the wrappers above do not call themselves.
@inline(__always) private func libm_exp(_ x: Double) -> Double { exp(x) }
@inline(__always) private func libm_log(_ x: Double) -> Double { log(x) }
@inline(__always) private func libm_log10(_ x: Double) -> Double { log10(x) }
@inline(__always) private func libm_sin(_ x: Double) -> Double { sin(x) }
@inline(__always) private func libm_cos(_ x: Double) -> Double { cos(x) }
@inline(__always) private func libm_pow(_ x: Double, _ y: Double) -> Double { pow(x, y) }
