/// CIE 1976 lightness L* and relative luminance Y (0...1 of the light's full output), both ways.
///
/// L* = 116 (Y)^(1/3) - 16 above Y = (6/29)^3, and L* = (29/3)^3 Y below it (CIE 15:2004): equal
/// steps of L* look like equal steps of brightness, so the dawn rises linearly in L* and the
/// driver turns each L* into duty cycle with `luminance(lightness:)`, not a guessed gamma.
public enum Lightness {
    /// (6/29)^3: below this luminance the formula is linear.
    static let epsilon = 216.0 / 24389.0
    /// (29/3)^3 = 903.296...
    static let kappa = 24389.0 / 27.0

    /// L* (0...100) of a relative luminance (0...1; clamped).
    public static func lightness(luminance y: Double) -> Double {
        let y = min(1, max(0, y))
        return y > epsilon ? 116 * cbrtPositive(y) - 16 : kappa * y
    }

    /// The relative luminance (0...1) of an L* (0...100; clamped).
    public static func luminance(lightness l: Double) -> Double {
        let l = min(100, max(0, l))
        if l > 8 {
            let f = (l + 16) / 116
            return f * f * f
        }
        return l / kappa
    }

    /// The cube root of a positive number (Newton's method from a good start; no Foundation).
    static func cbrtPositive(_ x: Double) -> Double {
        guard x > 0 else { return 0 }
        var r = x < 1 ? 0.5 + x / 2 : x / 3 + 0.5
        for _ in 0..<60 {
            let next = (2 * r + x / (r * r)) / 3
            if abs(next - r) <= 1e-15 * r { return next }
            r = next
        }
        return r
    }
}
