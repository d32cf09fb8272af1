import Logging
import SleepBoxAudio
import SleepBoxContent
import SleepBoxCore
import SleepBoxSpeech
import SleepBoxConfig

/// Makes the box's voices from `[voice]` for a rate and a language: at start, and again when the
/// owner changes the voice's speed or the language on the box (or a reload changes the rate).
/// The same choice as at start either way (`VoiceSelection`): a box switched to German speaks
/// as one started in German would.
///
/// A Piper process (the natural voice, or an owner's model it serves) is made once per model and
/// kept: another rate is another length scale for the same loaded voice, never another
/// process. Every voice renders through the one speech cache, whose keys hold the voice's name
/// and rate: a clip said at another rate or by another voice is never played for this one.
public final class VoiceMaker {
    /// `[voice]` as the file gives it (the language voice is replaced per set; the rate is each set's).
    public let settings: VoiceSettings
    /// The natural voice's installation, nil when it is not installed or not wanted.
    public let naturalVoice: NaturalVoiceInstallation?
    public let cache: SpeechCache
    /// The loudness clips are set to (nil: as the voices make them).
    public let loudness: Double?
    public let format: AudioFormat
    /// Whether the machine has the memory for the natural voice's process (nil: not checked, it has).
    public let memory: NaturalVoiceMemory?
    /// The languages of the library's spoken items ("en", "de"), for their own voices.
    public var itemLanguages: Set<String> = []
    private let piperCheck: (String, String) -> SpeechError.Reason?
    private let espeakHasVoice: (String) -> Bool
    private let logger: Logger
    /// The Piper processes made so far, by model ("" for the natural voice's own).
    private var servers: [String: PiperServer] = [:]

    /// - Parameters:
    ///   - piperCheck: why Piper cannot run a program and model (`VoiceSelection.installedPiperProblem`).
    ///   - espeakHasVoice: whether espeak-ng has a voice (the language's own voices are known to be there).
    ///   - memory: when the machine cannot afford the Piper process, it is never started: the clips
    ///     already rendered (the package's, the cache's) play in that voice, espeak-ng reads the rest.
    public init(settings: VoiceSettings, naturalVoice: NaturalVoiceInstallation?, cache: SpeechCache, loudness: Double?,
                format: AudioFormat, logger: Logger, memory: NaturalVoiceMemory? = nil,
                piperCheck: @escaping (String, String) -> SpeechError.Reason? = VoiceSelection.installedPiperProblem,
                espeakHasVoice: ((String) -> Bool)? = nil) {
        self.settings = settings
        self.naturalVoice = naturalVoice
        self.cache = cache
        self.loudness = loudness
        self.format = format
        self.logger = logger
        self.piperCheck = piperCheck
        self.memory = memory
        // The languages' own voices ship with espeak-ng-data (a dependency): asking espeak-ng
        // would load it and scan every voice file on the start-up path (tens of ms here, far
        // more on a Pi). A name typed into [voice] is checked; `sleepbox doctor` checks everything.
        self.espeakHasVoice = espeakHasVoice ?? { name in
            Language.allCases.contains { VoiceSettings.languageVoice(for: $0) == name } || EspeakEngine.hasVoice(name)
        }
    }

    /// `[voice]` in `language`.
    public func settings(language: Language) -> VoiceSettings {
        var s = settings
        s.languageVoice = VoiceSettings.languageVoice(for: language)
        return s
    }

    /// The voices at `rate` in `language`; `quiet` logs nothing (the selection's problems are
    /// logged once, at start).
    public func voices(rate: Int, language: Language, quiet: Bool = false) -> VoiceSet {
        let s = settings(language: language)
        let selection = VoiceSelection.choose(settings: s, rate: rate, piperCheck: piperCheck, espeakHasVoice: espeakHasVoice,
                                              naturalVoice: naturalVoice)
        if !quiet {
            let reason = VoiceSelection.reason(settings: s, choice: selection.choice)
            if let summary = VoiceSelection.summary(selection) {
                logger.warning("voice: \(summary.detail); to fix: \(summary.fix)")
            } else {
                logger.info("voice: \(selection.choice) (\(reason))")
            }
            if selection.choice.isServed, let memory, !memory.affordable { logger.warning("voice: \(memory.summary)") }
        }
        let voice = CachedSpeech(engine: engine(selection.choice), cache: cache, loudness: loudness, logger: logger)
        var fallback: CachedSpeech?
        if selection.choice.isServed {
            let espeak = s.espeakVoice(rate: rate)
            fallback = CachedSpeech(engine: EspeakEngine(voice: espeak, format: format), cache: cache, loudness: loudness, logger: logger)
        }
        return VoiceSet(rate: rate, language: language, choice: selection.choice, problems: selection.problems,
                        voice: voice, fallback: fallback, languageVoices: otherVoices(rate: rate, language: language, quiet: quiet),
                        menu: s.espeakVoice(rate: rate))
    }

