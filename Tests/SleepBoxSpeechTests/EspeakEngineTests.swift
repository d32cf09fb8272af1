import Foundation
import SleepBoxAudio
import Testing
@testable import SleepBoxSpeech

@Suite("espeak-ng in process")
struct EspeakEngineTests {
    static let innisfree = """
        I will arise and go now, and go to Innisfree, And a small cabin build there, of clay and wattles \
        made; Nine bean-rows will I have there, a hive for the honey-bee, And live alone in the bee-loud \
        glade. And I shall have some peace there, for peace comes dropping slow, Dropping from the veils \
        of the morning to where the cricket sings; There midnight's all a glimmer, and noon a purple \
        glow, And evening full of the linnet's wings.
        """

    @Test func helloThereIsAPlausibleTrimmedClipAt48kHz() throws {
        let engine = EspeakEngine()
        let clip = try engine.synthesize("Hello there.")
        #expect(clip.sampleRate == 48_000)
        #expect(!clip.isEmpty)
        #expect(clip.duration > 0.4 && clip.duration < 2.0, "duration \(clip.duration)")
        #expect(peak(clip.samples[...]) > 0.1)

        let trimmer = engine.trimmer
        let margin = AudioFormat.engine.frames(trimmer.margin)
        // Exactly the margin of near-silence at each end: the first 5 ms and the last 5 ms are quiet.
        #expect(peak(clip.samples.prefix(240)) <= trimmer.threshold)
        #expect(peak(clip.samples.suffix(240)) <= trimmer.threshold)
        let loud = try #require(trimmer.loudRange(clip.samples))
        #expect(loud.lowerBound == margin)
        #expect(loud.upperBound == clip.samples.count - 1 - margin)
    }

    /// What the trimmer removes: espeak-ng's own silence before and after speech (at -50 dBFS).
    /// Without espeakENDPAUSE it is short; it varies a little between renders because espeak-ng
    /// carries state from one render to the next.
    @Test func espeaksOwnSilenceIsMeasured() throws {
        let texts = ["Hello there.", "Hello there.", "Hello there.", "Sleep well, and sweet dreams.", "Good night."]
        var leads: [Double] = []
        var trails: [Double] = []
        for (i, text) in texts.enumerated() {
            let engine = i == 4 ? EspeakEngine(voice: .espeakGerman) : EspeakEngine()
            let native = try engine.renderNative(text)
            #expect(native.sampleRate == 22_050)
            let floats = native.samples.map { Float($0) / 32_768 }
            let loud = try #require(SilenceTrimmer.standard.loudRange(floats))
            leads.append(Double(loud.lowerBound) * 1000 / Double(native.sampleRate))
            trails.append(Double(floats.count - 1 - loud.upperBound) * 1000 / Double(native.sampleRate))
        }
        let format = { (values: [Double]) in
            String(format: "%.1f-%.1f ms", values.min() ?? 0, values.max() ?? 0)
        }
        print("espeak-ng's own silence (-50 dBFS): \(format(leads)) before, \(format(trails)) after")
        #expect(leads.allSatisfy { $0 < 60 })
        #expect(trails.allSatisfy { $0 < 100 })
    }

    /// The whole poem is spoken, at 48 kHz after resampling and trimming (how fast: `make bench`;
    /// a test never depends on the machine's speed).
    @Test func rendersTheWholePoem() throws {
        let engine = EspeakEngine()
        let native = try engine.renderNative(Self.innisfree)
        let audio = Double(native.samples.count) / Double(native.sampleRate)
        let clip = try engine.synthesize(Self.innisfree)
        #expect(audio > 20 && audio < 45)
        #expect(clip.sampleRate == 48_000)
        #expect(abs(clip.duration - audio) < 1, "trimming takes only the ends: \(clip.duration) vs \(audio)")
    }

