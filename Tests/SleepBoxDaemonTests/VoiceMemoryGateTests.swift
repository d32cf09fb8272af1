import Foundation
import Logging
import SleepBoxAudio
import SleepBoxContent
import SleepBoxCore
import Testing
@testable import SleepBoxConfig
import SleepBoxSpeech
@testable import SleepBoxSound

/// A board without the memory for the natural voice (a Pi Zero 2 W's `/proc/meminfo`, written to a
/// temporary folder): its process is never started, the pre-rendered speech still plays in the
/// natural voice, espeak-ng reads the owner's items, and the log says so.
@Suite(.enabled(if: NaturalVoiceInstallation.find() != nil, "the natural voice is not installed (make voice)"))
struct VoiceMemoryGateTests {
    static let zero2W = "MemTotal: 439068 kB\nMemFree: 254384 kB\nMemAvailable: 332012 kB\n"
    static let pi4 = "MemTotal: 3884324 kB\nMemFree: 2954384 kB\nMemAvailable: 3432012 kB\n"

    /// A library of two poems (one bundled, one the owner's), a package folder and a meminfo file.
    struct Box {
        let root = FileManager.default.temporaryDirectory.path + "/sleepbox-memgate-" + UUID().uuidString
        var package: String { root + "/package" }
        var meminfo: String { root + "/meminfo" }

        init(meminfo text: String) throws {
            for folder in ["content/poems", "user/poems", "package", "state"] {
                try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
            }
            try "title: Night\nkind: poem\nauthor: me\nsource: mine\n---\nThe night is still.\n\nSleep now.\n"
                .write(toFile: root + "/content/poems/poem-night.txt", atomically: true, encoding: .utf8)
            try "title: Mine\nkind: poem\nauthor: me\nsource: mine\n---\nMy own words.\n"
                .write(toFile: root + "/user/poems/poem-mine.txt", atomically: true, encoding: .utf8)
            try text.write(toFile: meminfo, atomically: true, encoding: .utf8)
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    @Test func aSmallBoardPlaysThePackageInTheNaturalVoiceAndEspeakReadsTheRest() throws {
        let box = try Box(meminfo: Self.zero2W)
        defer { box.remove() }
        let installation = try #require(NaturalVoiceInstallation.find())
        let lines = VoiceFallbackTests.Lines()
        let logger = Logger(label: "test") { _ in VoiceFallbackTests.Collector(lines: lines) }
        let memory = NaturalVoiceMemory.check(path: box.meminfo)
        // The package: the bundled poem's two stretches under the natural voice's keys.
        let maker = VoiceMaker(settings: VoiceSettings(), naturalVoice: installation,
                               cache: SpeechCache(directory: box.root + "/state/speech-cache", bundled: BundledSpeech(directory: box.package)),
                               loudness: -26, format: .engine, logger: logger, memory: memory)
        let set = maker.voices(rate: 140, language: .english)
        let packer = SpeechCache(directory: box.package)
        for text in ["The night is still.", "Sleep now."] {
            packer.store(SpeechClip(samples: (0..<11_025).map { Float($0 % 50) / 100 - 0.25 }, sampleRate: 22_050),
                         key: set.voice.key(for: text))
        }
        let maker2 = VoiceMaker(settings: VoiceSettings(), naturalVoice: installation,
                                cache: SpeechCache(directory: box.root + "/state/speech-cache", bundled: BundledSpeech(directory: box.package)),
                                loudness: -26, format: .engine, logger: logger, memory: memory)
        let voices = maker2.voices(rate: 140, language: .english)
        #expect(voices.choice.isServed, "the natural voice is still the box's voice")
        let server = try #require((voices.voice.engine as? NaturalVoiceEngine)?.server)
        #expect(server.refusal == memory.summary)
        #expect(lines.all.contains { $0.hasPrefix("warning") && $0.contains("too little memory for the natural voice") })

        let library = ContentLibrary.load(bundled: box.root + "/content", user: box.root + "/user", speech: voices.renderer,
                                          format: .engine, logger: logger)
        let builder = ProgramBuilder(speech: voices.renderer, format: .engine, logger: logger)
        let night = try #require(library.entry("poem-night")), mine = try #require(library.entry("poem-mine"))
        let bundled = try #require(try builder.prepare(night, seed: 1).plan)
        #expect(bundled.voiceDescription.hasPrefix("piper en_US-joe-medium"), "the package's clips play in the natural voice")
        let own = try #require(try builder.prepare(mine, seed: 1).plan)
        #expect(own.voiceDescription.hasPrefix("espeak-ng en-us"), "espeak-ng reads the owner's item")
        #expect(server.processIdentifier == nil, "the voice's process was never started")
        #expect(voices.voice.cache.statistics.bundledHits >= 2)
    }

    @Test func aBoardWithTheMemoryMayStartIt() throws {
        for (text, refused) in [(Self.pi4, false), (Self.zero2W, true)] {
            let box = try Box(meminfo: text)
            defer { box.remove() }
            let file = try ConfigFile(text: "[paths]\ncontent = \"\(box.root)/content\"\nuser_content = \"\(box.root)/user\"\n",
                                      path: "sleepbox.toml", defaultTimeZone: ConfigFile.utc)
            let setup = ContentSetup.load(devices: file.devices, config: file.config, stateDirectory: box.root + "/state",
                                          format: .engine, logger: Logger(label: "test"), meminfo: box.meminfo)
            let server = try #require((setup.voice?.engine as? NaturalVoiceEngine)?.server)
            #expect((server.refusal != nil) == refused, "\(text)")
        }
    }
}
