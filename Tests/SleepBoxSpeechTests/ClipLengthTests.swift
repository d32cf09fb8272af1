import SleepBoxAudio
import Testing
@testable import SleepBoxSpeech

/// A clip's length at the engine's rate, worked out without resampling it, is the length
/// libsoxr gives when it resamples the clip whole (what every clip's length was before).
@Suite struct ClipLengthTests {
    @Test(arguments: [(22_050, 48_000), (16_000, 48_000), (24_000, 48_000), (22_050, 44_100), (44_100, 48_000)])
    func theLengthIsWhatResamplingWholeGives(_ rates: (Int, Int)) throws {
        var lengths = Array(1...400)
        var n = 401
        while n < 700_000 { lengths.append(n); n = n * 5 / 4 + 7 }
        for frames in lengths {
            let resampled = try SpeechResampler.floats(from: [Float](repeating: 0.1, count: frames),
                                                       inputRate: rates.0, outputRate: rates.1)
            #expect(ClipResampler.outputFrames(forInput: frames, from: rates.0, to: rates.1) == resampled.count,
                    "\(frames) frames at \(rates.0) Hz")
        }
    }
}
