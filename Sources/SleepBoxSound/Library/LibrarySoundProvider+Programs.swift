import Foundation
import Logging
import SleepBoxAudio
import SleepBoxContent
import SleepBoxCore
import SleepBoxSpeech
import SleepBoxSystem

/// The program cache: programs prepared by `work` (in the background on the box, inline in the
/// simulator), kept, handed to the sources waiting for them and announced to the core.
extension LibrarySoundProvider {

    /// Renders every playable spoken item whose speech is not cached yet into the voice's cache,
    /// on a thread of its own at background priority (the natural voice serves a pressed item
    /// first), so that later starts (and the next boot) find the speech ready. No program is built
    /// (`ProgramBuilder.fillCache`): one stretch's speech is held at a time, and freed memory is
    /// handed back to the system after each item. Progress: `renderProgress`.
    public func prepareAll() {
        let entries = library.entries.filter {
            $0.item.isAvailable && ($0.sourceKind == .script || $0.sourceKind == .timeline) && !library.isSpeechCached($0)
        }
        renderAheadStop?.stop()
        let stop = RenderAheadStop()
        renderAheadStop = stop
        let cache = voice?.cache
        let legacySweep: @Sendable () -> Int = { cache?.removeLegacy() ?? 0 }
        guard !entries.isEmpty else {
            renderProgress.start(items: [])
            let swept = legacySweep()
            if swept > 0 {
                logger.info("voice: \(swept) files of the earlier speech cache format deleted")
            }
            return
        }
        let builder = self.builder, seed = self.seed, logger = self.logger, progress = renderProgress, cues = breathingCues
        let measured = self.measured
        let run = progress.start(items: entries.map { ($0.id, uncachedClips($0)) }, stored: { cache?.statistics.stores ?? 0 })
        let thread = Thread {
            let priority = ThreadPriority.lowerToIdle()
            logger.info("voice: rendering the library's speech ahead at \(priority.rawValue) priority (\(entries.count) items)")
            var done = 0
            PiperServer.inBackground {
                for entry in entries {
                    // The voices changed: a new thread renders with the new ones.
                    if stop.isStopped {
                        progress.stop(run: run)
                        return
                    }
                    do {
                        // Stretch by stretch into the cache, no program built: one clip is held
                        // at a time. Only what the core needs is kept (the length).
                        if let seconds = try builder.fillCache(entry, seed: seed, breathingCues: cues) {
                            measured.note(entry.id, seconds: seconds)
                        }
                    } catch {
                        logger.warning("cannot render \(entry.id) ahead: \(error)")
                    }
                    HeapTuning.releaseFreeMemory()
                    progress.advance(run: run)
                    done += 1
                }
            }
            if done == entries.count {
                let swept = legacySweep()
                logger.info("voice: the library's speech is rendered into the cache (\(entries.count) items\(swept > 0 ? ", \(swept) files of the earlier cache format deleted" : ""))")
            }
        }
        thread.name = "sleepbox-render-ahead"
        thread.start()
    }

    /// The distinct stretches of speech of `entry` (every option of its interjections too) whose
    /// clips the voice's cache lacks.
    func uncachedClips(_ entry: ContentEntry) -> Int {
        let texts = entry.spokenParts.joined().compactMap(\.text).filter { text in
            text.contains(where: { !$0.isWhitespace }) && library.timing.seconds(of: text, language: entry.language).isEstimate
        }
        return Set(texts).count
    }

    /// Prepares `entry`'s program with `work` unless it is kept or being prepared; the outcome
    /// goes to `finished`, and is returned too when it is there at once (an inline executor).
    @discardableResult
    func prepare(_ entry: ContentEntry, keep: Bool = true) -> PreparedOutcome? {
        guard prepared[entry.id] == nil, !inProgress.contains(entry.id) else { return nil }
        inProgress.insert(entry.id)
        let builder = self.builder
        let seed = programSeed(entry.id)
        let cues = breathingCues
        let measured = self.measured
        let generation = self.generation
        let sources = growing[entry.id] ?? []
        let feed: ProgramBuilder.Progress = { plan, final in
            for source in sources { source.update(plan, finalFrames: final, complete: false) }
        }
        let progress = sources.isEmpty ? nil : feed
        var outcomeNow: PreparedOutcome?
        work.run({ () -> PreparedOutcome in
            do {
                let program = try builder.prepare(entry, seed: seed, breathingCues: cues, progress: progress)
                measured.note(entry.id, program)
                return keep ? .ready(entry.id, program) : .warmed(entry.id)
            } catch {
                return .failed(entry.id, "\(error)")
            }
        }, then: { [weak self] (outcome: PreparedOutcome) in
            outcomeNow = outcome
            self?.finished(outcome, generation: generation)
        })
        return outcomeNow
    }

