/// The rule every sample the box mixes keeps: finite, and within ±`limit` (24 dB over full
/// scale, far beyond any real recording or generator, which stay under 0 dBFS; a float file
/// may go a little over). A source that renders a NaN, an infinity or a value like 3e38 is
/// broken: summed with anything it poisons the whole mix (NaN + x is NaN, and the limiter can
/// only turn that into silence), so the source is dropped where it is found: a mix's layer in
/// the mix (`MixSource`), a bus in the mixer (the last guard), a file at its loudness measurement.
public enum SampleGuard {
    /// The largest magnitude a sample may have: 16 (+24 dBFS).
    public static let limit: Float = 16

    /// Whether all `count` samples at `samples` are finite and within ±`limit`. Eight at a time:
    /// a NaN fails every comparison, so it is caught by the same test as a sample too large.
    public static func isSound(_ samples: UnsafePointer<Float>, count: Int) -> Bool {
        let high = SIMD8<Float>(repeating: limit), low = SIMD8<Float>(repeating: -limit)
        let raw = UnsafeRawPointer(samples)
        var i = 0
        while i + 8 <= count {
            let v = raw.loadUnaligned(fromByteOffset: 4 * i, as: SIMD8<Float>.self)
            if !all((v .<= high) .& (v .>= low)) { return false }
            i += 8
        }
        while i < count {
            let x = samples[i]
            if !(x <= limit && x >= -limit) { return false }
            i += 1
        }
        return true
    }

    /// Whether all of `samples` keep the rule.
    public static func isSound(_ samples: [Float]) -> Bool {
        samples.withUnsafeBufferPointer { b in b.baseAddress.map { isSound($0, count: b.count) } ?? true }
    }

    /// Whether the first `frames` frames `source` renders keep the rule (the source is used up
    /// that far): what the library checks of each recording when it loads it.
    public static func isSound(_ source: any AudioSource, frames: Int) -> Bool {
        let chunk = 4096
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: 2 * chunk)
        defer { buffer.deallocate() }
        var done = 0
        while done < frames {
            let n = min(max(source.render(into: buffer, frames: min(chunk, frames - done)), 0), chunk)
            if n == 0 { break }
            if !isSound(buffer, count: 2 * n) { return false }
            done += n
        }
        return true
    }

    /// Replaces every sample that breaks the rule with 0, in place: what the mixer does to the
    /// sum of the other buses before the alarm is added, so nothing can take the alarm with it.
    public static func clean(_ samples: UnsafeMutablePointer<Float>, count: Int) {
        guard !isSound(UnsafePointer(samples), count: count) else { return }
        for i in 0..<count where !(samples[i] <= limit && samples[i] >= -limit) { samples[i] = 0 }
    }

    /// Why a source is dropped, for log lines and item failures.
    public static let reason = "it renders samples that are not finite or far beyond full scale (NaN, infinity, 3e38): dropped"
}
