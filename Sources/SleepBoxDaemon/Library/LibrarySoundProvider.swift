import Logging
import SleepBoxAudio
import SleepBoxContent
import SleepBoxCore
import SleepBoxSpeech

/// The engine's sounds from the content library: spoken programs (prepared ahead in the
/// background where there is a background), generators, recordings; the wake sound; the
/// greeting through the voice.
public final class LibrarySoundProvider: SoundProvider {
    public let library: ContentLibrary
    let builder: ProgramBuilder
    let voice: CachedSpeech?
    let format: AudioFormat
    let logger: Logger
    let seed: UInt64
    /// Runs a slow job off the loop and hands its result back on the loop thread; nil means
    /// there is no background (the simulator: virtual time stands still while it works).
    let background: ((@escaping @Sendable () -> PreparedOutcome, @escaping (PreparedOutcome) -> Void) -> Void)?
    /// Prepared programs of the items opened last (spoken programs hold their speech: a few
    /// tens of megabytes each, so only the current and the previous one are kept).
    private var prepared: [ItemID: PreparedProgram] = [:]
    private var preparedOrder: [ItemID] = []
    static let keptPrograms = 2
    private var waiting: [ItemID: [DeferredSource]] = [:]
    private var inProgress: Set<ItemID> = []
    /// Events for the core, handed over by `takeEvents()`.
    private var events: [Event] = []

    /// What a background preparation gives back.
    public enum PreparedOutcome: Sendable {
        case ready(ItemID, PreparedProgram)
        /// Prepared only to fill the voice's cache; the program itself was let go.
        case warmed(ItemID)
        case failed(ItemID, String)
    }

    /// - Parameters:
    ///   - voice: the box's voice (the greeting, and items in the box's language).
    ///   - languageVoices: voices for items in other languages, by code (`ContentSetup.languageVoices`).
    public init(library: ContentLibrary, voice: CachedSpeech?, languageVoices: [String: CachedSpeech] = [:],
                format: AudioFormat, seed: UInt64, logger: Logger,
                background: ((@escaping @Sendable () -> PreparedOutcome, @escaping (PreparedOutcome) -> Void) -> Void)?) {
        self.library = library
        self.voice = voice
        self.format = format
        self.seed = seed
        self.logger = logger
        self.background = background
        let renderer = voice.map { VoiceRenderer(speech: $0) }
        builder = ProgramBuilder(speech: renderer, languageVoices: languageVoices.mapValues { VoiceRenderer(speech: $0) },
                                 format: format) { path, position throws(AudioError) in
            let source = try FileSource(path: path, format: format)
            if position > 0 { try source.seek(toFrame: format.frames(position)) }
            return source
        }
    }

    public func openItem(_ id: ItemID, at position: Double) throws(AudioError) -> any AudioSource {
        guard let entry = library.entry(id) else { throw AudioError(reason: "no item \(id) in the library") }
        if let p = prepared[id] {
            announce(id, p)
            return try builder.makeSource(p, atSeconds: position)
        }
        guard background != nil else {
            do {
                let p = try builder.prepare(entry, seed: seed)
                keep(id, p)
                announce(id, p)
                return try builder.makeSource(p, atSeconds: position)
            } catch let e as AudioError {
                throw e
            } catch {
                throw AudioError(path: entry.path, reason: "\(error)")
            }
        }
        let deferred = DeferredSource(position: position)
        waiting[id, default: []].append(deferred)
        prepareInBackground(entry)
        return deferred
    }

    /// Renders every playable spoken item whose speech is not cached yet once in the background,
    /// so the voice's cache holds it: later starts (and the next boot) find the speech ready. An
    /// item already cached is left alone (loading it would only read the card). The programs are
    /// not kept.
    public func prepareAll() {
        for entry in library.entries where entry.item.isAvailable && entry.sourceKind != .generator && entry.sourceKind != .audio
            && !library.isSpeechCached(entry) {
            prepareInBackground(entry, keep: false)
        }
    }

    private func prepareInBackground(_ entry: ContentEntry, keep: Bool = true) {
        guard let background, prepared[entry.id] == nil, !inProgress.contains(entry.id) else { return }
        inProgress.insert(entry.id)
        let builder = self.builder
        let seed = self.seed
        background({
            do {
                let program = try builder.prepare(entry, seed: seed)
                return keep ? .ready(entry.id, program) : .warmed(entry.id)
            } catch {
                return .failed(entry.id, "\(error)")
            }
        }, { [weak self] outcome in self?.finished(outcome) })
    }

    private func keep(_ id: ItemID, _ program: PreparedProgram) {
        prepared[id] = program
        preparedOrder.removeAll { $0 == id }
        preparedOrder.append(id)
        while preparedOrder.count > Self.keptPrograms { prepared[preparedOrder.removeFirst()] = nil }
    }

    private func finished(_ outcome: PreparedOutcome) {
        switch outcome {
        case .warmed(let id):
            inProgress.remove(id)
            // Someone asked for it while it was being warmed: prepare it again (from the cache now).
            if waiting[id] != nil, let entry = library.entry(id) { prepareInBackground(entry) }
        case .ready(let id, let p):
            inProgress.remove(id)
            keep(id, p)
            if waiting[id] != nil { announce(id, p) }
            for d in waiting.removeValue(forKey: id) ?? [] {
                do { d.attach(try builder.makeSource(p, atSeconds: d.position)) } catch {
                    logger.error("cannot play \(id): \(error)")
                    d.fail(AudioError(path: library.entry(id)?.path, reason: "cannot play it: \(error)"))
                }
            }
        case .failed(let id, let reason):
            inProgress.remove(id)
            logger.error("cannot prepare \(id): \(reason)")
            for d in waiting.removeValue(forKey: id) ?? [] {
                d.fail(AudioError(path: library.entry(id)?.path, reason: "cannot prepare it: \(reason)"))
            }
        }
    }

    /// Tells the core where a spoken item's speech pauses (the sleep-timer fade waits for one).
    private func announce(_ id: ItemID, _ program: PreparedProgram) {
        guard let plan = program.plan else { return }
        events.append(.speechPausesFound(id, pauses: plan.speechPauses()))
    }

    public func takeEvents() -> [Event] {
        defer { events.removeAll() }
        return events
    }

    public func wakeSound() -> any AudioSource { WakeSound(format: format) }

    public func bed(_ name: String) -> (any AudioSource)? { Generators.make(name, seed: seed, format: format) }

    public func cue(_ cue: Cue) -> any AudioSource {
        switch cue {
        case .tick: return ToneSweep(from: 2_000, to: 1_600, seconds: 0.03, level: 0.12, format: format)
        case .bell: return ChimeGenerator(frequency: 1_046.5, decay: 2, level: 0.25, format: format)
        }
    }

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
