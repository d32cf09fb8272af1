import Foundation
import Logging
import SleepBoxAudio
import SleepBoxContent
import SleepBoxCore
import SleepBoxSpeech
import SleepBoxSystem

/// The engine's sounds from the content library, the item opener: how each kind of item is
/// opened (a spoken program from the program cache, `LibrarySoundProvider+Programs`; a
/// generator or a mix at once, measured apart; a recording opened and sought apart), the wake
/// sound, the greeting and the menu rows through the voices. Slow work goes to the executors it
/// is given (`SoundExecutor`): worker threads on the box, inline in the simulator, through the
/// same code.
public final class LibrarySoundProvider: SoundProvider {
    public private(set) var library: ContentLibrary
    private(set) var builder: ProgramBuilder
    /// The box's voice: the greeting, and the items in the box's language.
    public private(set) var voice: CachedSpeech?
    let format: AudioFormat
    let loudness: ItemLoudness?
    let logger: Logger
    let seed: UInt64
    /// Prepares programs and measures loudness (the daemon's worker thread).
    let work: SoundExecutor
    /// Opens recordings (libsndfile's open, and the seek to where it starts: 0.5 ms plus about
    /// 0.04 ms per second of an MP3 before the position here, 10-20 times that on a Pi), so the
    /// loop never waits for it (the daemon's opening thread).
    let opening: SoundExecutor
    /// Prepared programs of the items opened last (spoken programs hold their speech: a few
    /// tens of megabytes each, so only the current and the previous one are kept).
    var prepared = KeptPrograms(capacity: 2)
    var waiting: [ItemID: [DeferredSource]] = [:]
    /// Spoken items playing while their speech is rendered (they get every partial plan).
    var growing: [ItemID: [GrowingProgramSource]] = [:]
    var inProgress: Set<ItemID> = []
    /// How many times each guided timeline with interjections was played from its start in this
    /// run: each such play draws its interjections anew (`programSeed`).
    var plays: [ItemID: UInt64] = [:]
    /// Events for the core, handed over by `takeEvents()`.
    var events: [Event] = []
    /// Real lengths of estimated items, learnt as their programs are laid out (on any thread).
    let measured: MeasuredLengths
    /// Whether breathing exercises are prepared with their cue sounds (`BoxConfig.breathingCues`).
    /// A change (`follow`) lets the programs prepared so far go, so the next play follows it.
    public private(set) var breathingCues: Bool {
        didSet {
            guard breathingCues != oldValue else { return }
            forgetPrepared()
        }
    }
    /// Makes the voices again when the rate or the language changes (`follow`); nil keeps the
    /// voices it was made with.
    public let voiceMaker: VoiceMaker?
    /// The rate and the language the voices were made for.
    public private(set) var voicesMadeFor: (rate: Int, language: Language)?
    /// Counts the changes of voices and cues: a program prepared before the last one is played
    /// to whoever waits for it but not kept.
    var generation = 0
    /// Tells the render-ahead thread to stop (the voices changed: it starts again with the new).
    var renderAheadStop: RenderAheadStop?
    /// How far rendering the library ahead has come.
    public let renderProgress = RenderProgress()
    /// Where the recordings' measured loudness is kept between starts.
    public let recordingLoudness: RecordingLoudnessFile?
    /// The fast voice for menu rows (`[voice] speak_menus`).
    public let menuVoice: MenuVoice?
    /// Builders that open recordings at another rate than `format`'s (the output running at a
    /// recording's own rate), by rate.
    var recordingBuilders: [Int: ProgramBuilder] = [:]
    /// Whether an idle thread measures every recording (`measureRecordings`).
    var learnsRecordings = false

    /// A source made on the opening thread, for the loop thread alone from then on.
    public struct OpenedSource: @unchecked Sendable {
        let result: Result<any AudioSource, AudioError>
    }

    /// What a job of `work` gives back.
    public enum PreparedOutcome: Sendable {
        case ready(ItemID, PreparedProgram)
        /// Prepared only to fill the voice's cache; the program itself was let go.
        case warmed(ItemID)
        case failed(ItemID, String)
    }

