import Foundation
import Logging
import SleepBoxAudio
import SleepBoxContent
import SleepBoxCore
import SleepBoxSpeech
import Testing
@testable import SleepBoxDaemon
@testable import SleepBoxConfig
@testable import SleepBoxRunner
@testable import SleepBoxSimulator
@testable import SleepBoxSound
@testable import SleepBoxStore

/// The voice follows the owner's settings made on the box, and a reload of the file: the next
/// spoken text (an item, the greeting, a menu row) is said at the new rate and in the language's
/// voice, from clips cached under the new voice's keys; the breathing cues follow too.
@Suite struct VoiceFollowTests {
    /// A box with one English poem, espeak-ng as its voice, on the virtual clock with the real
    /// engine, the sound provider and the menu voice wired as `simulate` wires them.
    struct Bench {
        let root: String
        let file: ConfigFile
        let content: ContentSetup
        let provider: LibrarySoundProvider
        let runner: BoxRunner

        init(configLines: String = "") throws {
            root = FileManager.default.temporaryDirectory.path + "/sleepbox-voice-follow-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: root + "/content/poems", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: root + "/state", withIntermediateDirectories: true)
            try "[paths]\ncontent = \"\(root)/content\"\n[voice]\nengine = \"espeak\"\n\(configLines)"
                .write(toFile: root + "/sleepbox.toml", atomically: true, encoding: .utf8)
            try "title: Night\nkind: poem\nauthor: me\nsource: mine\n---\nThe night is still.\n\nSleep now.\n"
                .write(toFile: root + "/content/poems/poem-night.txt", atomically: true, encoding: .utf8)
            file = try loadConfigFile(root + "/sleepbox.toml")
            let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
            let format = AudioFormat(sampleRate: file.devices.sampleRate)
            content = ContentSetup.load(devices: file.devices, config: file.config, stateDirectory: root + "/state",
                                        format: format, logger: logger)
            let sound = SoundSide(content: content, config: file.config, format: format, seed: 1, work: InlineExecutor(),
                                  opening: InlineExecutor(), menuVoiceThreaded: false, logger: logger)
            provider = sound.provider
            let audio = SimulatorAudio(engine: AudioEngine(format: format, provider: provider), sink: nil)
            runner = BoxRunner(config: file.config, catalog: content.catalog, seed: 1,
                               clock: VirtualClock(startWall: 1_795_000_000),
                               devices: BoxDevices(input: NoInputLines(), display: NoDisplay(), audio: audio, state: nil),
                               screenSleeps: false, debounceSeconds: 0.005, logger: logger)
            runner.start()
        }

        var cache: SpeechCache { content.voiceMaker.cache }

        /// The cache key of `text` said by espeak-ng's `name` at `rate` (pitch 40, levelled as the box levels speech).
        func key(_ text: String, name: String = "en-us", rate: Int) -> String {
            CachedSpeech(engine: EspeakEngine(voice: SpeechVoice(engine: EspeakEngine.engineName, name: name, rate: rate, pitch: 40),
                                              format: AudioFormat(sampleRate: file.devices.sampleRate)),
                         cache: cache, loudness: content.loudness.target).key(for: text)
        }

