import SleepBoxAudio
import Testing

@Suite struct SilenceSourceTests {
    @Test func itLastsExactlyItsLengthInAnyBlocks() throws {
        let silence = SilenceSource(frames: 48_001)
        var buffer = [Float](repeating: 7, count: 2 * 1_000)
        var total = 0
        var calls = 0
        buffer.withUnsafeMutableBufferPointer { b in
            guard let base = b.baseAddress else { return }
            while true {
                let n = silence.render(into: base, frames: 1_000)
                calls += 1
                if n > 0 { #expect(b[0..<(2 * n)].allSatisfy { $0 == 0 }) }
                total += n
                if n < 1_000 { break }
            }
            #expect(silence.render(into: base, frames: 1_000) == 0)
        }
        #expect(total == 48_001)
        #expect(calls == 49)
        #expect(silence.lengthFrames == 48_001)
        try silence.seek(toFrame: 48_000)
        #expect(DSP.render(silence, frames: 10).count == 2)
        try silence.seek(toFrame: -5)
        #expect(silence.positionFrames == 0)
        #expect(SilenceSource(frames: -3).lengthFrames == 0)
    }
}