    /// - Parameters:
    ///   - voice: the box's voice (the greeting, and items in the box's language).
    ///   - languageVoices: voices for items in other languages, by code (`ContentSetup.languageVoices`).
    ///   - loudness: the one loudness every item plays at (nil: as they are).
    ///   - fallbackVoice: espeak-ng behind the natural voice (`ContentSetup.fallbackVoice`).
    ///   - voiceMaker: makes the voices again for another rate or language (`follow`); the voices
    ///     given were made for `voicesMadeFor`.
    ///   - recordingLoudness: where the recordings' loudness is kept between starts.
    ///   - work: prepares programs and measures loudness; `opening`: opens recordings.
    public init(library: ContentLibrary, voice: CachedSpeech?, fallbackVoice: CachedSpeech? = nil,
                languageVoices: [String: CachedSpeech] = [:], voiceMaker: VoiceMaker? = nil,
                voicesMadeFor: (rate: Int, language: Language)? = nil, menuVoice: MenuVoice? = nil,
                loudness: ItemLoudness? = nil, recordingLoudness: RecordingLoudnessFile? = nil, breathingCues: Bool = true,
                format: AudioFormat, seed: UInt64, logger: Logger, work: SoundExecutor, opening: SoundExecutor) {
        self.library = library
        self.voice = voice
        self.format = format
        self.loudness = loudness
        self.seed = seed
        self.logger = logger
        self.work = work
        self.opening = opening
        self.voiceMaker = voiceMaker
        self.voicesMadeFor = voicesMadeFor
        self.menuVoice = menuVoice
        self.recordingLoudness = recordingLoudness
        self.breathingCues = breathingCues
        measured = MeasuredLengths(library: library)
        let renderer = voice.map { VoiceRenderer(speech: $0, fallback: fallbackVoice.map { VoiceRenderer(speech: $0) }) }
        builder = Self.builder(speech: renderer, languageVoices: languageVoices.mapValues { VoiceRenderer(speech: $0) },
                               format: format, loudness: loudness, logger: logger)
    }

    private static func builder(speech: (any SpeechRenderer)?, languageVoices: [String: any SpeechRenderer],
                                format: AudioFormat, loudness: ItemLoudness?, logger: Logger) -> ProgramBuilder {
        ProgramBuilder(speech: speech, languageVoices: languageVoices, format: format, loudness: loudness,
                       logger: logger, openAudio: ProgramBuilder.fileOpener(format: format))
    }

    // MARK: - Settings

    /// The breathing cues at once; the voices, when the rate or the language differ from the
    /// ones they were made for: the next spoken text (an item prepared from now on, the
    /// greeting, a menu row) uses the new ones. What plays now plays on as it was made.
    public func follow(_ settings: SoundSettings) {
        breathingCues = settings.breathingCues
        ambientFadeSeconds = settings.ambientFadeSeconds
        guard let maker = voiceMaker, let made = voicesMadeFor,
              made.rate != settings.voiceRate || made.language != settings.language else { return }
        let voices = maker.voices(rate: settings.voiceRate, language: settings.language, quiet: true)
        var line = "voice: now \(voices.choice)"
        if !voices.languageVoices.isEmpty {
            let codes: [String] = voices.languageVoices.keys.sorted().map { "\"" + $0 + "\"" }
            line += "; items in " + codes.joined(separator: ", ") + " by espeak-ng in their own language"
        }
        logger.info("\(line)")
        use(voices)
    }

    /// Speaks with `voices` from now on.
    public func use(_ voices: VoiceSet) {
        voicesMadeFor = (voices.rate, voices.language)
        voice = voices.voice
        builder = Self.builder(speech: voices.renderer, languageVoices: voices.languageRenderers,
                               format: format, loudness: loudness, logger: logger)
        library.useVoices(speech: voices.renderer, languageVoices: voices.languageRenderers)
        measured.estimate(library)
        menuVoice?.use(voices.menu)
        forgetPrepared()
        // Loaded ahead, as at start: the first sentence then waits only for itself.
        ContentSetup.startVoice(voices.voice, logger: logger)
        if renderAheadStop != nil { prepareAll() }
    }

    /// Lets the prepared programs go: the next play prepares its item again.
    func forgetPrepared() {
        generation += 1
        prepared.removeAll()
    }

