import Foundation
import Logging
import SleepBoxAudio
import SleepBoxContent
import SleepBoxCore
import Testing
@testable import SleepBoxDaemon
@testable import SleepBoxSound

/// The sound side of the owner's mixes: the provider builds a mix from the definition the core
/// sends with its `play` (`Command.play`'s `mix`) as it builds a bundled mix from its file, plays each layer at its
/// level, and leaves out a layer whose sound is gone, with a log line.
@Suite struct OwnerMixSoundTests {
    static var content: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("content").path
    }

    static let golden: UInt64 = 0x9E37_79B9_7F4A_7C15

    static func provider(lines: VoiceFallbackTests.Lines = .init()) -> LibrarySoundProvider {
        LibrarySoundProvider(library: ContentLibrary.load(bundled: content), voice: nil, format: .engine, seed: 1,
                             logger: Logger(label: "test") { _ in VoiceFallbackTests.Collector(lines: lines) },
                             work: InlineExecutor(), opening: InlineExecutor())
    }

    /// Both channels of `frames` frames of `source`, in 10 ms blocks.
    static func render(_ source: any AudioSource, frames: Int) -> [Float] {
        var out: [Float] = []
        let block = 480
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: 2 * block)
        defer { buffer.deallocate() }
        while out.count < 2 * frames {
            let n = source.render(into: buffer, frames: min(block, frames - out.count / 2))
            if n == 0 { break }
            out.append(contentsOf: UnsafeBufferPointer(start: buffer, count: 2 * n))
        }
        return out
    }

    static func generator(_ library: ContentLibrary, _ id: ItemID) throws -> GeneratorItem {
        guard case .generator(let item)? = library.entry(id)?.body else { throw AudioError(reason: "no generator \(id)") }
        return item
    }

    /// The smoothstep fade-in of a mix at `frame`.
    static func fade(_ frame: Int) -> Float {
        let x = min(1, Double(frame) / (MixItem.fadeInSeconds * 48_000))
        return Float(x * x * (3 - 2 * x))
    }

    @Test func anOwnersMixPlaysItsTwoLayersAtTheirLevels() throws {
        let provider = Self.provider()
        let mix = OwnerMix(number: 2, name: "deep", layers: [
            OwnerMix.Layer(sound: "ambient-white-noise", levelDB: 0), OwnerMix.Layer(sound: "ambient-brown-noise", levelDB: -12),
        ])
        #expect(provider.continuousFadeSeconds(for: "mix-mine-2") == 60, "it comes in and goes out as ambient does")
        let frames = 10 * 48_000
        let sound = Self.render(try provider.openMix(mix, at: 0), frames: frames)
        #expect(sound.count == 2 * frames)

        // Each layer as the library plays it, with the seed a bundled mix gives its layer.
        let library = provider.library
        let white = Self.render(GeneratorSource(item: try Self.generator(library, "ambient-white-noise"), seed: 1), frames: frames)
        let brown = Self.render(GeneratorSource(item: try Self.generator(library, "ambient-brown-noise"), seed: 1 &+ Self.golden),
                                frames: frames)
        // Measured after the fade-in: the least-squares gain of each layer in the sound.
        let start = 2 * 5 * 48_000
        var ww = 0.0, bb = 0.0, wb = 0.0, sw = 0.0, sb = 0.0
        for i in start..<sound.count {
            let w = Double(white[i]), b = Double(brown[i]), s = Double(sound[i])
            ww += w * w; bb += b * b; wb += w * b; sw += s * w; sb += s * b
        }
        let det = ww * bb - wb * wb
        let whiteGain = (sw * bb - sb * wb) / det, brownGain = (sb * ww - sw * wb) / det
        let whiteDB = 20 * log10(whiteGain), brownDB = 20 * log10(brownGain)
        print("owner's mix measured: white noise \(whiteDB) dB, brown noise \(brownDB) dB")
        #expect(abs(whiteDB - 0) < 0.01)
        #expect(abs(brownDB - -12) < 0.01)
        // And sample by sample: the two layers at their levels under the one fade.
        var worst: Float = 0
        for i in 0..<sound.count {
            let expected = (white[i] + brown[i] * Float(pow(10, -12.0 / 20))) * Self.fade(i / 2)
            worst = max(worst, abs(sound[i] - expected))
        }
        #expect(worst < 1e-6)
    }

    @Test func aLayerNoLongerInTheLibraryIsLeftOutWithALogLineAndTheRestPlays() throws {
        let lines = VoiceFallbackTests.Lines()
        let provider = Self.provider(lines: lines)
        let mix = OwnerMix(number: 1, layers: [
            OwnerMix.Layer(sound: "ambient-gone", levelDB: 0), OwnerMix.Layer(sound: "ambient-white-noise", levelDB: -6),
        ])
        let frames = 6 * 48_000
        let sound = Self.render(try provider.openMix(mix, at: 0), frames: frames)
        #expect(lines.all.contains { $0.hasPrefix("warning: mix-mine-1: layer 1, sound: there is no item \"ambient-gone\" in the library") },
                "\(lines.all)")
        let white = Self.render(GeneratorSource(item: try Self.generator(provider.library, "ambient-white-noise"),
                                                seed: 1 &+ Self.golden), frames: frames)
        var worst: Float = 0
        for i in 0..<sound.count {
            worst = max(worst, abs(sound[i] - white[i] * Float(pow(10, -6.0 / 20)) * Self.fade(i / 2)))
        }
        #expect(worst < 1e-6)

        // With no layer left it cannot play: the engine reports the item failed.
        let gone = OwnerMix(number: 3, layers: [OwnerMix.Layer(sound: "ambient-gone", levelDB: 0)])
        #expect(throws: AudioError.self) { _ = try provider.openMix(gone, at: 0) }
        // An owner's mix is played from what its play carries, never from an id alone.
        #expect(throws: AudioError.self) { _ = try provider.openItem("mix-mine-1", at: 0) }
    }

    @Test func theEnginePlaysTheMixItsPlayCarries() throws {
        let provider = Self.provider()
        let engine = AudioEngine(format: .engine, provider: provider, volumePercent: 100)
        let mix = OwnerMix(number: 1, layers: [OwnerMix.Layer(sound: "ambient-rain", levelDB: 0)])
        engine.perform(.play("mix-mine-1", from: 0, mix: mix))
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: 2 * 48_000)
        defer { buffer.deallocate() }
        var reports: [EngineReport] = []
        var energy = 0.0
        for _ in 0..<5 {
            reports += engine.render(into: buffer, frames: 48_000).map(\.0)
            for i in 0..<(2 * 48_000) { energy += Double(buffer[i] * buffer[i]) }
        }
        #expect(reports.isEmpty)
        #expect(energy > 0, "rain fades in")
        // A mix the core never defined is not played: the engine says so.
        engine.perform(.play("mix-mine-4", from: 0))
        let failed = engine.render(into: buffer, frames: 480).map(\.0)
        #expect(failed.count == 1)
        if case .itemFailed(let id, _)? = failed.first { #expect(id == "mix-mine-4") } else { Issue.record("no failure: \(failed)") }
    }
}
