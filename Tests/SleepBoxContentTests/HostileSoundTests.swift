import Foundation
import SleepBoxAudio
import SleepBoxCore
import Testing
@testable import SleepBoxContent

/// Recordings and mixes that once played silence, a DC offset or "coming soon": a layer of NaN
/// samples, a recording of one sample or one value, a recording that is a symbolic link loop, a sound twice.
@Suite struct HostileSoundTests {
    /// A mono 32-bit float WAV of `samples` at 48 kHz (written by hand: any bit pattern, NaN too).
    static func floatWAV(_ samples: [Float]) -> Data {
        func u32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
        func u16(_ v: Int) -> [UInt8] { (0..<2).map { UInt8((v >> (8 * $0)) & 0xFF) } }
        let data = samples.count * 4
        var out: [UInt8] = Array("RIFF".utf8) + u32(36 + data) + Array("WAVE".utf8)
        out += Array("fmt ".utf8) + u32(16) + u16(3) + u16(1) + u32(48_000) + u32(48_000 * 4) + u16(4) + u16(32)
        out += Array("data".utf8) + u32(data)
        for s in samples { out += u32(Int(s.bitPattern)) }
        return Data(out)
    }

    static let recording = "title = \"Layer\"\nkind = \"ambient\"\nauthor = \"Me\"\nnarrator = \"Me\"\ndescription = \"Mine.\"\naudio = \"%@.wav\"\n"

    /// A user folder with `recordings/rec-<name>` holding `samples`, and a mix of it over brown noise.
    static func mixFolder(_ samples: [Float], name: String = "rec-bad") throws -> String {
        let user = try TestContent.temporaryFolder()
        try TestContent.write(String(format: recording, name), to: user + "/recordings/\(name).toml")
        _ = FileManager.default.createFile(atPath: user + "/recordings/\(name).wav", contents: floatWAV(samples))
        try TestContent.write("""
            title = "Poisoned"
            kind = "ambient"
            length = "1h"

            [[layer]]
            sound = "\(name)"

            [[layer]]
            sound = "ambient-brown-noise"
            level_db = -6
            """, to: user + "/mixes/mix-poisoned.toml")
        return user
    }

