import Foundation
import SleepBoxAudio

// Test support for the DSP tests: simple test signals, rendering helpers and a small FFT for
// spectral measurements.

/// A constant (DC) signal, endless or `frames` long: the output of a gain stage on it is the gain.
final class DSPConstantSource: AudioSource {
    let value: Float
    let left: Float?
    let frames: Int?
    private(set) var position = 0

    init(_ value: Float, frames: Int? = nil, left: Float? = nil) {
        self.value = value
        self.frames = frames
        self.left = left
    }

    func render(into buffer: UnsafeMutablePointer<Float>, frames requested: Int) -> Int {
        let n = frames.map { max(0, min(requested, $0 - position)) } ?? requested
        for i in 0..<n {
            buffer[2 * i] = left ?? value
            buffer[2 * i + 1] = value
        }
        position += n
        return n
    }
}

/// A sine at `frequency` Hz and `amplitude`, the same on both channels, endless.
final class DSPSineSource: AudioSource {
    let frequency: Double
    let amplitude: Double
    let sampleRate: Double
    private var n = 0

    init(frequency: Double, amplitude: Double, sampleRate: Int = 48_000) {
        self.frequency = frequency
        self.amplitude = amplitude
        self.sampleRate = Double(sampleRate)
    }

    func render(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        for i in 0..<frames {
            let y = Float(amplitude * sin(2 * Double.pi * frequency * Double(n + i) / sampleRate))
            buffer[2 * i] = y
            buffer[2 * i + 1] = y
        }
        n += frames
        return frames
    }
}

enum DSP {
    static let rate = 48_000

