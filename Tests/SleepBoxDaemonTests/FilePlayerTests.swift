import Foundation
import SleepBoxAudio
import Testing
@testable import SleepBoxDaemon

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

    /// A tenth of a second of silence in a WAV file.
    func shortFile() throws -> String {
        let path = FileManager.default.temporaryDirectory.path + "/sleepbox-play-" + UUID().uuidString + ".wav"
        let sink = try WAVFileSink(path: path, format: .engine)
        let silence = [Float](repeating: 0, count: 2 * 4_800)
        _ = try sink.write(silence, frames: 4_800)
        sink.close()
        return path
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
