import Logging
import SleepBoxAudio
import SleepBoxCore
import SleepBoxSystem

/// Turns items into sound for the engine, in two steps so that rendering speech never stalls
/// the audio path:
///
/// 1. `prepare(_:seed:)` (or `plan(_:id:)` / `plan(_:id:seed:)`): slow. It renders every spoken
///    stretch through the `SpeechRenderer`, measures the clips and lays the program out to the
///    frame (`ProgramPlan`). The daemon runs it on its worker thread, ahead of time. With the
///    tests' tone renderer the longest bundled items (`med-body-scan`, 12 minutes with about 4
///    minutes of speech) take about 0.2 s in a release build on the development machine, 0.05 s
///    of it this code (mostly storing the clips); with a real voice add its rendering time, or a
///    cache read when the clips are cached. The plan holds the speech as 16-bit samples at the
///    voice's rate, about 43 KiB per second of speech at 22,050 Hz (some 9 MiB for the longest
///    items; `ProgramSource` resamples each clip as it plays): keep plans for the item playing
///    and the next one, not for the whole library. `fillCache` renders an item's speech into the
///    voice's cache without keeping it.
/// 2. `makeSource(_:atSeconds:)`: cheap. It wraps the finished plan in a `ProgramSource` (or
///    opens a generator, or calls `openAudio` for a recording) at a position.
///
/// Layout rules: a script's stretches follow each other with its pauses as exact silence. A
/// timeline's segments start exactly at `start_delay + at`, whatever the voice's speed; each
/// interjection plays one option chosen with the seeded generator at a frame drawn uniformly
/// from its window; bells and breathing cues start at exact frames. What overlaps once the clips
/// are measured is an error naming both parts and their times.
public final class ProgramBuilder: Sendable {
    /// Opens a recording's file at a position in seconds (the engine passes its `FileSource`).
    public typealias OpenAudio = @Sendable (_ path: String, _ position: Double) throws(AudioError) -> any AudioSource

    /// The box's `OpenAudio`: the file decoded to `format`, sought to the position.
    public static func fileOpener(format: AudioFormat) -> OpenAudio {
        { path, position throws(AudioError) in
            let source = try FileSource(path: path, format: format)
            if position > 0 { try source.seek(toFrame: format.frames(position)) }
            return source
        }
    }

    /// The voice, nil when none is installed (spoken items then cannot be prepared).
    public let speech: (any SpeechRenderer)?
    /// Voices for items in other languages, by language code (`SpeechTiming.languageCode`); an
    /// item in a language not here is said by `speech`.
    public let languageVoices: [String: any SpeechRenderer]
    /// The engine format.
    public let format: AudioFormat
    /// Every item plays at this integrated loudness (LUFS), peaks under -1 dBTP; nil plays items
    /// as they are (`ItemLoudness`).
    public let loudness: ItemLoudness?
    private let openAudio: OpenAudio?
    private let logger: Logger?

    /// Called with partial plans while a spoken item is prepared: the plan so far and the frame up
    /// to which it is final (what plays before that frame will not change).
    public typealias Progress = @Sendable (_ plan: ProgramPlan, _ finalFrames: Int) -> Void

    /// A builder rendering with `speech` for the engine `format`; `openAudio` opens recordings.
    /// `logger` gets one line when a voice fails on an item and its fallback reads it instead.
    public init(speech: (any SpeechRenderer)?, languageVoices: [String: any SpeechRenderer] = [:],
                format: AudioFormat = .engine, loudness: ItemLoudness? = nil, logger: Logger? = nil,
                openAudio: OpenAudio? = nil) {
        self.speech = speech
        self.languageVoices = languageVoices
        self.format = format
        self.loudness = loudness
        self.logger = logger
        self.openAudio = openAudio
    }

    // MARK: Step 1: prepare (slow)

