import Foundation
import SleepBoxAudio
import Testing
@testable import SleepBoxDaemon
@testable import SleepBoxTools

/// `sleepbox play --wav`: a WAV that cannot be written fails the play instead of passing as played.
@Suite struct FilePlayerTests {
    /// A disk that is full from the first write.
    final class FullDiskSink: AudioSink {
        let format = AudioFormat.engine
        func write(_ buffer: UnsafePointer<Float>, frames: Int) throws(AudioSinkError) -> Int {
            throw AudioSinkError(device: "/full/out.wav", reason: "write failed after 0 frames: No space left on device")
        }
        func close() {}
    }

    /// A tenth of a second of silence in a WAV file at `rate`.
    func shortFile(rate: Int = 48_000) throws -> String {
        let path = FileManager.default.temporaryDirectory.path + "/sleepbox-play-" + UUID().uuidString + ".wav"
        let format = AudioFormat(sampleRate: rate)
        let sink = try WAVFileSink(path: path, format: format)
        let frames = rate / 10
        let silence = [Float](repeating: 0, count: 2 * frames)
        _ = try sink.write(silence, frames: frames)
        sink.close()
        return path
    }

    @Test func aFileIsPlayedAtItsOwnRateWhenTheOutputTakesIt() throws {
        let file = try shortFile(rate: 44_100)
        let out = file + ".out.wav"
        defer {
            try? FileManager.default.removeItem(atPath: file)
            try? FileManager.default.removeItem(atPath: out)
        }
        let player = try FilePlayer.configured(path: file, destination: .wav(out), volume: 100, fadeAfter: nil, configPath: nil)
        #expect(player.engine.format.sampleRate == 44_100)
        #expect(player.run())
        let written = try FileSource(path: out, format: AudioFormat(sampleRate: 44_100))
        #expect(written.fileSampleRate == 44_100)
        #expect(written.resamplerQuality == nil)
        // The file's 4,410 frames and the rest of the 10 ms period in which it ended.
        #expect(written.lengthFrames == 4_410 + 441)
    }

    @Test func aForcedRateConvertsTheFile() throws {
        let file = try shortFile(rate: 44_100)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let player = try FilePlayer.configured(path: file, destination: .nowhere, volume: 100, fadeAfter: nil, configPath: nil,
                                               rate: 48_000)
        #expect(player.engine.format.sampleRate == 48_000)
        let source = try (player.engine.provider as? FilePlayer.Provider)?.openItem("file", at: 0) as? FileSource
        #expect(source?.resamplerQuality == .high)
    }

    @Test func aWriteThatFailsFailsThePlay() throws {
        let file = try shortFile()
        defer { try? FileManager.default.removeItem(atPath: file) }
        let player = FilePlayer(path: file, format: .engine, volume: 100, output: .sink(FullDiskSink()), fadeAfter: nil, fadeSeconds: 1)
        #expect(!player.run())
        #expect(player.failure == "\(file): /full/out.wav: write failed after 0 frames: No space left on device")
    }

    @Test func aWriteThatWorksPlaysToTheEnd() throws {
        let file = try shortFile()
        defer { try? FileManager.default.removeItem(atPath: file) }
        let sink = NullSink(format: .engine)
        let player = FilePlayer(path: file, format: .engine, volume: 100, output: .sink(sink), fadeAfter: nil, fadeSeconds: 1)
        #expect(player.run())
        #expect(player.failure == nil)
        #expect(sink.framesWritten >= 4_800)
    }
}
