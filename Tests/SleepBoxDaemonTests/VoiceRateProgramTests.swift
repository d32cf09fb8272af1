import Foundation
import SleepBoxAudio
import SleepBoxContent
import SleepBoxCore
import Testing
@testable import SleepBoxDaemon
import SleepBoxSpeech
@testable import SleepBoxSound

/// Spoken items hold their speech at the voice's rate (espeak-ng: 22,050 Hz) and resample each
/// clip as it plays: the program lasts and sounds as it did when every clip was resampled whole
/// to 48 kHz on load (real espeak-ng speech through the cache).
@Suite struct VoiceRateProgramTests {
    /// The voice as it was used before: every clip resampled whole to the engine's rate
    /// (`CachedSpeech.synthesize`, libsoxr HQ), the program holding 48 kHz clips.
    final class WholeClipRenderer: SpeechRenderer, @unchecked Sendable {
        let speech: CachedSpeech
        init(speech: CachedSpeech) { self.speech = speech }
        var voiceDescription: String { "espeak-ng, resampled whole" }
        func render(_ text: String) throws -> [Float] { try speech.synthesize(text).samples }
        func cachedDuration(_ text: String) -> Double? { nil }
    }

    struct Setup {
        let root: String
        let entry: ContentEntry
        let voice: CachedSpeech
        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    static func setup(_ label: String) throws -> Setup {
        let root = FileManager.default.temporaryDirectory.path + "/sleepbox-\(label)-" + UUID().uuidString
        let poems = root + "/content/poems"
        try FileManager.default.createDirectory(atPath: poems, withIntermediateDirectories: true)
        try ("title: Night\nkind: poem\nauthor: me\nsource: mine\n---\nThe night is still, and the house is quiet.\n\n"
            + "[pause 1.5s]\n\nBreathe in slowly.\n\nSleep now, sleep well.\n")
            .write(toFile: poems + "/poem-night.txt", atomically: true, encoding: .utf8)
        let voice = CachedSpeech(engine: EspeakEngine(), cache: SpeechCache(directory: root + "/cache"), loudness: -26)
        let library = ContentLibrary.load(bundled: root + "/content", speech: VoiceRenderer(speech: voice), format: .engine)
        return Setup(root: root, entry: try #require(library.entry("poem-night")), voice: voice)
    }

    static func render(_ source: any AudioSource, frames: Int, block: Int = 480) -> [Float] {
        var out = [Float](repeating: 0, count: 2 * frames)
        var done = 0
        out.withUnsafeMutableBufferPointer { buffer in
            while done < frames {
                let n = source.render(into: buffer.baseAddress! + 2 * done, frames: min(block, frames - done))
                if n == 0 { break }
                done += n
            }
        }
        return out
    }

    @Test func aCachedClipLoadsAtTheVoicesRate() throws {
        let setup = try Self.setup("voice-rate-load")
        defer { setup.remove() }
        let rendered = try setup.voice.voiceClip("Breathe in slowly.")
        #expect(rendered.sampleRate == 22_050)
        let loaded = try setup.voice.voiceClip("Breathe in slowly.")
        #expect(setup.voice.hits == 1)
        #expect(loaded == rendered)
        #expect(loaded.sampleRate == 22_050)
        // The greeting still gets the clip at the engine's rate.
        let whole = try setup.voice.synthesize("Breathe in slowly.")
        #expect(whole.sampleRate == 48_000)
        #expect(whole.samples.count == ClipResampler.outputFrames(forInput: loaded.samples.count, from: 22_050, to: 48_000))
    }

    @Test func theProgramKeepsItsTimingAndSoundsAsBefore() throws {
        let setup = try Self.setup("voice-rate-program")
        defer { setup.remove() }
        let before = try #require(try ProgramBuilder(speech: WholeClipRenderer(speech: setup.voice), format: .engine)
            .prepare(setup.entry, seed: 1).plan)
        let after = try #require(try ProgramBuilder(speech: VoiceRenderer(speech: setup.voice), format: .engine)
            .prepare(setup.entry, seed: 1).plan)

        // The same clips at the same frames, for the same length: captions and pauses unchanged.
        #expect(after.elements == before.elements)
        #expect(after.lengthFrames == before.lengthFrames)
        #expect(after.captions() == before.captions())
        #expect(after.clips.rates == [22_050, 22_050, 22_050, 22_050])
        #expect(before.clips.rates == [48_000, 48_000, 48_000, 48_000])
        // Under half the memory.
        #expect(after.clips.byteCount * 2 < before.clips.byteCount)

        // The sound: the same within -60 dB of full scale at every sample (measured: at most
        // 4.6e-4, -67 dBFS: libsoxr's medium quality as the clip plays against its high quality
        // on the whole clip, and the 16-bit rounding at 48 kHz the program did before).
        let frames = after.lengthFrames
        let old = Self.render(ProgramSource(plan: before), frames: frames)
        let new = Self.render(ProgramSource(plan: after), frames: frames)
        var largest: Float = 0
        for i in 0..<old.count { largest = max(largest, abs(old[i] - new[i])) }
        #expect(largest < 0.001, "largest difference \(largest)")
        // Silence stays exact digital silence between the clips.
        let gap = after.elements[0].endFrame + 10
        #expect(new[(2 * gap)..<(2 * gap + 200)].allSatisfy { $0 == 0 })
        // Nothing lost at a clip's ends: the energy of each clip is the same.
        for element in after.elements {
            let range = (2 * element.startFrame)..<(2 * element.endFrame)
            let a = old[range].reduce(0) { $0 + Double($1 * $1) }, b = new[range].reduce(0) { $0 + Double($1 * $1) }
            #expect(abs(a - b) / a < 0.01)
        }
    }

