import Foundation
import Logging
import SleepBoxAudio
import SleepBoxContent
import SleepBoxCore
import SleepBoxSpeech

/// The library and the voice as the configuration and the machine have them.
public struct ContentSetup {
    public let library: ContentLibrary
    /// The box's voice (`[voice]`): the greeting, and the items in the box's `language`.
    public let voice: CachedSpeech?
    /// espeak-ng voices for items in other languages, by language code ("en"), at the configured
    /// rate and pitch: with `language = "de"` the English library is still read in English.
    public let languageVoices: [String: CachedSpeech]
    public let catalog: Catalog
    /// espeak-ng in the box's language, reading an item when the natural voice fails on it (nil
    /// when espeak-ng is the voice anyway).
    public let fallbackVoice: CachedSpeech?
    /// The loudness every item plays at (`[audio] loudness_lufs`).
    public let loudness: ItemLoudness
    /// Which voice speaks and why, for `sleepbox doctor`.
    public let voiceChoice: VoiceSelection.Choice

    /// The voices as the content library and the program builder take them.
    public var languageRenderers: [String: any SpeechRenderer] { languageVoices.mapValues { VoiceRenderer(speech: $0) } }

    /// The box's voice as the content library and the program builder take it (with espeak-ng
    /// behind the natural voice).
    public var renderer: VoiceRenderer? {
        voice.map { VoiceRenderer(speech: $0, fallback: fallbackVoice.map { VoiceRenderer(speech: $0) }) }
    }

    /// Loads the bundled library (`[paths] content`, else found next to the program or installed)
    /// and the owner's (`[paths] user_content`, else `user-content` in the state folder), with the
    /// voice `[voice]` asks for (see `VoiceSelection`; a configured Piper that is not installed, or
    /// an espeak-ng voice that is not there, is logged as a warning and espeak-ng speaks instead),
    /// its render cache in the state folder.
    /// `levelled: false` keeps the speech as the voices make it (for measuring the difference).
    public static func load(devices: DeviceSettings, config: BoxConfig, stateDirectory: String?,
                            format: AudioFormat, logger: Logger, levelled: Bool = true) -> ContentSetup {
        // The language's own voice ships with espeak-ng-data (a dependency): asking espeak-ng would
        // load it and scan every voice file on the start-up path (tens of ms here, far more on a
        // Pi). A name typed into [voice] is checked; `sleepbox doctor` checks everything.
        let naturalVoice = devices.voice.engine == .auto ? NaturalVoiceInstallation.find() : nil
        let selection = VoiceSelection.choose(settings: devices.voice, piperCheck: VoiceSelection.installedPiperProblem,
                                              espeakHasVoice: { $0 == devices.voice.languageVoice || EspeakEngine.hasVoice($0) },
                                              naturalVoice: naturalVoice)
        let reason = VoiceSelection.reason(settings: devices.voice, choice: selection.choice)
        if let summary = VoiceSelection.summary(selection) {
            logger.warning("voice: \(summary.detail); to fix: \(summary.fix)")
        } else {
            logger.info("voice: \(selection.choice) (\(reason))")
        }
        let engine = selection.choice.engine(format: format)
        let cacheDir = (stateDirectory ?? ContentSetup.userCacheDirectory()) + "/" + SpeechCache.folderName
        let cache = SpeechCache(directory: cacheDir, maxBytes: devices.voice.cacheMegabytes * 1024 * 1024, logger: logger)
        let loudness = ItemLoudness(target: devices.loudness)
        let speechLevel: Double? = levelled ? loudness.target : nil
        let voice: CachedSpeech? = CachedSpeech(engine: engine, cache: cache, loudness: speechLevel, logger: logger)
        var fallbackVoice: CachedSpeech?
        if selection.choice.isServed {
            let espeak = SpeechVoice(engine: EspeakEngine.engineName, name: devices.voice.espeakName,
                                     rate: devices.voice.rate, pitch: devices.voice.pitch)
            fallbackVoice = CachedSpeech(engine: EspeakEngine(voice: espeak, format: format), cache: cache,
                                         loudness: speechLevel, logger: logger)
        }
        let boxRenderer = voice.map { VoiceRenderer(speech: $0, fallback: fallbackVoice.map { VoiceRenderer(speech: $0) }) }
        let bundled = devices.contentDirectory ?? DataLocations.folder("content") ?? "/usr/local/share/sleepbox/content"
        let user = devices.userContentDirectory ?? stateDirectory.map { $0 + "/user-content" }
        var library = ContentLibrary.load(bundled: bundled, user: user, speech: boxRenderer,
                                          format: format, logger: logger)
        // Items in a language other than the box's are read by espeak-ng's voice for theirs.
        let languages = Set(library.entries.filter { $0.sourceKind == .script || $0.sourceKind == .timeline }
            .map { SpeechTiming.languageCode($0.language) })
        var others: [String: CachedSpeech] = [:]
        for code in languages.sorted() where code != config.language.rawValue {
            let known = Language(code: code).map { SpeechVoice.espeak(for: $0).name }
            let name = known ?? code
            guard known != nil || EspeakEngine.hasVoice(name) else {
                logger.warning("voice: espeak-ng has no voice for the language \"\(code)\"; the box's voice reads those items")
                continue
            }
            let other = SpeechVoice(engine: EspeakEngine.engineName, name: name, rate: devices.voice.rate, pitch: devices.voice.pitch)
            others[code] = CachedSpeech(engine: EspeakEngine(voice: other, format: format), cache: cache,
                                        loudness: speechLevel, logger: logger)
            logger.info("voice: items in \"\(code)\" are read by espeak-ng voice \(name)")
        }
        if !others.isEmpty { library.useLanguageVoices(others.mapValues { VoiceRenderer(speech: $0) }) }
        return ContentSetup(library: library, voice: voice, languageVoices: others,
                            catalog: library.catalog(pools: config.pools), fallbackVoice: fallbackVoice,
                            loudness: loudness, voiceChoice: selection.choice)
    }

    /// Loads the natural voice now, on a thread of its own (seconds), so that the first press only
    /// waits for its first sentence; a voice that will not start is logged once (espeak-ng reads).
    public func startVoice(logger: Logger) {
        guard let natural = voice?.engine as? NaturalVoiceEngine else { return }
        let server = natural.server
        Thread.detachNewThread {
            do { try server.start() } catch {
                logger.warning("voice: the natural voice did not start (\(error)); espeak-ng reads instead")
            }
        }
    }

    /// Where a run without a state folder (the simulator) keeps the voice's cache:
    /// $XDG_CACHE_HOME/sleepbox, else ~/.cache/sleepbox.
    public static func userCacheDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/sleepbox" }
        return (environment["HOME"] ?? "/tmp") + "/.cache/sleepbox"
    }
}
