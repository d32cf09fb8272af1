import Foundation
import SleepBoxAudio
import Testing

@Suite("Sinks: WAV file and null")
struct SinkTests {
    /// A stereo test signal with the awkward values: full scale, beyond it, tiny, and a sine.
    private func testSignal(frames: Int) -> [Float] {
        let sine = Signal.sine(frequency: 997, amplitude: 0.8, rate: 48_000, frames: frames)
        let edges: [Float] = [-1, 1, 0, 0.5, -0.5, 1e-6, -1e-6, 0.999_99, -0.999_99, 0.25]
        let right = (0..<frames).map { edges[$0 % edges.count] }
        return Signal.interleave([sine, right])
    }

    private func write(_ samples: [Float], to sink: some AudioSink, chunks: [Int]) throws -> Int {
        var offset = 0
        var total = 0
        for chunk in chunks {
            let frames = min(chunk, samples.count / 2 - offset)
            total += try samples.withUnsafeBufferPointer { pointer throws(AudioSinkError) -> Int in
                guard let base = pointer.baseAddress else { return 0 }
                return try sink.write(base + 2 * offset, frames: frames)
            }
            offset += frames
        }
        return total
    }

    @Test("16-bit WAV round trip is within 1 LSB and holds SampleConverter's codes")
    func roundTrip16() throws {
        let fixtures = try AudioFixtures()
        let path = fixtures.path("out16.wav")
        let samples = testSignal(frames: 10_000)
        let sink = try WAVFileSink(path: path)
        #expect(sink.format == .engine)
        let written = try write(samples, to: sink, chunks: [1_000, 4_999, 3, 4_096, 10])
        #expect(written == 10_000)
        #expect(sink.framesWritten == 10_000)
        sink.close()
        sink.close()
        #expect(sink.closeError == nil)

        let back = try AudioFixtures.read(path)
        #expect(back.rate == 48_000)
        #expect(back.channels == 2)
        #expect(back.samples.count == samples.count)
        let worst = zip(samples, back.samples).map { abs($0 - $1) }.max() ?? 1
        #expect(worst <= 1.0 / 32_768, "worst error \(worst * 32_768) LSB")
        let codes = try AudioFixtures.readShorts(path)
        #expect(codes == samples.map(SampleConverter.s16))
    }

    @Test("24-bit and float WAV round trips")
    func roundTripWide() throws {
        let fixtures = try AudioFixtures()
        let samples = testSignal(frames: 5_000)
        let path24 = fixtures.path("out24.wav")
        let sink24 = try WAVFileSink(path: path24, encoding: .pcm24)
        _ = try write(samples, to: sink24, chunks: [5_000])
        sink24.close()
        let back24 = try AudioFixtures.read(path24)
        let worst24 = zip(samples, back24.samples).map { abs($0 - $1) }.max() ?? 1
        #expect(worst24 <= 1.0 / 8_388_608)

        let pathFloat = fixtures.path("outf.wav")
        let sinkFloat = try WAVFileSink(path: pathFloat, format: AudioFormat(sampleRate: 44_100), encoding: .float32)
        _ = try write(samples, to: sinkFloat, chunks: [2_500, 2_500])
        sinkFloat.close()
        let backFloat = try AudioFixtures.read(pathFloat)
        #expect(backFloat.rate == 44_100)
        #expect(backFloat.samples == samples)
    }

    @Test("drain() makes the file readable while it is still open")
    func drainUpdatesHeader() throws {
        let fixtures = try AudioFixtures()
        let path = fixtures.path("live.wav")
        let sink = try WAVFileSink(path: path)
        _ = try write(testSignal(frames: 300), to: sink, chunks: [300])
        sink.drain()
        #expect(try AudioFixtures.read(path).samples.count == 600)
        sink.close()
    }

    @Test("A recording keeps its header up to date as it goes: cut off without close, it reads to the last update")
    func headerKeptValidWhileWriting() throws {
        let fixtures = try AudioFixtures()
        let path = fixtures.path("killed.wav")
        let sink = try WAVFileSink(path: path, headerUpdateSeconds: 2)
        #expect(sink.headerUpdateFrames == 96_000)
        let chunk = testSignal(frames: 4_000)
        for _ in 0..<60 { _ = try write(chunk, to: sink, chunks: [4_000]) }
        // 5 s written, never drained or closed (as when the process is killed): the file on
        // disk is a plain RIFF WAV whose header counts the 4 s up to the last update, so any
        // reader (sox, Python's wave) takes it, not only a lenient one.
        let header = try RIFFHeader(path: path)
        #expect(header.magic == "RIFF")
        #expect(header.dataBytes == 192_000 * 4)
        #expect(header.riffSize == header.dataOffset - 8 + 192_000 * 4)
        sink.close()
        #expect(try AudioFixtures.read(path).samples.count == 2 * 240_000)
    }

    /// The first fields of a WAV file, read by hand.
    private struct RIFFHeader {
        var magic: String
        var riffSize: Int
        var dataBytes: Int
        var dataOffset: Int

        init(path: String) throws {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)).prefix(4096))
            func u32(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
            magic = String(decoding: bytes[0..<4], as: UTF8.self)
            riffSize = u32(4)
            var at = 12
            dataBytes = -1
            dataOffset = -1
            while at + 8 <= bytes.count {
                let id = String(decoding: bytes[at..<(at + 4)], as: UTF8.self)
                let size = u32(at + 4)
                if id == "data" {
                    dataBytes = size
                    dataOffset = at + 8
                    break
                }
                at += 8 + size + (size & 1)
            }
        }
    }

    @Test("A WAV sink that cannot create its file reports path and errno")
    func cannotCreate() throws {
        let path = "/nonexistent-folder/sleepbox/out.wav"
        let error = #expect(throws: AudioSinkError.self) { try WAVFileSink(path: path) }
        #expect(error?.device == path)
        #expect(error?.errno == ENOENT)
    }

    @Test("Writing after close fails with the path")
    func writeAfterClose() throws {
        let fixtures = try AudioFixtures()
        let path = fixtures.path("closed.wav")
        let sink = try WAVFileSink(path: path)
        sink.close()
        let error = #expect(throws: AudioSinkError.self) {
            _ = try self.write([0, 0], to: sink, chunks: [1])
        }
        #expect(error?.device == path)
    }

    @Test("The null sink counts frames and discards them")
    func nullSink() throws {
        let sink = NullSink()
        let sinks: [any AudioSink] = [sink]
        let silence = [Float](repeating: 0, count: 2 * 512)
        for target in sinks {
            for _ in 0..<10 {
                let taken = try silence.withUnsafeBufferPointer { pointer throws(AudioSinkError) -> Int in
                    guard let base = pointer.baseAddress else { return 0 }
                    return try target.write(base, frames: 512)
                }
                #expect(taken == 512)
            }
            target.drain()
        }
        #expect(sink.framesWritten == 5_120)
        sink.close()
        #expect(sink.isClosed)
        #expect(throws: AudioSinkError.self) { _ = try self.write(silence, to: sink, chunks: [1]) }
    }
}