    @Test func slowerRateGivesLongerSpeech() throws {
        let slow = try EspeakEngine(voice: SpeechVoice(engine: "espeak-ng", name: "en-us", rate: 100)).synthesize("One two three four five six.")
        let fast = try EspeakEngine(voice: SpeechVoice(engine: "espeak-ng", name: "en-us", rate: 200)).synthesize("One two three four five six.")
        #expect(slow.duration > fast.duration * 1.5, "\(slow.duration) vs \(fast.duration)")
    }

    @Test func germanVoiceSpeaks() throws {
        #expect(EspeakEngine.hasVoice("de"))
        let clip = try EspeakEngine(voice: .espeakGerman).synthesize("Guten Morgen. Es ist Viertel vor sieben.")
        #expect(clip.duration > 1 && clip.duration < 5, "duration \(clip.duration)")
        #expect(peak(clip.samples[...]) > 0.1)
    }

    @Test func britishEnglishIsFoundByLanguage() throws {
        let clip = try EspeakEngine(voice: SpeechVoice(engine: "espeak-ng", name: "en-gb")).synthesize("Hello there.")
        #expect(clip.duration > 0.4 && clip.duration < 2.0)
    }

    @Test func missingVoiceSaysWhichVoicesExist() {
        let engine = EspeakEngine(voice: SpeechVoice(engine: "espeak-ng", name: "xx-nowhere"))
        #expect {
            _ = try engine.synthesize("Good morning to you, sleeper.")
        } throws: { error in
            guard let error = error as? SpeechError, case .voiceMissing(let voice, let available) = error.reason else { return false }
            return error.engine == "espeak-ng" && voice == "xx-nowhere" && available.contains("en-us")
                && available.contains("de") && error.text == "Good morning to you, sleeper."
                && error.description.contains("available voices: ")
        }
        // A failure does not spoil the next render.
        #expect((try? EspeakEngine().synthesize("Still here.")).map { !$0.isEmpty } == true)
    }

    @Test func emptyTextGivesAnEmptyClip() throws {
        #expect(try EspeakEngine().synthesize("  \n ").isEmpty)
    }

    /// espeak-ng keeps state between renders (its wave generator's phase, intonation), so the same
    /// text comes out a few samples different each time; across threads, through the lock, every
    /// render must still be whole and the same length within a few milliseconds.
    @Test func rendersFromManyThreadsAreWhole() throws {
        let english = EspeakEngine()
        let german = EspeakEngine(voice: .espeakGerman)
        let expectedEnglish = try english.synthesize("Hello there.")
        let expectedGerman = try german.synthesize("Gute Nacht.")
        let results = ResultsBox()
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            let engine = i % 2 == 0 ? english : german
            let clip = try? engine.synthesize(i % 2 == 0 ? "Hello there." : "Gute Nacht.")
            results.append(i, clip)
        }
        #expect(results.all.count == 8)
        for (i, clip) in results.all {
            let expected = i % 2 == 0 ? expectedEnglish : expectedGerman
            let duration = clip?.duration ?? 0
            #expect(abs(duration - expected.duration) < 0.02, "render \(i): \(duration) s, alone \(expected.duration) s")
            #expect(peak(clip?.samples[...] ?? []) > 0.1)
        }
    }

    @Test func clipPlaysThroughClipSource() throws {
        let clip = try EspeakEngine().synthesize("Hi.")
        let source = clip.source()
        #expect(source.lengthFrames == clip.frameCount)
        var buffer = [Float](repeating: 0, count: 2 * clip.frameCount)
        let frames = buffer.withUnsafeMutableBufferPointer { out in
            out.baseAddress.map { source.render(into: $0, frames: clip.frameCount) } ?? 0
        }
        #expect(frames == clip.frameCount)
        #expect(buffer[2 * 1000] == clip.samples[1000] && buffer[2 * 1000 + 1] == clip.samples[1000])
    }
}

private final class ResultsBox: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [(Int, SpeechClip?)] = []

    func append(_ i: Int, _ clip: SpeechClip?) {
        lock.lock()
        items.append((i, clip))
        lock.unlock()
    }

    var all: [(Int, SpeechClip?)] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }
}
