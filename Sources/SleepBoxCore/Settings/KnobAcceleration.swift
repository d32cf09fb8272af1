/// The knob speeds up on fast turns: detents that arrive close together move further. A slow
/// turn moves one step per detent, so the exact value is always reachable.
public enum KnobAcceleration {
    /// Detents closer than this (seconds) move `fastFactor` steps each ...
    public static let fastGap = 0.015
    public static let fastFactor = 5
    /// ... closer than this, `brisk` steps; otherwise one.
    public static let briskGap = 0.03
    public static let briskFactor = 2

    /// Steps for `detents` that arrived `gap` seconds after the previous detent (nil: the first).
    public static func steps(_ detents: Int, gap: Double?) -> Int {
        guard let gap, gap >= 0 else { return detents }
        if gap < fastGap { return detents * fastFactor }
        if gap < briskGap { return detents * briskFactor }
        return detents
    }
}
