import SleepBoxCore
import Testing
@testable import SleepBoxAudio

/// The engine at a recording's own rate (`AudioEngine.changeRate(to:)`): recordings opened at the
/// new rate, the provider's other sounds converted to it (`RateConvertedSource`), only while
/// nothing sounds.
@Suite struct EngineRateChangeTests {
    /// "rec" is a recording at 44.1 kHz: opened at the rate the engine asks for, a 1 kHz tone at
    /// that rate. Everything else (beds, cues, spoken items) is a 1 kHz tone at 48 kHz.
    final class Provider: SoundProvider {
        private(set) var asked: [(ItemID, Int)] = []

        func recordingRate(of id: ItemID) -> Int? { id == "rec" ? 44_100 : nil }

        func openItem(_ id: ItemID, at position: Double) throws(AudioError) -> any AudioSource {
            Self.tone(rate: 48_000)
        }

        func openItem(_ id: ItemID, at position: Double, rate: Int) throws(AudioError) -> (source: any AudioSource, rate: Int?) {
            asked.append((id, rate))
            return id == "rec" ? (Self.tone(rate: rate), rate) : (Self.tone(rate: 48_000), nil)
        }

        func wakeSound() -> any AudioSource { Self.tone(rate: 48_000) }
        func bed(_ name: String) -> (any AudioSource)? { Self.tone(rate: 48_000) }
        func speech(_ text: String) -> (any AudioSource)? { nil }

        static func tone(rate: Int, seconds: Double = 4) -> any AudioSource {
            Tone(ToneSweep(from: 1_000, to: 1_000, seconds: seconds, level: 0.5, attack: 0.01, release: 0.01,
                           format: AudioFormat(sampleRate: rate)))
        }
    }

    /// A steady tone that knows where it is, as spoken programs and files do.
    final class Tone: SeekableSource {
        let sweep: ToneSweep
        init(_ sweep: ToneSweep) { self.sweep = sweep }
        var positionFrames: Int { sweep.positionFrames }
        var lengthFrames: Int? { sweep.lengthFrames }
        func seek(toFrame frame: Int) throws(AudioError) { throw AudioError(reason: "not in these tests") }
        func render(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int { sweep.render(into: buffer, frames: frames) }
    }

    /// The frequency of the left channel of `frames` frames, from its upward zero crossings.
    static func frequency(_ samples: [Float], rate: Int) -> Double {
        var first: Int?, last = 0, count = 0
        for i in 1..<(samples.count / 2) where samples[2 * (i - 1)] < 0 && samples[2 * i] >= 0 {
            if first == nil { first = i } else { count += 1 }
            last = i
        }
        guard let first, count > 0 else { return 0 }
        return Double(count) * Double(rate) / Double(last - first)
    }

    static func render(_ engine: AudioEngine, seconds: Double) -> [Float] {
        let frames = engine.format.frames(seconds)
        var out = [Float](repeating: 0, count: 2 * frames)
        out.withUnsafeMutableBufferPointer { _ = engine.render(into: $0.baseAddress!, frames: frames) }
        return out
    }

    @Test func theRateChangesOnlyWhileNothingSoundsAndKeepsTheVolume() {
        let engine = AudioEngine(format: .engine, provider: Provider(), volumePercent: 37)
        engine.perform(.play("story", from: 0))
        #expect(!engine.changeRate(to: 44_100))
        #expect(engine.format.sampleRate == 48_000)
        engine.perform(.stop)
        _ = Self.render(engine, seconds: 0.1)
        #expect(engine.isSilent)
        #expect(engine.changeRate(to: 44_100))
        #expect(engine.format.sampleRate == 44_100)
        #expect(engine.mixer.format.sampleRate == 44_100)
        #expect(engine.mixer.volume.percent == 37)
        #expect(engine.providerFormat.sampleRate == 48_000)
    }

    @Test func aRecordingOpensAtTheNewRateAndTheBoxsOwnSoundsAreConverted() throws {
        let provider = Provider()
        let engine = AudioEngine(format: .engine, provider: provider, volumePercent: 100)
        try #require(engine.changeRate(to: 44_100))
        engine.perform(.play("rec", from: 0))
        #expect(provider.asked.last! == ("rec", 44_100))
        // Straight through: the recording's own source, no converter.
        #expect(!(engine.mixer.source(on: .item) is RateConvertedSource))
        engine.perform(.startBed("rain", level: 1))
        let bed = try #require(engine.mixer.source(on: .bed) as? RateConvertedSource)
        #expect(bed.inputRate == 48_000 && bed.outputRate == 44_100)
        engine.perform(.playCue(.tick))
        #expect(engine.mixer.source(on: .cue) is RateConvertedSource)
    }

    @Test func aConvertedSoundKeepsItsPitchAndLength() throws {
        // A 48 kHz tone converted to 44.1 kHz is still 1 kHz, and two seconds long.
        let converted = try RateConvertedSource(Provider.tone(rate: 48_000, seconds: 2), from: 48_000, to: 44_100)
        var out = [Float](repeating: 0, count: 2 * 100_000)
        let n = out.withUnsafeMutableBufferPointer { converted.render(into: $0.baseAddress!, frames: 100_000) }
        #expect(n == 88_200)
        #expect(abs(Self.frequency(Array(out[0..<(2 * n)]), rate: 44_100) - 1_000) < 1)
        // Sample by sample the tone as if made at 44.1 kHz (the filter's edges aside).
        let direct = Provider.tone(rate: 44_100, seconds: 2)
        var reference = [Float](repeating: 0, count: 2 * n)
        _ = reference.withUnsafeMutableBufferPointer { direct.render(into: $0.baseAddress!, frames: n) }
        var largest: Float = 0
        for i in (2 * 4_410)..<(2 * (n - 4_410)) { largest = max(largest, abs(out[i] - reference[i])) }
        #expect(largest < 0.002)
    }

    @Test func aSpokenItemStartedAtTheRecordingsRateIsConvertedAndKnowsWhereItIs() throws {
        let provider = Provider()
        let engine = AudioEngine(format: .engine, provider: provider, volumePercent: 100)
        try #require(engine.changeRate(to: 44_100))
        engine.perform(.play("story", from: 0))
        let item = try #require(engine.mixer.source(on: .item) as? RateConvertedSource)
        #expect(item.inputRate == 48_000)
        let out = Self.render(engine, seconds: 1)
        #expect(abs(Self.frequency(out, rate: 44_100) - 1_000) < 1)
        // The position is the spoken item's own, in seconds (what was pulled through the filter).
        let position = try #require(engine.itemPosition)
        #expect(position >= 1 && position < 1.1)
    }
}