    func finished(_ outcome: PreparedOutcome, generation: Int? = nil) {
        // Prepared with the voices or cues of before a change: played to whoever waits for it,
        // not kept for the next play.
        let current = generation.map { $0 == self.generation } ?? true
        switch outcome {
        case .warmed(let id):
            inProgress.remove(id)
            // Someone asked for it while it was being warmed: prepare it again (from the cache now).
            if waiting[id] != nil || growing[id] != nil, let entry = library.entry(id) { prepare(entry) }
        case .ready(let id, let p):
            inProgress.remove(id)
            if current { prepared.keep(id, p) }
            if waiting[id] != nil || growing[id] != nil { announce(id, p) }
            for source in growing.removeValue(forKey: id) ?? [] {
                if let plan = p.plan { source.update(plan, finalFrames: plan.lengthFrames, complete: true) } else { source.fail() }
            }
            for d in waiting.removeValue(forKey: id) ?? [] {
                if case .audio = p {
                    open(p, for: id, into: d)
                    continue
                }
                do { d.attach(try builder(recordingsAt: d.rate).makeSource(p, atSeconds: d.position)) } catch {
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
            for source in growing.removeValue(forKey: id) ?? [] { source.fail() }
        }
    }

    /// Makes `program`'s source at `deferred`'s position on the opening thread and attaches it. A
    /// recording not measured whole yet plays at the gain its start gives
    /// (`ItemLoudness.estimatedGain`), never louder than the file itself.
    func open(_ program: PreparedProgram, for id: ItemID, into deferred: DeferredSource) {
        let builder = builder(recordingsAt: deferred.rate), position = deferred.position, loudness = self.loudness
        opening.run({ () -> OpenedSource in
            do throws(AudioError) {
                if case .audio(let path) = program, let loudness, !loudness.isMeasured(program) {
                    let source = try ProgramBuilder.fileOpener(format: builder.format)(path, position)
                    let gain = loudness.estimatedGain(for: program) ?? 1
                    return OpenedSource(result: .success(gain == 1 ? source : LevelledSource(source, gain: gain)))
                }
                return OpenedSource(result: .success(try builder.makeSource(program, atSeconds: position)))
            } catch {
                return OpenedSource(result: .failure(error))
            }
        }, then: { [weak self] (opened: OpenedSource) in
            switch opened.result {
            case .success(let source): deferred.attach(source)
            case .failure(let error):
                self?.logger.error("cannot play \(id): \(error)")
                deferred.fail(AudioError(path: self?.library.entry(id)?.path, reason: "cannot play it: \(error)"))
            }
        })
    }

    /// Tells the core where a spoken item's speech pauses (the sleep-timer fade waits for one)
    /// and what each sentence says when (the captions).
    /// A play from the start (the first `freshPlaySeconds`) of a guided timeline with
    /// interjections draws them anew: which option, and when in its window. The draw is seeded by
    /// the provider's seed and the number of the play, so a simulated night plays the same draws
    /// every time it is run, while a box that runs for weeks no longer repeats one night's.
    /// A resumed play keeps the program it had.
    func drawInterjections(_ entry: ContentEntry, at position: Double) {
        guard position < Self.freshPlaySeconds, case .timeline(let timeline) = entry.body,
              !timeline.interjections.isEmpty else { return }
        let played = plays[entry.id, default: 0]
        plays[entry.id] = played + 1
        if played > 0, !inProgress.contains(entry.id) { prepared.remove(entry.id) }
    }

    /// A play that starts this close to the item's start is a new one (`drawInterjections`).
    static let freshPlaySeconds = 1.0

    /// The seed `id`'s program is laid out with: the provider's for its first play, one drawn
    /// from it and the play's number for each later one.
    func programSeed(_ id: ItemID) -> UInt64 {
        let played = plays[id] ?? 0
        guard played > 1 else { return seed }
        var random = SplitMix64(seed: seed ^ (played &* 0x9E37_79B9_7F4A_7C15))
        return random.next()
    }

    func announce(_ id: ItemID, _ program: PreparedProgram) {
        guard let plan = program.plan else { return }
        events.append(.speechPausesFound(id, pauses: plan.speechPauses()))
        measured.note(id, program)
        events.append(.captionsFound(id, lines: plan.captions()))
    }
}