    /// Makes `entry` ready to play: renders and lays out spoken items. `seed` chooses the
    /// interjections and seeds the generators; the same seed gives the same program.
    ///
    /// When the voice fails on the item (the natural voice's process died, its model is damaged)
    /// and it has a fallback voice, one line is logged and the fallback reads the whole item.
    /// `progress` gets partial plans as the speech is rendered (see `Progress`). With
    /// `breathingCues` false a breathing phase has no cue sounds (`[playback] breathing_cues`).
    public func prepare(_ entry: ContentEntry, seed: UInt64, breathingCues: Bool = true,
                        progress: Progress? = nil) throws(ContentError) -> PreparedProgram {
        switch entry.body {
        case .script(let script):
            let prepared: PreparedProgram
            do {
                prepared = .spoken(try plan(script, id: entry.id, useFallback: false, progress: progress))
            } catch let error where error.isVoiceFailure && speech(forLanguage: script.header.language)?.fallback != nil {
                logFallback(entry, error)
                prepared = .spoken(try plan(script, id: entry.id, useFallback: true, progress: progress))
            }
            measureLoudness(of: prepared)
            return prepared
        case .timeline(let timeline):
            let prepared: PreparedProgram
            do {
                prepared = .spoken(try plan(timeline, id: entry.id, seed: seed, breathingCues: breathingCues, useFallback: false, progress: progress))
            } catch let error where error.isVoiceFailure && speech(forLanguage: timeline.language)?.fallback != nil {
                logFallback(entry, error)
                prepared = .spoken(try plan(timeline, id: entry.id, seed: seed, breathingCues: breathingCues, useFallback: true, progress: progress))
            }
            measureLoudness(of: prepared)
            return prepared
        case .generator(let item):
            // Made at once: measuring it renders two minutes of it, which the caller does apart
            // (`measureLoudness(of:)`), so a press never waits for it.
            return PreparedProgram.generator(item, seed: seed)
        case .mix(let item):
            // Made at once, as a generator (measured apart, `measureLoudness(of:)`).
            guard !item.playableLayers.isEmpty else {
                throw ContentError(path: item.path, message: "\"\(item.title)\" has no layer that can play")
            }
            return PreparedProgram.mix(item, seed: seed)
        case .audio(let item, let isPresent):
            guard isPresent, entry.item.isAvailable else {
                throw ContentError(path: item.path, message: "\"\(entry.item.title)\" is coming soon: its audio file \(item.audioName) is not there yet")
            }
            let prepared = PreparedProgram.audio(path: item.audioPath)
            measureLoudness(of: prepared)
            return prepared
        }
    }

    /// Renders a spoken item's speech into the voice's cache stretch by stretch, as `prepare`
    /// would (the same texts, the fallback voice when the voice fails), without building its
    /// program: each clip is let go once it is measured, so at most one stretch's speech is held.
    /// Returns the item's length in seconds (what the program would last); nil for an item with
    /// no speech. Its loudness is measured when it is prepared to play.
    public func fillCache(_ entry: ContentEntry, seed: UInt64, breathingCues: Bool = true) throws(ContentError) -> Double? {
        let plan: ProgramPlan
        switch entry.body {
        case .script(let script):
            do {
                plan = try self.plan(script, id: entry.id, useFallback: false, keepsSpeech: false)
            } catch let error where error.isVoiceFailure && speech(forLanguage: script.header.language)?.fallback != nil {
                logFallback(entry, error)
                plan = try self.plan(script, id: entry.id, useFallback: true, keepsSpeech: false)
            }
        case .timeline(let timeline):
            do {
                plan = try self.plan(timeline, id: entry.id, seed: seed, breathingCues: breathingCues, useFallback: false,
                                     keepsSpeech: false)
            } catch let error where error.isVoiceFailure && speech(forLanguage: timeline.language)?.fallback != nil {
                logFallback(entry, error)
                plan = try self.plan(timeline, id: entry.id, seed: seed, breathingCues: breathingCues, useFallback: true,
                                     keepsSpeech: false)
            }
        case .generator, .mix, .audio:
            return nil
        }
        return plan.format.seconds(plan.lengthFrames)
    }

    /// The voice for a text in `language` (nil is "en").
    public func speech(forLanguage language: String?) -> (any SpeechRenderer)? {
        languageVoices[SpeechTiming.languageCode(language)] ?? speech
    }

    /// Measures an item for `loudness` (slow the first time for a recording or a generator;
    /// remembered): later sources of it play at the target.
    public func measureLoudness(of prepared: PreparedProgram) {
        guard let loudness else { return }
        let format = self.format
        _ = loudness.measure(prepared, format: format)
    }

    private func logFallback(_ entry: ContentEntry, _ error: ContentError) {
        let fallback = speech(forLanguage: entry.language)?.fallback?.voiceDescription ?? "the fallback voice"
        logger?.warning("voice: \(error.first?.message ?? "\(error)"); \(fallback) reads \(entry.id) instead")
    }

