import Foundation
import Logging
import SleepBoxAudio
import SleepBoxContent
import SleepBoxCore
import SleepBoxSpeech
import SleepBoxConfig
import SleepBoxSystem

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
    /// Makes the voices again for another rate or language (the owner's settings on the box).
    public let voiceMaker: VoiceMaker
    /// The voices made at start, at `[voice] rate` in the configured language.
    public let voices: VoiceSet
    /// Where the recordings' loudness is kept (nil without a state folder).
    public let recordingLoudness: RecordingLoudnessFile?

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
    /// `levelled: false` keeps the speech as the voices make it (for measuring the difference);
    /// `creating: false` creates no folder (the speech cache is read where it is). `meminfo` says
    /// whether the natural voice's process can be afforded (`NaturalVoiceMemory`; tests give a file).
    public static func load(devices: DeviceSettings, config: BoxConfig, stateDirectory: String?,
                            format: AudioFormat, logger: Logger, levelled: Bool = true, creating: Bool = true,
                            meminfo: String = MemoryInfo.procPath) -> ContentSetup {
        let naturalVoice = devices.voice.engine == .auto ? NaturalVoiceInstallation.find() : nil
        let cacheDir = (stateDirectory ?? ContentSetup.userCacheDirectory()) + "/" + SpeechCache.folderName
        // The package's pre-rendered speech (sleepbox-speech) is read before the state folder's cache.
        let cache = SpeechCache(directory: cacheDir, maxBytes: devices.voice.cacheMegabytes * 1024 * 1024,
                                creating: creating, bundled: BundledSpeech.find(logger: logger), logger: logger)
        let loudness = ItemLoudness(target: devices.loudness, continuousOffset: devices.ambientLevel)
        let recordingLoudness = stateDirectory.map { RecordingLoudnessFile(stateDirectory: $0) }
        if let recordingLoudness { loudness.remember(recordingLoudness.load()) }
        let maker = VoiceMaker(settings: devices.voice, naturalVoice: naturalVoice, cache: cache,
                               loudness: levelled ? loudness.target : nil, format: format, logger: logger,
                               memory: naturalVoice != nil ? NaturalVoiceMemory.check(path: meminfo) : nil)
        // The box's voice first (the library asks it for cached lengths), then, once the items'
        // languages are known, the voices of the others.
        let boxVoices = maker.voices(rate: config.voiceRate, language: config.language)
        let bundled = devices.contentDirectory ?? DataLocations.folder("content") ?? "/usr/local/share/sleepbox/content"
        let user = devices.userContentDirectory ?? stateDirectory.map { $0 + "/user-content" }
        var library = ContentLibrary.load(bundled: bundled, user: user, speech: boxVoices.renderer,
                                          format: format, logger: logger)
        maker.itemLanguages = Set(library.entries.filter { $0.sourceKind == .script || $0.sourceKind == .timeline }
            .map { SpeechTiming.languageCode($0.language) })
        var voices = boxVoices
        voices.languageVoices = maker.otherVoices(rate: config.voiceRate, language: config.language)
        if !voices.languageVoices.isEmpty { library.useLanguageVoices(voices.languageRenderers) }
        return ContentSetup(library: library, voice: voices.voice, languageVoices: voices.languageVoices,
                            catalog: Catalog(items: library.items, pools: config.pools, voices: maker.itemVoices(rate: config.voiceRate)),
                            fallbackVoice: voices.fallback,
                            loudness: loudness, voiceChoice: voices.choice, voiceMaker: maker, voices: voices,
                            recordingLoudness: recordingLoudness)
    }

    /// Loads the natural voice now, on a thread of its own (seconds), so that the first press only
    /// waits for its first sentence; a voice that will not start is logged once (espeak-ng reads).
    public func startVoice(logger: Logger) { Self.startVoice(voice, logger: logger) }

    /// `voice`'s natural voice loaded on a thread of its own, unless it runs already.
    static func startVoice(_ voice: CachedSpeech?, logger: Logger) {
        guard let natural = voice?.engine as? NaturalVoiceEngine, natural.server.refusal == nil,
              natural.server.runningGreeting == nil else { return }
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