        func setting(_ key: String, _ value: String?) {
            runner.deliver(.settingChanged(key, value), at: runner.clock.now)
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    @Test func theVoiceSpeedSetOnTheBoxIsTheSpeedOfTheNextSpokenText() throws {
        let b = try Bench()
        defer { b.remove() }
        // Said once at the configured 140 words a minute: cached under 140's keys.
        _ = try b.provider.openItem("poem-night", at: 0)
        #expect(b.cache.contains(key: b.key("The night is still.", rate: 140)))
        #expect(!b.cache.contains(key: b.key("The night is still.", rate: 100)))

        b.setting("voice.rate", "100")
        #expect(b.runner.soundSettings?.voiceRate == 100)
        #expect(b.provider.voice?.voice.rate == 100)
        #expect(b.provider.menuVoice?.engine.voice.rate == 100 + MenuVoice.rateBoost)
        // The poem again: said anew at 100, not the clip cached at 140.
        _ = try b.provider.openItem("poem-night", at: 0)
        #expect(b.cache.contains(key: b.key("The night is still.", rate: 100)))
        #expect(b.cache.contains(key: b.key("Sleep now.", rate: 100)))
        // The greeting too.
        _ = b.provider.speech("Good morning.")
        #expect(b.cache.contains(key: b.key("Good morning.", rate: 100)))
        #expect(!b.cache.contains(key: b.key("Good morning.", rate: 140)))
        // The library's lengths now ask the new voice's cache.
        #expect(b.provider.library.isSpeechCached(try #require(b.provider.library.entry("poem-night"))))
    }

    /// A reload of the file (SIGHUP) with another `[voice] rate` reaches the voice too; a speed
    /// set on the box keeps winning over it until it is set back to the file's.
    @Test func aReloadedRateReachesTheVoiceUnlessTheBoxHasItsOwn() throws {
        let b = try Bench()
        defer { b.remove() }
        var reloaded = b.file.config
        reloaded.voiceRate = 170
        b.runner.reconfigure(reloaded)
        #expect(b.provider.voice?.voice.rate == 170)
        #expect(b.provider.menuVoice?.engine.voice.rate == 170 + MenuVoice.rateBoost)

        b.setting("voice.rate", "120")
        reloaded.voiceRate = 180
        b.runner.reconfigure(reloaded)
        #expect(b.provider.voice?.voice.rate == 120, "the box's own speed wins over the file")
        b.setting("voice.rate", nil)
        #expect(b.provider.voice?.voice.rate == 180)
    }

    /// German on the box: the greeting and the menus in espeak-ng's German voice, the English
    /// library still in English (by the English voice, as a box started in German reads it).
    @Test func theLanguageSetOnTheBoxSwitchesTheVoice() throws {
        let b = try Bench()
        defer { b.remove() }
        #expect(b.provider.voice?.voice.name == "en-us")
        #expect(b.provider.menuVoice?.engine.voice.name == "en-us")

        b.setting("language", "de")
        #expect(b.provider.voice?.voice.name == "de")
        #expect(b.provider.menuVoice?.engine.voice.name == "de")
        _ = b.provider.speech("Guten Morgen.")
        #expect(b.cache.contains(key: b.key("Guten Morgen.", name: "de", rate: 140)))
        #expect(b.provider.builder.speech(forLanguage: "en")?.voiceDescription == "espeak-ng en-us 140 wpm pitch 40")
        #expect(b.provider.builder.speech(forLanguage: "de")?.voiceDescription == "espeak-ng de 140 wpm pitch 40")
        _ = try b.provider.openItem("poem-night", at: 0)
        #expect(b.cache.contains(key: b.key("The night is still.", rate: 140)))

        // And back.
        b.setting("language", "en")
        #expect(b.provider.voice?.voice.name == "en-us")
        #expect(b.provider.menuVoice?.engine.voice.name == "en-us")
    }

    /// A speed set on the box before a restart is the voice's from the start.
    @Test func theBoxsOwnSpeedIsTheVoicesAfterARestart() throws {
        let b = try Bench()
        defer { b.remove() }
        b.setting("voice.rate", "110")
        let snapshot = b.runner.box.snapshot(at: b.runner.clock.now)
        let store = StateStore(directory: b.root + "/state")
        try store.save(snapshot)
        let again = try Bench.restarted(b)
        #expect(again.voice?.voice.rate == 110)
    }

    /// Breathing cues off on the box: breathing exercises are prepared without their tones.
    @Test func breathingCuesFollowTheSetting() throws {
        let b = try Bench()
        defer { b.remove() }
        #expect(b.provider.breathingCues)
        b.setting("playback.breathing_cues", "off")
        #expect(b.runner.soundSettings?.breathingCues == false)
        #expect(!b.provider.breathingCues)
        b.setting("playback.breathing_cues", "on")
        #expect(b.provider.breathingCues)
    }

    /// The natural voice at another speed is the same loaded voice at another length scale (no
    /// second Piper process), cached under the new rate; German goes to espeak-ng's German voice.
    @Test func theNaturalVoiceChangesItsLengthScaleNotItsProcess() throws {
        let root = FileManager.default.temporaryDirectory.path + "/sleepbox-natural-follow-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let installation = try InstalledNaturalVoiceLayout.make(at: root)
        let maker = VoiceMaker(settings: VoiceSettings(), naturalVoice: installation, cache: SpeechCache(directory: root + "/cache"),
                               loudness: -26, format: .engine, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() },
                               piperCheck: { _, _ in nil }, espeakHasVoice: { _ in true })
        let usual = maker.voices(rate: 140, language: .english, quiet: true)
        let slow = maker.voices(rate: 110, language: .english, quiet: true)
        let brisk = maker.voices(rate: 180, language: .english, quiet: true)
        let a = try #require(usual.voice.engine as? NaturalVoiceEngine)
        let b = try #require(slow.voice.engine as? NaturalVoiceEngine)
        let c = try #require(brisk.voice.engine as? NaturalVoiceEngine)
        #expect(a.server === b.server && b.server === c.server)
        #expect(b.voice.rate == 110 && c.voice.rate == 180)
        #expect(b.lengthScale > a.lengthScale && a.lengthScale > c.lengthScale)
        #expect(abs(c.lengthScale - pow(225.0 / 180, 1 / 0.78)) < 1e-9)
        #expect(usual.voice.key(for: "Sleep now.") != slow.voice.key(for: "Sleep now."))
        #expect(slow.fallback?.voice.rate == 110, "espeak-ng behind it at the same speed")

        let german = maker.voices(rate: 140, language: .german, quiet: true)
        #expect(german.voice.voice == EspeakEngine(voice: SpeechVoice(engine: EspeakEngine.engineName, name: "de")).voice)
        #expect(german.menu.name == "de")
    }
}

extension VoiceFollowTests.Bench {
    /// The provider a new start of the same box makes (the saved state holds the owner's speed).
    static func restarted(_ b: VoiceFollowTests.Bench) throws -> LibrarySoundProvider {
        let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        let format = AudioFormat(sampleRate: b.file.devices.sampleRate)
        let content = ContentSetup.load(devices: b.file.devices, config: b.file.config, stateDirectory: b.root + "/state",
                                        format: format, logger: logger)
        let provider = LibrarySoundProvider(library: content.library, voice: content.voice, voiceMaker: content.voiceMaker,
                                            voicesMadeFor: (content.voices.rate, content.voices.language), format: format, seed: 1,
                                            logger: logger, work: InlineExecutor(), opening: InlineExecutor())
        let runner = BoxRunner(config: b.file.config, catalog: content.catalog, seed: 1, clock: VirtualClock(startWall: 1_795_000_100),
                               devices: BoxDevices(input: NoInputLines(), display: NoDisplay(),
                                                   audio: SimulatorAudio(engine: AudioEngine(format: format, provider: provider), sink: nil),
                                                   state: StateStore(directory: b.root + "/state")),
                               screenSleeps: false, debounceSeconds: 0.005, logger: logger)
        runner.start()
        return provider
    }
}
