import CALSA
import Testing
@testable import SleepBoxAudio

extension ALSASuite {
    /// Real libasound2, no sound card: a `type file` PCM over a `type null` PCM writes exactly the
    /// bytes the sink handed to snd_pcm_writei.
    @Suite struct ALSASinkPlaybackTests {
        struct Case: Sendable, CustomTestStringConvertible {
            var device: String
            var file: String
            var preferences: [ALSASampleFormat]
            var expected: ALSASampleFormat
            var testDescription: String { "\(expected) via \(device)" }
        }

        static let cases = [
            Case(device: "sleepboxtest_s16", file: "s16.raw", preferences: [.s16LE], expected: .s16LE),
            // The default preference: the file/null PCM takes anything, so S32_LE wins.
            Case(device: "sleepboxtest_s32", file: "s32.raw", preferences: [.s32LE, .s16LE], expected: .s32LE),
            Case(device: "sleepboxtest_float", file: "float.raw", preferences: [.floatLE, .s32LE], expected: .floatLE),
            Case(device: "sleepboxtest_inline", file: "inline.raw", preferences: [.s16LE], expected: .s16LE),
        ]

        @Test(arguments: cases)
        func sineThroughTheFilePCMIsBitExact(_ c: Case) throws {
            _ = ALSATestEnvironment.shared
            ALSATestEnvironment.remove(c.file)
            let signal = ALSATestSignal.sine(seconds: 1)
            let sink = ALSASink(configuration: ALSASinkConfiguration(device: c.device, formats: c.preferences))

            #expect(sink.open(now: 0) == [])
            #expect(sink.state == .running)
            let parameters = try #require(sink.parameters)
            #expect(parameters.format == c.expected)
            #expect(parameters.sampleRate == 48_000 && parameters.channels == 2)
            #expect(parameters.periodFrames == 480, "10 ms period on the file/null PCM")
            #expect(parameters.bufferFrames == 4_800, "100 ms buffer on the file/null PCM")
            #expect(parameters.startThreshold == 960 && parameters.availMin == 480)
            #expect(sink.pollDescriptors.count == 1)
            print("[alsa] \(parameters)")

            var loop = ALSADaemonLoop()
            let reached = try loop.play(signal, on: sink)
            #expect(reached == signal.frames)
            #expect(loop.events == [])
            #expect(sink.drain(timeout: 2))
            #expect(sink.xrunCount == 0)
            sink.close()
            #expect(sink.state == .closed)

            let written = ALSATestEnvironment.contents(of: c.file)
            let reference = signal.reference(c.expected)
            let comparison = ALSAByteComparison(written, reference)
            #expect(comparison.identical, "\(c.file) vs the \(c.expected) encoding: \(comparison)")
        }

        @Test func writingToAClosedSinkThrows() throws {
            _ = ALSATestEnvironment.shared
            let sink = ALSASink(configuration: ALSASinkConfiguration(device: "sleepboxtest_s16"))
            let samples = [Float](repeating: 0, count: 96)
            #expect(throws: AudioSinkError(device: "sleepboxtest_s16", reason: "not open")) {
                try samples.withUnsafeBufferPointer { buffer throws(AudioSinkError) in
                    guard let base = buffer.baseAddress else { return }
                    _ = try sink.write(base, frames: 48)
                }
            }
            #expect(sink.framesWanted == 0)
            #expect(sink.pollDescriptors.isEmpty)
        }

        @Test func periodAndBufferFollowTheConfigurationInFramesOrMilliseconds() throws {
            _ = ALSATestEnvironment.shared
            let sink = ALSASink(configuration: ALSASinkConfiguration(
                device: "sleepboxtest_null", period: .frames(256), buffer: .milliseconds(50), startPeriods: 1))
            sink.open(now: 0)
            let parameters = try #require(sink.parameters)
            #expect(parameters.periodFrames == 256)
            #expect(parameters.bufferFrames == 2_400)
            #expect(parameters.startThreshold == 256)
            print("[alsa] \(parameters)")
            sink.close()
        }
    }
}