    /// The plan of a script: each stretch rendered, the pauses exact silence between them.
    /// With `keepsSpeech` false the plan holds the clips' lengths, not their sound (see `fillCache`).
    public func plan(_ script: Script, id: ItemID, useFallback: Bool = false, keepsSpeech: Bool = true,
                     progress: Progress? = nil) throws(ContentError) -> ProgramPlan {
        var renderer = try ClipRenderer(speech: speech(forLanguage: script.header.language), path: script.path,
                                        format: format, useFallback: useFallback, keepsSpeech: keepsSpeech)
        var elements: [ProgramElement] = []
        let emit = progress.map { progress in
            { (elements: [ProgramElement], clips: SpeechClips, final: Int, voice: String) in
                progress(ProgramPlan(itemID: id, format: self.format, elements: elements, clips: clips, nominalFrames: final,
                                     voiceDescription: voice), final)
            }
        }
        let end = try lay(script.parts, from: 0, into: &elements, renderer: &renderer, emit: emit, cap: Int.max)
        return ProgramPlan(itemID: id, format: format, elements: elements, clips: renderer.clips, nominalFrames: end,
                           voiceDescription: renderer.voiceDescription)
    }

    /// The plan of a timeline: segments at their exact times, one option of each interjection at a
    /// seeded random time in its window, bells, breathing cues (unless `breathingCues` is false)
    /// and counting. Throws when, with the clips measured, anything overlaps.
    public func plan(_ timeline: Timeline, id: ItemID, seed: UInt64, breathingCues: Bool = true, useFallback: Bool = false,
                     keepsSpeech: Bool = true, progress: Progress? = nil) throws(ContentError) -> ProgramPlan {
        var renderer = try ClipRenderer(speech: speech(forLanguage: timeline.language), path: timeline.path,
                                        format: format, useFallback: useFallback, keepsSpeech: keepsSpeech)
        var elements: [ProgramElement] = []
        var random = SplitMix64(seed: seed)
        let offset = format.frames(timeline.startDelay)
        func frame(_ seconds: Double) -> Int { offset + format.frames(seconds) }

        // Partial plans hold the segments only: they are final up to the first frame where
        // anything else (an interjection's window, breathing, a bell) may sound.
        var others = [frame(timeline.length)] + timeline.interjections.map { frame($0.from) }
            + timeline.intervalBellTimes.map(frame)
        if let breathing = timeline.breathing { others.append(BreathingSchedule(breathing, frame: frame).stepStarts.first ?? 0) }
        let othersStart = others.min() ?? 0
        let emit = progress.map { progress in
            { (elements: [ProgramElement], clips: SpeechClips, final: Int, voice: String) in
                progress(ProgramPlan(itemID: id, format: self.format, elements: elements, clips: clips, nominalFrames: final,
                                     voiceDescription: voice), final)
            }
        }

        var segmentFrames: [Int] = []
        for (index, segment) in timeline.segments.enumerated() {
            let start = frame(segment.at)
            let later = timeline.segments[(index + 1)...].map { frame($0.at) }.min() ?? Int.max
            let end = try lay(segment.parts, from: start, into: &elements, renderer: &renderer, emit: emit,
                              cap: min(othersStart, later))
            segmentFrames.append(end - start)
        }

        var optionFrames: [[Int]] = []
        for interjection in timeline.interjections {
            let choice = Int(random.next() % UInt64(max(1, interjection.options.count)))
            let first = frame(interjection.from), last = max(first, frame(interjection.to))
            let start = first + Int(random.next() % UInt64(last - first + 1))
            var frames: [Int] = []
            for (index, option) in interjection.options.enumerated() {
                if index == choice {
                    let end = try lay(option.parts, from: start, into: &elements, renderer: &renderer)
                    frames.append(end - start)
                } else {
                    frames.append(try renderer.measure(option.parts, format: format))
                }
            }
            optionFrames.append(frames)
        }

        var schedule: BreathingSchedule?
        if let breathing = timeline.breathing {
            let built = BreathingSchedule(breathing, frame: frame)
            schedule = built
            for index in 0..<(built.stepStarts.count - 1) {
                let step = breathing.pattern[index % breathing.pattern.count]
                let start = built.stepStarts[index]
                if breathingCues {
                    let cue = BreathCue.cue(for: step)
                    let length = min(format.frames(cue.seconds), built.stepStarts[index + 1] - start)
                    elements.append(ProgramElement(startFrame: start, lengthFrames: length, sound: .breathCue(step.kind, cue),
                                                   line: breathing.line))
                }
                if breathing.countAloud, index / breathing.pattern.count < TimelineBreathing.countedCycles,
                   let word = step.kind.spokenWord {
                    let clip = try renderer.clip(word, line: breathing.line ?? 0)
                    elements.append(ProgramElement(startFrame: start, lengthFrames: renderer.clips.frames(clip),
                                                   sound: .speech(clip: clip), text: word, line: breathing.line))
                }
            }
        }

        for time in timeline.intervalBellTimes {
            let bell = BellSound.interval
            elements.append(ProgramElement(startFrame: frame(time), lengthFrames: bell.lengthFrames(format: format),
                                           sound: .bell(bell), line: timeline.bellIntervalLine))
        }
        if timeline.endBell {
            let bell = BellSound.end
            elements.append(ProgramElement(startFrame: frame(timeline.length), lengthFrames: bell.lengthFrames(format: format),
                                           sound: .bell(bell), line: timeline.endBellLine))
        }

        let layout = TimelineLayout(timeline: timeline, format: format, segmentFrames: segmentFrames,
                                    optionFrames: optionFrames, isMeasured: true)
        let errors = layout.issues().filter { $0.severity == .error }
        guard errors.isEmpty else { throw ContentError(errors) }
        return ProgramPlan(itemID: id, format: format, elements: elements, clips: renderer.clips,
                           nominalFrames: frame(timeline.length), breathing: schedule,
                           voiceDescription: renderer.voiceDescription)
    }

