import Foundation
import SleepBoxAudio
import SleepBoxContent
import SleepBoxCore
import Testing
@testable import SleepBoxDaemon
@testable import SleepBoxSound
@testable import SleepBoxTools

/// A recording is opened and sought off the loop: the item starts at once, silent, and comes in
/// over a short ramp when the opening thread hands its source over.
@Suite struct RecordingOpenerTests {
    /// An executor whose jobs wait here until the test runs them (a worker thread that has not
    /// come round to them yet).
    final class HeldExecutor: SoundExecutor {
        private(set) var jobs: [() -> Void] = []
        func run<T: Sendable>(_ job: @escaping @Sendable () -> T, then done: @escaping (T) -> Void) {
            jobs.append { done(job()) }
        }
        /// Runs the first job waiting and its completion.
        func runNext() {
            if !jobs.isEmpty { jobs.removeFirst()() }
        }
    }

    /// A library with one recording, "rec-hum": a second of a steady level at `rate`, and a
    /// provider for it at 48 kHz; the folder is removed by `done`.
    func library(recordingAt rate: Int, opening: SoundExecutor = InlineExecutor(), sine: Bool = false) throws
        -> (provider: LibrarySoundProvider, done: () -> Void) {
        let root = FileManager.default.temporaryDirectory.path + "/sleepbox-opener-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root + "/content/recordings", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/state", withIntermediateDirectories: true)
        try "[paths]\ncontent = \"\(root)/content\"\n[voice]\nengine = \"espeak\"\n"
            .write(toFile: root + "/sleepbox.toml", atomically: true, encoding: .utf8)
        try "title = \"Hum\"\nkind = \"ambient\"\nauthor = \"me\"\nnarrator = \"none\"\ndescription = \"A hum.\"\naudio = \"rec-hum.wav\"\n"
            .write(toFile: root + "/content/recordings/rec-hum.toml", atomically: true, encoding: .utf8)
        let sink = try WAVFileSink(path: root + "/content/recordings/rec-hum.wav", format: AudioFormat(sampleRate: rate))
        // A steady level, or a 440 Hz sine peaking at 0.25, for a minute.
        let frames = sine ? 35 * rate : rate
        let level = (0..<(2 * frames)).map { i in sine ? 0.25 * Float(sin(2 * Double.pi * 440 * Double(i / 2) / Double(rate))) : 0.25 }
        _ = try sink.write(level, frames: frames)
        sink.close()

