import SleepBoxAudio
import Testing

@Suite("SampleConverter: float to integer PCM")
struct SampleConverterTests {
    private let lsb16: Float = 1.0 / 32_768

    @Test("S16: exact codes at -1, 0, 1, beyond full scale, half scale and rounding ties")
    func s16Values() {
        #expect(SampleConverter.s16(-1) == -32_768)
        #expect(SampleConverter.s16(0) == 0)
        #expect(SampleConverter.s16(-0.0) == 0)
        #expect(SampleConverter.s16(1) == 32_767)
        #expect(SampleConverter.s16(1.000_001) == 32_767)
        #expect(SampleConverter.s16(1.5) == 32_767)
        #expect(SampleConverter.s16(-1.000_001) == -32_768)
        #expect(SampleConverter.s16(-7) == -32_768)
        #expect(SampleConverter.s16(.infinity) == 32_767)
        #expect(SampleConverter.s16(-.infinity) == -32_768)
        #expect(SampleConverter.s16(.nan) == 0)
        #expect(SampleConverter.s16(0.5) == 16_384)
        #expect(SampleConverter.s16(-0.5) == -16_384)
        // Ties go to even: 0.5 LSB -> 0, 1.5 LSB -> 2, 2.5 LSB -> 2, -1.5 LSB -> -2.
        #expect(SampleConverter.s16(0.5 * lsb16) == 0)
        #expect(SampleConverter.s16(1.5 * lsb16) == 2)
        #expect(SampleConverter.s16(2.5 * lsb16) == 2)
        #expect(SampleConverter.s16(-1.5 * lsb16) == -2)
        // Just off a tie rounds to nearest.
        #expect(SampleConverter.s16(0.51 * lsb16) == 1)
        #expect(SampleConverter.s16(0.49 * lsb16) == 0)
    }

    @Test("S32 and S24: exact codes at the same points")
    func wideValues() {
        #expect(SampleConverter.s32(-1) == Int32.min)
        #expect(SampleConverter.s32(0) == 0)
        #expect(SampleConverter.s32(1) == Int32.max)
        #expect(SampleConverter.s32(1.000_001) == Int32.max)
        #expect(SampleConverter.s32(-2) == Int32.min)
        #expect(SampleConverter.s32(0.5) == 1_073_741_824)
        #expect(SampleConverter.s32(-0.25) == -536_870_912)
        #expect(SampleConverter.s32(.nan) == 0)

        #expect(SampleConverter.s24(-1) == -8_388_608)
        #expect(SampleConverter.s24(0) == 0)
        #expect(SampleConverter.s24(1) == 8_388_607)
        #expect(SampleConverter.s24(1.000_001) == 8_388_607)
        #expect(SampleConverter.s24(0.5) == 4_194_304)
        #expect(SampleConverter.s24(1.5 / 8_388_608) == 2)
    }

    @Test("Buffers are written little-endian in each layout")
    func bufferLayouts() {
        let input: [Float] = [-1, 0, 1, 0.5, 1.25]
        func bytes(_ encoding: SampleConverter.Encoding) -> [UInt8] {
            var converter = SampleConverter(encoding: encoding)
            var out = [UInt8](repeating: 0xAA, count: converter.byteCount(samples: input.count))
            input.withUnsafeBufferPointer { source in
                out.withUnsafeMutableBytes { destination in
                    guard let from = source.baseAddress, let to = destination.baseAddress else { return }
                    converter.convert(from, samples: input.count, into: to)
                }
            }
            return out
        }
        #expect(bytes(.s16LE) == [0x00, 0x80, 0x00, 0x00, 0xFF, 0x7F, 0x00, 0x40, 0xFF, 0x7F])
        #expect(bytes(.s24_3LE) == [
            0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0x7F, 0x00, 0x00, 0x40, 0xFF, 0xFF, 0x7F,
        ])
        #expect(bytes(.s32LE) == [
            0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0x7F,
            0x00, 0x00, 0x00, 0x40, 0xFF, 0xFF, 0xFF, 0x7F,
        ])
    }

    @Test("Odd destination offsets need no alignment")
    func unaligned() {
        var converter = SampleConverter(encoding: .s32LE)
        let input: [Float] = [0.5, -0.5]
        var out = [UInt8](repeating: 0, count: 9)
        input.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBytes { destination in
                guard let from = source.baseAddress, let to = destination.baseAddress else { return }
                converter.convert(from, samples: 2, into: to + 1)
            }
        }
        #expect(out == [0, 0x00, 0x00, 0x00, 0x40, 0x00, 0x00, 0x00, 0xC0])
    }

    @Test("TPDF dither stays within one LSB, averages to the input, and is reproducible")
    func dither() {
        var converter = SampleConverter(encoding: .s16LE, dither: true, seed: 42)
        #expect(converter.dither)
        let value: Float = 1_000.25 * lsb16
        var sum = 0.0
        var seen = Set<Int16>()
        let count = 200_000
        for _ in 0..<count {
            let code = converter.s16Dithered(value)
            seen.insert(code)
            sum += Double(code)
        }
        #expect(seen.isSubset(of: [999, 1_000, 1_001, 1_002]))
        #expect(abs(sum / Double(count) - 1_000.25) < 0.01)
        // Full scale still clips instead of wrapping.
        #expect(converter.s16Dithered(1) <= 32_767 && converter.s16Dithered(1) >= 32_766)
        #expect(converter.s16Dithered(-1) >= -32_768 && converter.s16Dithered(-1) <= -32_767)

        var first = SampleConverter(encoding: .s16LE, dither: true, seed: 7)
        var second = SampleConverter(encoding: .s16LE, dither: true, seed: 7)
        let a = (0..<100).map { _ in first.s16Dithered(0.1) }
        let b = (0..<100).map { _ in second.s16Dithered(0.1) }
        #expect(a == b)
        #expect(!SampleConverter(encoding: .s32LE, dither: true).dither)
    }
}
