/// Where white light of a colour temperature lies (CIE 1931 xy chromaticity) and the colour
/// temperature of a chromaticity, for mixing a warm and a cool white channel along the
/// blackbody line.
public enum Blackbody {
    /// The chromaticity of a blackbody (Planckian radiator) at `kelvin` (clamped to 1667...25000
    /// K), by the cubic spline of Kim et al. (US patent 7024034; within 0.0005 of the exact locus).
    public static func chromaticity(kelvin: Double) -> (x: Double, y: Double) {
        let t = min(25_000, max(1667, kelvin))
        let t2 = t * t, t3 = t2 * t
        let x: Double
        if t <= 4000 {
            x = -0.2661239e9 / t3 - 0.2343589e6 / t2 + 0.8776956e3 / t + 0.179910
        } else {
            x = -3.0258469e9 / t3 + 2.1070379e6 / t2 + 0.2226347e3 / t + 0.240390
        }
        let x2 = x * x, x3 = x2 * x
        let y: Double
        if t <= 2222 {
            y = -1.1063814 * x3 - 1.34811020 * x2 + 2.18555832 * x - 0.20219683
        } else if t <= 4000 {
            y = -0.9549476 * x3 - 1.37418593 * x2 + 2.09137015 * x - 0.16748867
        } else {
            y = 3.0817580 * x3 - 5.87338670 * x2 + 3.75112997 * x - 0.37001483
        }
        return (x, y)
    }

    /// The correlated colour temperature of a chromaticity near the blackbody line, by McCamy's
    /// formula (Color Res. Appl. 17:142, 1992; within 2 K of the exact value from 2856 to 6504 K,
    /// a few kelvin from 1800 K).
    public static func correlatedTemperature(x: Double, y: Double) -> Double {
        let n = (x - 0.3320) / (0.1858 - y)
        return 449 * n * n * n + 3525 * n * n + 6823.3 * n + 5520.33
    }

    /// The share of the luminance the cool channel gives (0...1) so that a warm white at
    /// `warm` K and a cool white at `cool` K together show `kelvin` (clamped to the two). Light
    /// adds in XYZ, so the mix's chromaticity lies on the straight line between the two
    /// channels' points, weighted by each one's X+Y+Z; the share is found by bisection on the
    /// mix's correlated colour temperature, which rises with it.
    public static func coolShare(for kelvin: Double, warm: Double, cool: Double) -> Double {
        guard cool > warm else { return 0 }
        if kelvin <= warm { return 0 }
        if kelvin >= cool { return 1 }
        let w = chromaticity(kelvin: warm), c = chromaticity(kelvin: cool)
        // X+Y+Z per unit of luminance Y is 1/y.
        func temperature(_ share: Double) -> Double {
            let sw = (1 - share) / w.y, sc = share / c.y
            let x = (sw * w.x + sc * c.x) / (sw + sc), y = (sw * w.y + sc * c.y) / (sw + sc)
            return correlatedTemperature(x: x, y: y)
        }
        var low = 0.0, high = 1.0
        for _ in 0..<50 {
            let mid = (low + high) / 2
            if temperature(mid) < kelvin { low = mid } else { high = mid }
        }
        return (low + high) / 2
    }
}