        let tool = try ContentTool(configPath: root + "/sleepbox.toml", stateDirectory: root + "/state")
        let content = tool.content
        let provider = LibrarySoundProvider(library: content.library, voice: content.voice, fallbackVoice: content.fallbackVoice,
                                            languageVoices: content.languageVoices, loudness: nil, format: .engine, seed: 1,
                                            logger: ContentTool.quietLogger, work: InlineExecutor(), opening: opening)
        return (provider, { try? FileManager.default.removeItem(atPath: root) })
    }

    @Test func aRecordingIsOpenedOnTheOpeningThreadAndComesInWithoutAStep() throws {
        let opening = HeldExecutor()
        let (provider, removeFolder) = try library(recordingAt: 48_000, opening: opening)
        defer { removeFolder() }

        let source = try provider.openItem("rec-hum", at: 0.5)
        let deferred = try #require(source as? DeferredSource)
        #expect(deferred.isWaiting)
        #expect(opening.jobs.count == 1, "opened on the opening thread, not here")
        var buffer = [Float](repeating: 1, count: 2 * 480)
        #expect(deferred.render(into: &buffer, frames: 480) == 480)
        #expect(buffer.allSatisfy { $0 == 0 })

        // The opening thread's job, then its completion on the loop thread.
        opening.runNext()
        #expect(!deferred.isWaiting)
        #expect(deferred.render(into: &buffer, frames: 480) == 480)
        let full = buffer[2 * 400]
        #expect(full == 0.25)
        // Frame k of the ramp is at (k + 1) / 256 of the sound: no step from the silence before.
        #expect(buffer[0] == full / 256)
        #expect(buffer[2 * 127] == full * 128 / 256)
        #expect(buffer[2 * 255] == full)
    }

    @Test func aRecordingOpensAtItsOwnRateWhenTheOutputRunsAtIt() throws {
        let opening = HeldExecutor()
        let (provider, removeFolder) = try library(recordingAt: 44_100, opening: opening)
        defer { removeFolder() }
        #expect(provider.recordingRate(of: "rec-hum") == 44_100)
        #expect(provider.recordingRate(of: "rain") == nil)
        // At the recording's rate: decoded straight through, nothing resampled; opened on the
        // opening thread, the deferred source gets the file at the rate asked for.
        let own = try provider.openItem("rec-hum", at: 0, rate: 44_100)
        #expect(own.rate == 44_100)
        let deferred = try #require(own.source as? DeferredSource)
        #expect(deferred.rate == 44_100 && deferred.isWaiting)
        opening.runNext()
        #expect(!deferred.isWaiting)
        let file = try #require(deferred.attached as? FileSource)
        #expect(file.format.sampleRate == 44_100 && file.resamplerQuality == nil)
        // At the box's rate: converted to it, as before.
        let box = try provider.openItem("rec-hum", at: 0, rate: 48_000)
        #expect(box.rate == nil)
        let converted = try #require(box.source as? DeferredSource)
        #expect(converted.rate == nil)
        opening.runNext()
        let resampled = try #require(converted.attached as? FileSource)
        #expect(resampled.format.sampleRate == 48_000 && resampled.resamplerQuality != nil)
    }

    @Test func aRecordingsRateIsKnownFromTheLibrarysLoad() throws {
        // Known at once, with a background too (a restore plays right after the start): nothing
        // is read when it is asked.
        let (provider, removeFolder) = try library(recordingAt: 22_050)
        defer { removeFolder() }
        #expect(provider.recordingRate(of: "rec-hum") == 22_050)
        #expect(provider.recordingRate(of: "no-such-item") == nil)
    }

    @Test func aRecordingNotYetMeasuredStartsAtOnceAndIsMeasuredApart() throws {
        let (made, removeFolder) = try library(recordingAt: 44_100, sine: true)
        defer { removeFolder() }
        // The same library, a provider with a worker and an opening thread whose jobs wait here.
        let loudness = ItemLoudness(target: -26)
        let work = HeldExecutor(), opens = HeldExecutor()
        let provider = LibrarySoundProvider(library: made.library, voice: nil, loudness: loudness, format: .engine, seed: 1,
                                            logger: ContentTool.quietLogger, work: work, opening: opens)

        let deferred = try #require(try provider.openItem("rec-hum", at: 0) as? DeferredSource)
        // Opened at once, not after the measurement: the file's job is already there.
        #expect(opens.jobs.count == 1)
        #expect(work.jobs.count == 1, "the loudness is measured on the worker")
        opens.runNext()
        #expect(!deferred.isWaiting)
        // Until it is measured whole, at the gain its first half minute gives: a sine peaking at
        // 0.25 measures -12.7 LUFS, 13.3 dB over the target.
        var buffer = [Float](repeating: 0, count: 2 * 4_800)
        _ = deferred.render(into: &buffer, frames: 4_800)
        let early = buffer[(2 * 1_000)...].map(abs).max() ?? 0
        #expect(early > 0.25 * 0.19 && early < 0.25 * 0.24, "peak \(early)")

        // Measured on the worker: the next play is levelled; a second press meanwhile measures nothing twice.
        _ = try provider.openItem("rec-hum", at: 0)
        #expect(work.jobs.count == 1)
        work.runNext()
        let path = try #require(made.library.entries.first { $0.id == "rec-hum" }.flatMap { entry -> String? in
            if case .audio(let item, _) = entry.body { return item.audioPath } else { return nil }
        })
        #expect(loudness.isMeasured(.audio(path: path)))
        // The whole measurement agrees with the estimate for a steady sound.
        let whole = loudness.knownGain(for: .audio(path: path))
        #expect(abs(20 * log10(Double(whole) * 0.25 / Double(early))) < 0.5)
    }

    @Test func theRecordingsLoudnessIsMeasuredAtStartAndKeptForTheNext() throws {
        let (made, removeFolder) = try library(recordingAt: 44_100, sine: true)
        defer { removeFolder() }
        let state = FileManager.default.temporaryDirectory.path + "/sleepbox-loudness-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: state) }
        let file = RecordingLoudnessFile(stateDirectory: state)
        // A line from an earlier start for a file that is gone, and one that cannot be read.
        try "-20.0\t1.0\t-3.0\taudio:/gone.mp3:10:5.0\nnot a line\n".write(toFile: file.path, atomically: true, encoding: .utf8)
        #expect(file.load().count == 1)

        let loudness = ItemLoudness(target: -26)
        let provider = LibrarySoundProvider(library: made.library, voice: nil, loudness: loudness, recordingLoudness: file,
                                            format: .engine, seed: 1, logger: ContentTool.quietLogger,
                                            work: InlineExecutor(), opening: InlineExecutor())
        provider.measureRecordings()
        var kept: [String: Loudness] = [:]
        // Up to a minute: the measurement runs at idle priority, behind whatever else the machine does.
        for _ in 0..<6_000 where kept.count != 1 || kept.keys.first?.contains("rec-hum") != true {
            usleep(10_000)
            kept = file.load()
        }
        // The recording there now, and nothing else.
        let key = try #require(kept.keys.first)
        #expect(kept.count == 1 && key.contains("rec-hum.wav"))
        #expect(abs(kept[key]!.integrated - -12.7) < 0.3, "a sine peaking at 0.25: \(kept[key]!)")

        // The next start measures nothing: the file says it.
        let next = ItemLoudness(target: -26)
        next.remember(file.load())
        let path = String(key.dropFirst("audio:".count).split(separator: ":").first!)
        #expect(next.isMeasured(.audio(path: path)))
        #expect(next.knownGain(for: .audio(path: path)) == loudness.knownGain(for: .audio(path: path)))
        // A changed file is not: its size or time is in the key.
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data(count: 4))
        handle.closeFile()
        #expect(!next.isMeasured(.audio(path: path)))
    }

    @Test func anEstimateNeverTurnsARecordingUp() throws {
        // A quiet start (a 440 Hz sine at -46 dBFS, far under the target) must not turn up the rest.
        let path = FileManager.default.temporaryDirectory.path + "/sleepbox-quiet-" + UUID().uuidString + ".wav"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sink = try WAVFileSink(path: path, format: AudioFormat(sampleRate: 44_100))
        let samples = (0..<(2 * 20 * 44_100)).map { i in 0.005 * Float(sin(2 * Double.pi * 440 * Double(i / 2) / 44_100)) }
        _ = try sink.write(samples, frames: 20 * 44_100)
        sink.close()
        let loudness = ItemLoudness(target: -26)
        #expect(loudness.estimatedGain(for: .audio(path: path)) == 1)
        #expect(!loudness.isMeasured(.audio(path: path)))
        // Measured whole, the gain would be far above 1: the estimate alone is held at 1.
        #expect(loudness.gain(for: .audio(path: path), format: .engine) > 10)
    }
}
