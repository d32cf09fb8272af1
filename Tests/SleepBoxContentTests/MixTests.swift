import Foundation
import SleepBoxAudio
import SleepBoxCore
import Testing
@testable import SleepBoxContent

/// Mixes: parsing, their layers found in the library (or reported on their line), and the sound.
@Suite struct MixTests {
    static let badMix = """
        title = "Bad"
        kind = "ambient"
        length = "8h"

        [[layer]]
        sound = "ambient-rian"

        [[layer]]
        sound = "ambient-ocean"
        level_db = 3

        [[layer]]
        sound = "ambient-pink-noise"
        level_db = -6
        """

    static func rms(_ s: ArraySlice<Float>) -> Double {
        (s.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(1, s.count))).squareRoot()
    }

    @Test func theBundledMixesFindTheirLayers() throws {
        let library = ContentLibrary.load(bundled: TestContent.bundled)
        let mixes = library.entries.filter { $0.sourceKind == .mix }
        #expect(mixes.map(\.id) == ["mix-rain-over-brown-noise", "mix-surf-over-pink-noise", "mix-theta-under-rain"])
        for entry in mixes {
            guard case .mix(let mix) = entry.body else { continue }
            #expect(entry.item.kind == .ambient)
            #expect(entry.item.isAvailable)
            #expect(entry.item.duration == 8 * 3600)
            #expect(mix.layers.count == 2)
            #expect(mix.playableLayers.count == 2)
        }
        #expect(library.check().filter { $0.path.contains("/mixes/") }.isEmpty)
    }

    @Test func aMissingLayerAndALevelOutOfRangeAreErrorsOnTheirLinesAndTheRestPlays() throws {
        let folder = try TestContent.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/mixes/mix-bad.toml"
        try TestContent.write(Self.badMix, to: path)
        let library = ContentLibrary.load(bundled: TestContent.bundled, user: folder)
        let errors = library.check().filter { $0.path == path && $0.severity == .error }
        #expect(errors.map(\.description) == [
            "\(path):6: error: layer 1, sound: there is no item \"ambient-rian\" in the library; did you mean ambient-rain? (the mix plays its other layers)",
            "\(path):10: error: layer 2, level_db: 3 is out of range (-40 to 0 dB)",
        ])
        let entry = try #require(library.entry("mix-bad"))
        #expect(entry.item.isAvailable)
        guard case .mix(let mix) = entry.body else { Issue.record("not a mix"); return }
        #expect(mix.playableLayers.map(\.sound) == ["ambient-pink-noise"])
        // The file checked on its own against the library says the same.
        #expect(library.check(fileAt: path).filter { $0.severity == .error }.count == 2)

        // It plays its one good layer: pink noise 6 dB down, after the fade-in.
        let builder = ProgramBuilder(speech: nil)
        let source = try builder.makeSource(try builder.prepare(entry, seed: 3))
        let sound = Render.stereo(source, frames: 5 * 48_000)
        let pink = try #require(library.entry("ambient-pink-noise"))
        guard case .generator(let item) = pink.body else { return }
        let seed: UInt64 = 3 &+ 1 &* 0x9E37_79B9_7F4A_7C15  // the second layer kept
        let alone = Render.stereo(GeneratorSource(item: item, seed: seed), frames: 5 * 48_000)
        let gain = Float(pow(10, -6.0 / 20))
        let steady = 2 * 4 * 48_000
        #expect(sound[steady...] == alone[steady...].map { $0 * gain }[...])
    }

    @Test func sixLayersPlayAndASeventhIsLeftOutOnItsLine() throws {
        // Lines 4, 6, ... 16: one [[layer]] and its sound each, "g" on line 16.
        let text = "title = \"Seven\"\nkind = \"ambient\"\nlength = \"1h\"\n"
            + ["a", "b", "c", "d", "e", "f", "g"].map { "[[layer]]\nsound = \"\($0)\"\n" }.joined()
        let mix = try MixParser.parse(text: text, path: "mixes/seven.toml")
        #expect(mix.layers.map(\.sound) == ["a", "b", "c", "d", "e", "f"])
        let refused = try #require(mix.warnings.first { $0.severity == .error })
        #expect(refused.line == 16 && refused.message.contains("at most 6 layers"))
        #expect(refused.description.hasPrefix("mixes/seven.toml:16:"), "the file and the line: \(refused)")
        #expect(mix.warnings.filter { $0.severity == .error }.count == 1)
    }

    /// The fuzz corpus's seeds at the limit, read against the bundled library: six layers all play.
    @Test func theCorpusSeedsAtTheLimit() throws {
        let library = ContentLibrary.load(bundled: TestContent.bundled)
        let corpus = TestContent.bundled + "/../Fuzz/Corpus/mix/"
        let six = try MixParser.parse(fileAt: corpus + "mix-six-layers.toml")
        #expect(six.layers.count == 6 && six.warnings.isEmpty)
        let seven = try MixParser.parse(fileAt: corpus + "mix-seven-layers.toml")
        #expect(seven.layers.count == 6 && seven.warnings.count { $0.severity == .error } == 1)
        let source = MixSource(item: library.mixItem(for: OwnerMix(number: 1, layers: six.layers.map {
            OwnerMix.Layer(sound: $0.sound, levelDB: Int($0.levelDB))
        })).item, seed: 1)
        #expect(source.layerCount == 6)
    }

    @Test func aMixWithoutLayersIsAnError() {
        #expect(throws: ContentError.self) {
            try MixParser.parse(text: "title = \"x\"\nkind = \"ambient\"\nlength = \"1h\"\n", path: "none.toml")
        }
    }

    @Test func layersStartTogetherFadeInAsOneAndEndOnTheFrame() throws {
        let white = GeneratorItem(path: "w.toml", title: "W", generator: .white, length: 8 * 3600)
        let tone = GeneratorItem(path: "t.toml", title: "T", generator: .isochronic, length: 8 * 3600, state: .alpha)
        let mix = MixItem(path: "m.toml", title: "M", length: 10, layers: [
            .init(sound: "w", levelDB: -20, resolved: .generator(white)),
            .init(sound: "t", levelDB: 0, resolved: .generator(tone)),
        ])
        let source = MixSource(item: mix, seed: 1)
        #expect(source.lengthFrames == 480_000)
        let sound = Render.stereo(source, frames: 600_000, block: 333)
        #expect(sound.count == 2 * 480_000)
        #expect(sound[0] == 0 && sound[1] == 0)
        // The sum of the layers, each at its level, under one fade.
        let w = Render.stereo(GeneratorSource(item: white, seed: 1), frames: 480_000)
        let t = Render.stereo(GeneratorSource(item: tone, seed: 1 &+ 0x9E37_79B9_7F4A_7C15), frames: 480_000)
        let fade = 4 * 48_000
        var worst: Float = 0
        for i in 0..<sound.count {
            let frame = i / 2
            let x = min(1, Double(frame) / Double(fade))
            let expected = (w[i] * Float(pow(10, -1.0)) + t[i]) * Float(x * x * (3 - 2 * x))
            worst = max(worst, abs(sound[i] - expected))
        }
        #expect(worst < 1e-6)
        // The fade's first second is quieter than its last.
        let first = Self.rms(sound[0..<96_000]), last = Self.rms(sound[(2 * fade - 96_000)..<(2 * fade)])
        #expect(first < last / 4)
    }

    @Test func aMixPlaysAtTheOneLoudness() throws {
        let folder = try TestContent.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try TestContent.write("""
            title = "Noise"
            kind = "ambient"
            length = "8h"
            [[layer]]
            sound = "ambient-brown-noise"
            [[layer]]
            sound = "ambient-white-noise"
            level_db = -12
            """, to: folder + "/mixes/mix-noise.toml")
        let library = ContentLibrary.load(bundled: TestContent.bundled, user: folder)
        let loudness = ItemLoudness()
        let builder = ProgramBuilder(speech: nil, loudness: loudness)
        let prepared = try builder.prepare(try #require(library.entry("mix-noise")), seed: 4)
        builder.measureLoudness(of: prepared)
        let source = try builder.makeSource(prepared)
        let measured = LoudnessMeter.measure(source, frames: 60 * 48_000, format: .engine)
        print("mix of brown and white noise: \(measured)")
        // Continuous sound sits 6 dB under the voice's -26 LUFS.
        #expect(abs(measured.integrated - (ItemLoudness.defaultTarget + ItemLoudness.defaultContinuousOffset)) < 0.5)
    }
}
