import Foundation
@testable import SleepBoxAudio

/// Interleaved stereo test signals and the reference encodings the device files must match.
struct ALSATestSignal {
    let samples: [Float]
    var frames: Int { samples.count / 2 }

    /// A 1 kHz sine, left at `amplitude`, right in quadrature at half of it, ramped in and out over
    /// 10 ms (raised cosine).
    static func sine(seconds: Double = 1, rate: Int = 48_000, frequency: Double = 1000,
                     amplitude: Double = 0.8) -> ALSATestSignal {
        let frames = Int(seconds * Double(rate))
        let ramp = rate / 100
        var samples = [Float](repeating: 0, count: frames * 2)
        for i in 0..<frames {
            let edge = min(i, frames - 1 - i)
            let gain = edge >= ramp ? 1 : 0.5 - 0.5 * cos(Double.pi * Double(edge) / Double(ramp))
            let phase = 2 * Double.pi * frequency * Double(i) / Double(rate)
            samples[2 * i] = Float(amplitude * gain * sin(phase))
            samples[2 * i + 1] = Float(amplitude * 0.5 * gain * cos(phase))
        }
        return ALSATestSignal(samples: samples)
    }

    /// Frames `range` encoded independently of the sink, as `SampleConverter` specifies: scale by
    /// 2^(bits-1), round half to even, clip to the integer range, NaN as 0; little-endian.
    func reference(_ format: ALSASampleFormat, frames range: Range<Int>? = nil) -> [UInt8] {
        let r = range ?? 0..<frames
        var out: [UInt8] = []
        out.reserveCapacity(r.count * 2 * format.bytesPerSample)
        func bytes<T: FixedWidthInteger>(_ v: T) { withUnsafeBytes(of: v.littleEndian) { out += $0 } }
        for x in samples[(r.lowerBound * 2)..<(r.upperBound * 2)] {
            switch format {
            case .s16LE:
                bytes(x.isNaN ? 0 : Int16(Swift.min(Swift.max((Double(x) * 32_768).rounded(.toNearestOrEven), -32_768), 32_767)))
            case .s32LE:
                let v = (Double(x) * 2_147_483_648).rounded(.toNearestOrEven)
                bytes(x.isNaN ? 0 : Int32(Swift.min(Swift.max(v, -2_147_483_648), 2_147_483_647)))
            case .floatLE:
                bytes((x.isNaN ? 0 : Swift.min(Swift.max(x, -1), 1)).bitPattern)
            }
        }
        return out
    }
}