    @Test(arguments: [Float.nan, .infinity, -.infinity, 3e38])
    func aLayerOfBrokenSamplesIsAnErrorAtLoadAndIsDroppedWhileTheOthersPlay(_ bad: Float) throws {
        let user = try Self.mixFolder([Float](repeating: bad, count: 48_000))
        defer { try? FileManager.default.removeItem(atPath: user) }
        let library = ContentLibrary.load(bundled: TestContent.bundled, user: user)
        let wav = user + "/recordings/rec-bad.wav"
        #expect(library.check().filter { $0.path == wav && $0.severity == .error }.map(\.message) == [
            "cannot play the audio file: its samples are not finite or far beyond full scale (NaN, infinity, 3e38)",
        ])
        #expect(library.entry("rec-bad")?.item.isAvailable == false)

        // Played anyway (the mixer's guard is the last one): the layer is dropped, the noise plays.
        let mix = MixItem(path: user + "/mixes/mix-poisoned.toml", title: "Poisoned", length: 3600, layers: [
            .init(sound: "rec-bad", resolved: .recording(path: wav)),
            .init(sound: "ambient-brown-noise", levelDB: -6,
                  resolved: library.entry("ambient-brown-noise").flatMap { entry in
                      if case .generator(let g) = entry.body { return .generator(g) }
                      return nil
                  }),
        ])
        let source = MixSource(item: mix, seed: 7)
        #expect(source.layerCount == 2)
        let out = Render.stereo(source, frames: 48_000 * 6)
        #expect(source.layerCount == 1)
        #expect(out.allSatisfy { $0.isFinite && abs($0) <= 1 })
        let rms = MixTests.rms(out[(2 * 48_000 * 5)...])
        #expect(rms > 0.01, "the noise layer plays on: RMS \(rms)")
    }

    @Test func theLoudnessMeasurementStopsAtBrokenSamples() throws {
        let source = ClipSource(samples: [Float](repeating: 0.1, count: 48_000) + [.nan] + [Float](repeating: 0.1, count: 100),
                                sampleRate: 48_000)
        let loudness = LoudnessMeter.measure(source, frames: 96_000, format: .engine)
        #expect(loudness.hasBrokenSamples)
        #expect(loudness.integrated.isFinite)
    }

    @Test func aRecordingShorterThanATenthOfASecondIsAnError() throws {
        let user = try Self.mixFolder([0.02])
        defer { try? FileManager.default.removeItem(atPath: user) }
        let library = ContentLibrary.load(bundled: TestContent.bundled, user: user)
        let wav = user + "/recordings/rec-bad.wav"
        #expect(library.check().filter { $0.path == wav && $0.severity == .error }.map(\.message) == [
            "cannot play the audio file: it is 0.000 s long, less than the 0.1 s a recording must have",
        ])
        #expect(library.entry("rec-bad")?.item.isAvailable == false)
    }

    @Test func aSteadyOffsetRecordingInAMixPlaysNoOffset() throws {
        // A fifth of a second of one value (-31 dBFS), looped: before, the mix held the speaker at
        // that offset all night.
        let user = try Self.mixFolder([Float](repeating: 0.028, count: 9_600))
        defer { try? FileManager.default.removeItem(atPath: user) }
        let wav = user + "/recordings/rec-bad.wav"
        let mix = MixItem(path: user + "/mixes/mix-poisoned.toml", title: "Offset", length: 3600, layers: [
            .init(sound: "rec-bad", resolved: .recording(path: wav)),
        ])
        let out = Render.stereo(MixSource(item: mix, seed: 7), frames: 48_000 * 6)
        let last = out[(2 * 48_000 * 5)...]
        let mean = last.reduce(0.0) { $0 + Double($1) } / Double(last.count)
        #expect(abs(mean) < 1e-4, "a steady offset of \(mean) reaches the speaker")
        // What is left is the loop's seam five times a second (its equal-power crossfade swells a
        // steady value), far under the offset it was.
        #expect(MixTests.rms(last) < 0.005)
    }

    @Test func theOffsetFilterLeavesASoundAsItIs() throws {
        // A 440 Hz sine at 0.25 over an offset of 0.05: the offset goes, the tone stays.
        let samples = (0..<96_000).map { Float(0.05 + 0.25 * sin(2 * Double.pi * 440 * Double($0) / 48_000)) }
        let filtered = DCBlockingSource(ClipSource(samples: samples, sampleRate: 48_000), sampleRate: 48_000)
        let out = Render.left(filtered)
        let tail = out[48_000...]
        let mean = tail.reduce(0.0) { $0 + Double($1) } / Double(tail.count)
        #expect(abs(mean) < 1e-3)
        // The same tone unfiltered, its offset taken off by hand.
        let plain = Render.left(ClipSource(samples: samples, sampleRate: 48_000))[48_000...]
        let plainMean = plain.reduce(0.0) { $0 + Double($1) } / Double(plain.count)
        let tone = (plain.reduce(0.0) { $0 + (Double($1) - plainMean) * (Double($1) - plainMean) } / Double(plain.count)).squareRoot()
        #expect(plainMean > 0.01, "the unfiltered sound has its offset")
        let db = 20 * log10(MixTests.rms(tail) / tone)
        #expect(abs(db) < 0.01, "the tone changed by \(db) dB")
    }

    @Test func aRecordingThatIsASymbolicLinkLoopIsAnErrorNotComingSoon() throws {
        let user = try Self.mixFolder([Float](repeating: 0.1, count: 48_000))
        defer { try? FileManager.default.removeItem(atPath: user) }
        let wav = user + "/recordings/rec-bad.wav"
        try FileManager.default.removeItem(atPath: wav)
        try FileManager.default.createSymbolicLink(atPath: wav, withDestinationPath: wav)
        let library = ContentLibrary.load(bundled: TestContent.bundled, user: user)
        let issues = library.check().filter { $0.path == wav || $0.path == user + "/recordings/rec-bad.toml" }
        #expect(issues.map(\.description) == [
            "\(wav): error: cannot play the audio file: it is a symbolic link that leads back to itself (a loop)",
        ])
    }

    @Test func aMixWithTheSameSoundTwiceIsAnErrorOnTheSecondLayersLine() throws {
        let user = try TestContent.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: user) }
        let path = user + "/mixes/mix-twice.toml"
        try TestContent.write("""
            title = "Twice"
            kind = "ambient"
            length = "1h"

            [[layer]]
            sound = "ambient-rain"

            [[layer]]
            sound = "ambient-rain"
            level_db = -6
            """, to: path)
        let library = ContentLibrary.load(bundled: TestContent.bundled, user: user)
        #expect(library.check().filter { $0.path == path && $0.severity == .error }.map(\.description) == [
            "\(path):9: error: layer 2, sound: \"ambient-rain\" is already layer 1 of this mix (line 6): each sound plays once in a mix; this layer is left out",
        ])
        guard case .mix(let mix) = library.entry("mix-twice")?.body else { Issue.record("no mix"); return }
        #expect(mix.layers.map(\.sound) == ["ambient-rain"])
    }
}