    /// espeak-ng voices at `rate` for the items (`itemLanguages`) in languages other than
    /// `language`, by code: with the box in German the English library is still read in English.
    public func otherVoices(rate: Int, language: Language, quiet: Bool = false) -> [String: CachedSpeech] {
        var others: [String: CachedSpeech] = [:]
        for code in itemLanguages.sorted() where code != language.rawValue {
            let known = Language(code: code).map { SpeechVoice.espeak(for: $0).name }
            let name = known ?? code
            guard known != nil || EspeakEngine.hasVoice(name) else {
                if !quiet { logger.warning("voice: espeak-ng has no voice for the language \"\(code)\"; the box's voice reads those items") }
                continue
            }
            let other = SpeechVoice(engine: EspeakEngine.engineName, name: name, rate: rate, pitch: settings.pitch)
            others[code] = CachedSpeech(engine: EspeakEngine(voice: other, format: format), cache: cache,
                                        loudness: loudness, logger: logger)
            if !quiet { logger.info("voice: items in \"\(code)\" are read by espeak-ng voice \(name)") }
        }
        return others
    }

    /// Which voice reads the spoken items, for each language the box may be set to and for the
    /// items' own languages (`itemLanguages`), chosen as `voices` and `otherVoices` choose them:
    /// what the detail page and `content list --json` name. Nothing is started.
    public func itemVoices(rate: Int) -> ItemVoices {
        var box: [Language: VoiceName] = [:]
        for language in Language.allCases {
            box[language] = VoiceSelection.choose(settings: settings(language: language), rate: rate, piperCheck: piperCheck,
                                                  espeakHasVoice: espeakHasVoice, naturalVoice: naturalVoice).choice.voiceName
        }
        var other: [String: VoiceName] = [:]
        for code in itemLanguages {
            if let language = Language(code: code) { other[code] = .espeak(SpeechVoice.espeak(for: language).name) }
        }
        return ItemVoices(box: box, other: other)
    }

    /// The engine of `choice`, a Piper process shared with earlier sets of the same model.
    func engine(_ choice: VoiceSelection.Choice) -> any SpeechEngine {
        switch choice {
        case .natural(let installation, let rate):
            return NaturalVoiceEngine(server: server(model: nil, installation), name: NaturalVoiceInstallation.voiceName,
                                      version: installation.version, rate: rate, format: format)
        case .servedPiper(let installation, let model, let rate):
            return NaturalVoiceEngine(server: server(model: model, installation), name: PiperEngine(model: model).voice.name,
                                      version: installation.version, rate: rate, format: format)
        case .espeak, .piper:
            return choice.engine(format: format)
        }
    }

    private func server(model: String?, _ installation: NaturalVoiceInstallation) -> PiperServer {
        if let made = servers[model ?? ""] { return made }
        let refusal = memory.flatMap { $0.affordable ? nil : $0.summary }
        let server = PiperServer(python: installation.python, script: installation.server, model: model, refusal: refusal)
        servers[model ?? ""] = server
        return server
    }
}

/// The voices of one rate and language (`VoiceMaker.voices(rate:language:)`).
public struct VoiceSet {
    public var rate: Int
    public var language: Language
    /// Which engine speaks, and what kept the configured one from speaking.
    public var choice: VoiceSelection.Choice
    public var problems: [VoiceSelection.Problem]
    /// The box's voice: the greetings, and the items in the box's language.
    public var voice: CachedSpeech
    /// espeak-ng behind the natural voice (nil when espeak-ng is the voice anyway).
    public var fallback: CachedSpeech?
    /// espeak-ng voices for items in other languages, by code.
    public var languageVoices: [String: CachedSpeech]
    /// The fast voice's espeak-ng voice for the menu rows (`MenuVoice` raises its rate).
    public var menu: SpeechVoice

    /// The box's voice as the library and the program builder take it (espeak-ng behind the
    /// natural voice).
    public var renderer: VoiceRenderer {
        VoiceRenderer(speech: voice, fallback: fallback.map { VoiceRenderer(speech: $0) })
    }

    /// The other languages' voices as the library and the program builder take them.
    public var languageRenderers: [String: any SpeechRenderer] { languageVoices.mapValues { VoiceRenderer(speech: $0) } }
}