    /// How long an ambient item fades in and out (`[playback] ambient_fade_seconds`, `follow`).
    public private(set) var ambientFadeSeconds: Double = 60

    public func continuousFadeSeconds(for id: ItemID) -> Double? {
        guard ambientFadeSeconds > 0 else { return nil }
        if OwnerMix.isOwnerID(id) { return ambientFadeSeconds }
        guard let entry = library.entry(id), entry.sourceKind == .generator || entry.sourceKind == .mix else { return nil }
        return ambientFadeSeconds
    }

    /// An owner's mix built from its definition as a bundled mix is from its file: its layers
    /// found in the library, a layer no longer there left out with a log line. It starts at once;
    /// its loudness is measured apart (`work`).
    public func openMix(_ mix: OwnerMix, at position: Double) throws(AudioError) -> any AudioSource {
        let (item, skipped) = library.mixItem(for: mix)
        for reason in skipped { logger.warning("\(mix.id): \(reason)") }
        guard !item.playableLayers.isEmpty else {
            throw AudioError(path: nil, reason: "\(mix.id): no layer of this mix is in the library")
        }
        let p = PreparedProgram.mix(item, seed: seed)
        measureApart(mix.id, p)
        return try builder.makeSource(p, atSeconds: position)
    }

    public func openItem(_ id: ItemID, at position: Double) throws(AudioError) -> any AudioSource {
        try openItem(id, at: position, recordingsAt: nil)
    }

    /// The rate read when the library was loaded.
    public func recordingRate(of id: ItemID) -> Int? {
        guard let entry = library.entry(id), Self.audioPath(entry) != nil, case .audio(let item, _) = entry.body else { return nil }
        return item.sampleRate
    }

    public func openItem(_ id: ItemID, at position: Double, rate: Int) throws(AudioError) -> (source: any AudioSource, rate: Int?) {
        guard rate != format.sampleRate, !OwnerMix.isOwnerID(id), library.entry(id)?.sourceKind == .audio else {
            return (try openItem(id, at: position), nil)
        }
        return (try openItem(id, at: position, recordingsAt: rate), rate)
    }

    /// Measures the loudness of every recording not measured before (`recordingLoudness` keeps
    /// the figures between starts), on a thread of its own at idle priority, never on the loop: a
    /// recording played before its measurement is done plays at once at the gain its start gives.
    public func measureRecordings() {
        let recordings = library.entries.compactMap { entry in
            Self.audioPath(entry).map { (entry.id, $0) }
        }
        guard !recordings.isEmpty else { return }
        learnsRecordings = loudness != nil
        guard let loudness else { return }
        let builder = self.builder, file = recordingLoudness, logger = self.logger
        let thread = Thread {
            _ = ThreadPriority.lowerToIdle()
            // Kept after each one measured (a power cut loses at most the one in progress); only
            // the recordings there are now, as they are now, are kept.
            let keyed = recordings.compactMap { _, path -> (PreparedProgram, String)? in
                let p = PreparedProgram.audio(path: path)
                return ItemLoudness.recordingKey(p).map { (p, $0) }
            }
            let keys = Set(keyed.map(\.1))
            let current = { loudness.measuredRecordings.filter { keys.contains($0.key) } }
            for (p, _) in keyed where !loudness.isMeasured(p) {
                builder.measureLoudness(of: p)
                HeapTuning.releaseFreeMemory()
                file?.save(current(), logger: logger)
            }
            if let file, current() != file.load() { file.save(current(), logger: logger) }
        }
        thread.name = "sleepbox-measure"
        thread.start()
    }

    /// The sound file of a recording whose file is there; nil for every other item.
    private static func audioPath(_ entry: ContentEntry) -> String? {
        if case .audio(let item, true) = entry.body, entry.item.isAvailable { return item.audioPath }
        return nil
    }

    /// The builder that makes `.audio` programs' sources at `rate` (nil: `format`'s, the one
    /// builder for everything).
    func builder(recordingsAt rate: Int?) -> ProgramBuilder {
        guard let rate, rate != format.sampleRate else { return builder }
        if let made = recordingBuilders[rate] { return made }
        let made = Self.builder(speech: nil, languageVoices: [:], format: AudioFormat(sampleRate: rate, channels: format.channels),
                                loudness: loudness, logger: logger)
        recordingBuilders[rate] = made
        return made
    }