    /// Lays `parts` out from `start`: speech as clips, pauses as exact gaps. Returns the end frame.
    /// With `emit`, before each stretch is rendered the plan so far is handed out, final up to
    /// that stretch's start (at most `cap`, at least the cap of a segment that starts later: a
    /// stretch that starts after `cap` cannot make anything before it final).
    private func lay(_ parts: [ScriptPart], from start: Int, into elements: inout [ProgramElement],
                     renderer: inout ClipRenderer,
                     emit: ((_ elements: [ProgramElement], _ clips: SpeechClips, _ final: Int, _ voice: String) -> Void)? = nil,
                     cap: Int = Int.max) throws(ContentError) -> Int {
        var frame = start
        for part in parts {
            switch part {
            case .speech(let text, let line, _):
                if let emit, !elements.isEmpty, cap > 0 {
                    emit(elements, renderer.clips, min(frame, cap), renderer.voiceDescription)
                }
                let clip = try renderer.clip(text, line: line)
                let length = renderer.clips.frames(clip)
                elements.append(ProgramElement(startFrame: frame, lengthFrames: length, sound: .speech(clip: clip),
                                               text: text, line: line))
                frame += length
            case .pause(let seconds, _, _):
                frame += format.frames(seconds)
            }
        }
        return frame
    }

    // MARK: Step 2: the source (cheap)

    /// `source` at the gain that brings it to the target loudness, when it was measured.
    private func levelled(_ source: any AudioSource, _ prepared: PreparedProgram) -> any AudioSource {
        guard let loudness else { return source }
        let gain = loudness.knownGain(for: prepared)
        return gain == 1 ? source : LevelledSource(source, gain: gain)
    }

    /// A source for a prepared item, starting `seconds` in (clamped to the item). Spoken items and
    /// generators are `SeekableSource`s; a recording is what `openAudio` returns.
    public func makeSource(_ prepared: PreparedProgram, atSeconds seconds: Double = 0) throws(AudioError) -> any AudioSource {
        // Clamped before it becomes frames, so no position can overflow a frame count.
        let position = seconds.isFinite ? min(max(0, seconds), DurationText.maximumSeconds * 2) : 0
        switch prepared {
        case .spoken(let plan):
            let source = ProgramSource(plan: plan)
            try source.seek(toFrame: format.frames(position))
            return levelled(source, prepared)
        case .generator(let item, let seed):
            let source = GeneratorSource(item: item, seed: seed, format: format)
            try source.seek(toFrame: format.frames(position))
            return levelled(source, prepared)
        case .mix(let item, let seed):
            let loudness = self.loudness
            let source = MixSource(item: item, seed: seed, format: format) { sound in
                loudness?.knownGain(for: ItemLoudness.layerProgram(sound, seed: seed)) ?? 1
            }
            try source.seek(toFrame: format.frames(position))
            return levelled(source, prepared)
        case .audio(let path):
            guard let openAudio else {
                throw AudioError(path: path, reason: "no audio player was given to the program builder")
            }
            return levelled(try openAudio(path, position), prepared)
        }
    }
}