    /// Renders `frames` frames of `source` in blocks of `block`; stops early when it ends.
    static func render(_ source: some AudioSource, frames: Int, block: Int = 512) -> [Float] {
        var out = [Float](repeating: 0, count: 2 * frames)
        var done = 0
        out.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            while done < frames {
                let n = min(block, frames - done)
                let got = source.render(into: base + 2 * done, frames: n)
                done += got
                if got < n { break }
            }
        }
        return Array(out[0..<(2 * done)])
    }

    /// Renders `frames` frames of a mixer in blocks of `block`, collecting (global frame,
    /// report) for each non-empty report.
    static func render(_ mixer: Mixer, frames: Int, block: Int = 512) -> (samples: [Float], reports: [(Int, MixReport)]) {
        var out = [Float](repeating: 0, count: 2 * frames)
        var reports: [(Int, MixReport)] = []
        out.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var done = 0
            while done < frames {
                let n = min(block, frames - done)
                let report = mixer.render(into: base + 2 * done, frames: n)
                if !report.isEmpty { reports.append((done, report)) }
                done += n
            }
        }
        return (out, reports)
    }

    /// Applies a ramp to a buffer in blocks of `block` frames.
    static func apply(_ ramp: inout GainRamp, to samples: inout [Float], block: Int = 512) {
        let frames = samples.count / 2
        samples.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var done = 0
            while done < frames {
                let n = min(block, frames - done)
                ramp.apply(to: base + 2 * done, frames: n)
                done += n
            }
        }
    }

    static func left(_ s: [Float]) -> [Float] { stride(from: 0, to: s.count, by: 2).map { s[$0] } }
    static func right(_ s: [Float]) -> [Float] { stride(from: 1, to: s.count, by: 2).map { s[$0] } }

    static func rms(_ s: ArraySlice<Float>) -> Double {
        guard !s.isEmpty else { return 0 }
        return (s.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(s.count)).squareRoot()
    }

    static func rms(_ s: [Float]) -> Double { rms(s[...]) }

    static func db(_ x: Double) -> Double { 20 * log10(x) }

    static func peak(_ s: [Float]) -> Float { s.reduce(0) { max($0, abs($1)) } }

    /// The largest |x[n] − x[n−1]| per channel of an interleaved buffer.
    static func maxStep(_ s: [Float]) -> Float {
        var m: Float = 0
        var i = 2
        while i < s.count {
            m = max(m, abs(s[i] - s[i - 2]))
            i += 1
        }
        return m
    }

    /// Normalised correlation of two equal-length signals.
    static func correlation(_ a: [Float], _ b: [Float]) -> Double {
        var ab = 0.0, aa = 0.0, bb = 0.0
        for i in 0..<min(a.count, b.count) {
            ab += Double(a[i]) * Double(b[i])
            aa += Double(a[i]) * Double(a[i])
            bb += Double(b[i]) * Double(b[i])
        }
        return ab / (aa * bb).squareRoot()
    }

    /// In-place iterative radix-2 FFT; `re.count` must be a power of two.
    static func fft(_ re: inout [Double], _ im: inout [Double]) {
        let n = re.count
        var j = 0
        for i in 1..<n {
            var bit = n >> 1
            while j & bit != 0 {
                j ^= bit
                bit >>= 1
            }
            j |= bit
            if i < j {
                re.swapAt(i, j)
                im.swapAt(i, j)
            }
        }
        var len = 2
        while len <= n {
            let angle = -2 * Double.pi / Double(len)
            let wr = cos(angle), wi = sin(angle)
            var start = 0
            while start < n {
                var cr = 1.0, ci = 0.0
                for k in 0..<(len / 2) {
                    let a = start + k, b = a + len / 2
                    let tr = re[b] * cr - im[b] * ci
                    let ti = re[b] * ci + im[b] * cr
                    re[b] = re[a] - tr
                    im[b] = im[a] - ti
                    re[a] += tr
                    im[a] += ti
                    (cr, ci) = (cr * wr - ci * wi, cr * wi + ci * wr)
                }
                start += len
            }
            len <<= 1
        }
    }

    /// Welch power spectral density (per Hz, arbitrary common unit) of a mono signal: Hann
    /// windows of `size`, half overlapped, |X|² averaged.
    static func powerSpectralDensity(_ x: [Float], size: Int = 8_192) -> [Double] {
        let window = (0..<size).map { 0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(size)) }
        var psd = [Double](repeating: 0, count: size / 2)
        var count = 0
        var start = 0
        while start + size <= x.count {
            var re = (0..<size).map { Double(x[start + $0]) * window[$0] }
            var im = [Double](repeating: 0, count: size)
            fft(&re, &im)
            for k in 0..<(size / 2) { psd[k] += re[k] * re[k] + im[k] * im[k] }
            count += 1
            start += size / 2
        }
        return psd.map { $0 / Double(max(count, 1)) }
    }

    /// Mean PSD per Hz in the octave bands centred on 125 Hz … 8 kHz (each [fc/√2, fc·√2]), in
    /// dB, with the band centres.
    static func octaveBandDensities(_ psd: [Double], size: Int = 8_192, sampleRate: Int = 48_000) -> [(Double, Double)] {
        let binHz = Double(sampleRate) / Double(size)
        return [125.0, 250, 500, 1_000, 2_000, 4_000, 8_000].map { fc in
            let lo = Int((fc / 2.0.squareRoot() / binHz).rounded(.up))
            let hi = Int((fc * 2.0.squareRoot() / binHz).rounded(.down))
            let band = psd[lo...hi]
            return (fc, 10 * log10(band.reduce(0, +) / Double(band.count)))
        }
    }

    /// Least-squares slope of dB against octaves (log2 of frequency): dB per octave.
    static func slopePerOctave(_ points: [(Double, Double)]) -> Double {
        let xs = points.map { log2($0.0) }, ys = points.map { $0.1 }
        let mx = xs.reduce(0, +) / Double(xs.count), my = ys.reduce(0, +) / Double(ys.count)
        var num = 0.0, den = 0.0
        for (x, y) in zip(xs, ys) {
            num += (x - mx) * (y - my)
            den += (x - mx) * (x - mx)
        }
        return num / den
    }

    /// Counts upward zero crossings of a mono signal.
    static func upwardCrossings(_ x: ArraySlice<Float>) -> Int {
        var count = 0
        var previous = x.first ?? 0
        for v in x.dropFirst() {
            if previous < 0, v >= 0 { count += 1 }
            previous = v
        }
        return count
    }
}