    /// `openItem`, recordings opened at `rate` (nil: at `format`'s).
    func openItem(_ id: ItemID, at position: Double, recordingsAt rate: Int?) throws(AudioError) -> any AudioSource {
        guard let entry = library.entry(id) else { throw AudioError(reason: "no item \(id) in the library") }
        drawInterjections(entry, at: position)
        let builder = builder(recordingsAt: rate)
        let recording: String? = if case .audio(let path)? = prepared[id] { path } else { Self.audioPath(entry) }
        if let path = recording {
            // A recording starts at once: opened and sought apart (`opening`), at the gain its
            // start gives while it is not measured whole. The whole measurement (the file decoded:
            // seconds for an hour's MP3 here, minutes on a Pi) is made apart too: by the idle
            // thread that measures every recording after the start (`measureRecordings`), or by
            // `work` when there is none.
            let p = PreparedProgram.audio(path: path)
            if loudness?.isMeasured(p) == false, !learnsRecordings, !inProgress.contains(id) {
                inProgress.insert(id)
                measureApart(id, p)
            }
            prepared.keep(id, p)
            let deferred = DeferredSource(position: position, rate: rate)
            open(p, for: id, into: deferred)
            return deferred
        }
        if let p = prepared[id] {
            announce(id, p)
            return try builder.makeSource(p, atSeconds: position)
        }
        if entry.sourceKind == .generator || entry.sourceKind == .mix {
            // A generator starts at once, at its own level the first time; its loudness (two
            // minutes of it rendered and measured) is worked out apart.
            let p: PreparedProgram
            do {
                p = try builder.prepare(entry, seed: seed, breathingCues: breathingCues)
            } catch {
                throw AudioError(path: entry.path, reason: "\(error)")
            }
            measureApart(id, p)
            prepared.keep(id, p)
            announce(id, p)
            return try builder.makeSource(p, atSeconds: position)
        }
        // Prepared by `work`. A spoken item starts as soon as its first stretch is rendered and
        // the rest follows while it plays; anything else waits in silence. A program that is
        // there when `work` returns (inline) plays at once.
        let waiter: any AudioSource
        if entry.sourceKind == .script || entry.sourceKind == .timeline {
            let source = GrowingProgramSource(startFrame: format.frames(max(0, position)))
            growing[id, default: []].append(source)
            waiter = source
        } else {
            let deferred = DeferredSource(position: position, rate: rate)
            waiting[id, default: []].append(deferred)
            waiter = deferred
        }
        switch prepare(entry) {
        case .ready(_, let p)?: return try builder.makeSource(p, atSeconds: position)
        case .failed(_, let reason)?: throw AudioError(path: entry.path, reason: reason)
        case .warmed?, nil: return waiter
        }
    }

    /// Measures `program`'s loudness with `work`: later sources of it play at the target.
    func measureApart(_ id: ItemID, _ program: PreparedProgram) {
        let builder = self.builder
        work.run({ builder.measureLoudness(of: program); return PreparedOutcome.warmed(id) }, then: { [weak self] in self?.finished($0) })
    }

    /// What was learnt since the last call: speech pauses, and the real lengths of items whose
    /// length was estimated (rendered for a play, for another item's sake or ahead).
    public func takeEvents() -> [Event] {
        defer { events.removeAll() }
        return events + measured.take()
    }

    public func wakeSound() -> any AudioSource { WakeSound(format: format) }

    public func bed(_ name: String) -> (any AudioSource)? { Generators.make(name, seed: seed, format: format) }

    public func cue(_ cue: Cue) -> any AudioSource { Self.standardCue(cue, format: format) }

    public func menuSpeech(_ text: String) -> (any AudioSource)? { menuVoice?.say(text) }

    public func speech(_ text: String) -> (any AudioSource)? {
        guard let voice else { return nil }
        do {
            return try voice.synthesize(text).source()
        } catch {
            logger.error("cannot speak the greeting: \(error)")
            return nil
        }
    }
}