    @Test func aSeekIntoAClipPlaysWhatPlayingThroughDoes() throws {
        let setup = try Self.setup("voice-rate-seek")
        defer { setup.remove() }
        let plan = try #require(try ProgramBuilder(speech: VoiceRenderer(speech: setup.voice), format: .engine)
            .prepare(setup.entry, seed: 1).plan)
        let through = Self.render(ProgramSource(plan: plan), frames: plan.lengthFrames)
        let first = plan.elements[0]
        for target in [first.startFrame + 1, first.startFrame + 777, first.endFrame - 5_000, plan.elements[1].startFrame + 3_001] {
            let source = ProgramSource(plan: plan)
            try source.seek(toFrame: target)
            let rest = Self.render(source, frames: 9_600, block: 333)
            let expected = through[(2 * target)..<(2 * target + rest.count)]
            var largest: Float = 0
            for (a, b) in zip(rest, expected) { largest = max(largest, abs(a - b)) }
            #expect(largest < 1e-6, "at \(target): \(largest)")
        }
    }

    @Test func aGrowingProgramPlaysItsClipsResampledAsTheyArrive() throws {
        let setup = try Self.setup("voice-rate-growing")
        defer { setup.remove() }
        let builder = ProgramBuilder(speech: VoiceRenderer(speech: setup.voice), format: .engine)
        let growing = GrowingProgramSource()
        let whole = try #require(try builder.prepare(setup.entry, seed: 1) { plan, final in
            growing.update(plan, finalFrames: final, complete: false)
        }.plan)
        growing.update(whole, finalFrames: whole.lengthFrames, complete: true)
        let played = Self.render(growing, frames: whole.lengthFrames)
        let reference = Self.render(ProgramSource(plan: whole), frames: whole.lengthFrames)
        #expect(played == reference)
    }

    @Test func fillingTheCacheKeepsNoSpeechAndGivesTheProgramsLength() throws {
        let setup = try Self.setup("voice-rate-fill")
        defer { setup.remove() }
        let builder = ProgramBuilder(speech: VoiceRenderer(speech: setup.voice), format: .engine)
        let seconds = try #require(try builder.fillCache(setup.entry, seed: 1))
        // The title and three stretches.
        #expect(setup.voice.cache.count == 4)
        #expect(setup.voice.misses == 4)
        let script = try #require({ if case .script(let s) = setup.entry.body { return s } else { return nil } }())
        let lengths = try builder.plan(script, id: setup.entry.id, keepsSpeech: false)
        #expect(lengths.clips.byteCount == 0)
        let plan = try #require(try builder.prepare(setup.entry, seed: 1).plan)
        #expect(setup.voice.misses == 4, "the program comes from the cache")
        #expect(lengths.elements == plan.elements)
        #expect(seconds == plan.format.seconds(plan.lengthFrames))
    }

    @Test func aPiperVoiceAtAnotherRateIsHeldAtItsRateAndPlaysAtTheEngines() throws {
        let installation = try VoiceSetupTests.Installation()
        defer { installation.remove() }
        // The voice at 16,000 Hz: half a second of a square wave.
        try Data(#"{"audio":{"sample_rate":16000}}"#.utf8).write(to: URL(fileURLWithPath: installation.model + ".json"))
        let signal = (0..<8_000).map { Int16(($0 / 20) % 2 == 0 ? 12_000 : -12_000) }
        try Data(signal.flatMap { value in withUnsafeBytes(of: value.littleEndian) { Array($0) } })
            .write(to: URL(fileURLWithPath: installation.root + "/signal.raw"))
        let poems = installation.root + "/content/poems"
        try FileManager.default.createDirectory(atPath: poems, withIntermediateDirectories: true)
        try "title: Night\nkind: poem\nauthor: me\nsource: mine\n---\nThe night is still.\n\n[pause 1s]\n\nSleep now.\n"
            .write(toFile: poems + "/poem-night.txt", atomically: true, encoding: .utf8)
        let setup = try installation.setup(voice: """
            engine = "piper"
            piper_model = "\(installation.model)"
            piper_binary = "\(installation.binary)"
            """)
        let voice = try #require(setup.voice)
        let entry = try #require(setup.library.entry("poem-night"))
        let plan = try #require(try ProgramBuilder(speech: VoiceRenderer(speech: voice), format: .engine).prepare(entry, seed: 1).plan)
        #expect(plan.clips.rates.allSatisfy { $0 == 16_000 })
        let whole = try voice.synthesize("Sleep now.")
        let clip = try voice.voiceClip("Sleep now.")
        #expect(clip.sampleRate == 16_000 && whole.sampleRate == 48_000)
        let element = try #require(plan.elements.last)
        #expect(element.text == "Sleep now.")
        #expect(element.lengthFrames == whole.samples.count)
        #expect(element.lengthFrames == 3 * clip.samples.count)
        // It plays at the engine's rate: the same samples as the clip resampled whole, within -60 dB.
        let source = ProgramSource(plan: plan)
        try source.seek(toFrame: element.startFrame)
        let played = Self.render(source, frames: element.lengthFrames)
        var largest: Float = 0
        for i in 0..<whole.samples.count { largest = max(largest, abs(played[2 * i] - whole.samples[i]), abs(played[2 * i + 1] - whole.samples[i])) }
        #expect(largest < 0.001, "largest difference \(largest)")
    }
}
