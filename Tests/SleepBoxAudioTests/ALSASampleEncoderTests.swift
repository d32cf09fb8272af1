import Testing
@testable import SleepBoxAudio

@Suite struct ALSASampleEncoderTests {
    static let inputs: [Float] = [0, 1, -1, 0.5, -0.5, 1.5, -7, .infinity, -.infinity, .nan,
                                  1 / 65_536, -1 / 65_536, 0.999_99, 3e-5, -3e-5, .ulpOfOne]

    @Test func s16RoundsAndClipsToFullScale() {
        var out = [Int16](repeating: 0, count: Self.inputs.count)
        Self.inputs.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                guard let s = src.baseAddress, let d = dst.baseAddress else { return }
                ALSASampleEncoder.toS16(s, d, count: src.count)
            }
        }
        #expect(Array(out.prefix(10)) == [0, 32_767, -32_768, 16_384, -16_384, 32_767, -32_768, 32_767, -32_768, 0])
        #expect(out[10] == 0 && out[11] == 0, "half an LSB rounds to even")
        #expect(out[12] == 32_767 && out[13] == 1 && out[14] == -1)
    }

    @Test func s32RoundsAndClipsToFullScale() {
        var out = [Int32](repeating: 0, count: Self.inputs.count)
        Self.inputs.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                guard let s = src.baseAddress, let d = dst.baseAddress else { return }
                ALSASampleEncoder.toS32(s, d, count: src.count)
            }
        }
        #expect(Array(out.prefix(10)) == [0, .max, .min, 1_073_741_824, -1_073_741_824, .max, .min, .max, .min, 0])
    }

    @Test func encodingMatchesTheReferenceForEveryFormat() {
        let signal = ALSATestSignal(samples: Self.inputs + ALSATestSignal.sine(seconds: 0.01).samples)
        for format in ALSASampleFormat.allCases {
            var bytes = [UInt8](repeating: 0, count: signal.samples.count * format.bytesPerSample)
            signal.samples.withUnsafeBufferPointer { src in
                bytes.withUnsafeMutableBytes { dst in
                    guard let s = src.baseAddress, let d = dst.baseAddress else { return }
                    ALSASampleEncoder.encode(s, into: d, count: src.count, format: format)
                }
            }
            let comparison = ALSAByteComparison(bytes, signal.reference(format))
            #expect(comparison.identical, "\(format): \(comparison)")
        }
    }

    /// Bit for bit what the engine's `SampleConverter` (no dither) gives, on random bit patterns
    /// (NaNs, infinities, subnormals, out of range) and on every exact half of an S16 step.
    @Test func matchesSampleConverter() {
        var generator = SystemRandomNumberGenerator()
        var inputs = (0..<200_000).map { _ in Float(bitPattern: UInt32.random(in: 0...UInt32.max, using: &generator)) }
        inputs += (-32_769..<32_769).map { (Float($0) + 0.5) / 32_768 }
        var s16 = [Int16](repeating: 0, count: inputs.count)
        var s32 = [Int32](repeating: 0, count: inputs.count)
        inputs.withUnsafeBufferPointer { src in
            guard let s = src.baseAddress else { return }
            s16.withUnsafeMutableBufferPointer { d in d.baseAddress.map { ALSASampleEncoder.toS16(s, $0, count: src.count) } }
            s32.withUnsafeMutableBufferPointer { d in d.baseAddress.map { ALSASampleEncoder.toS32(s, $0, count: src.count) } }
        }
        var mismatches = 0
        for (i, x) in inputs.enumerated() {
            if s16[i] != SampleConverter.s16(x) { mismatches += 1 }
            if s32[i] != SampleConverter.s32(x) { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }
}
