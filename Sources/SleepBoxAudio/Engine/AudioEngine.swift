import Logging
import SleepBoxCore

/// Every sound the box makes: carries out the core's sound commands on the mixer and renders
/// blocks of the engine format, reporting to the frame what the core must hear about (an item
/// ended, speech finished, an item could not be played).
///
/// | command | mixer |
/// |---|---|
/// | `play(id, from:, mix:)` | the item's source (an owner's mix built from `mix`) on the item bus, fading in over 10 ms |
/// | `crossfade(to:from:over:)` | equal-power crossfade, the old item on the partner bus |
/// | `rampGain(to:over:curve:)` | the item bus's level, from where it is |
/// | `stop` | item and partner de-clicked out |
/// | `pause` / `resume` | the item fades out over 20 ms and keeps its place / fades back in |
/// | `seek(to:)` | the item reopened at the new place, crossfaded over 30 ms (no click) |
/// | `setVolume` | the master, on the perceptual curve, smoothed over 50 ms |
/// | `startAlarm(sound:from:to:over:)` | the wake sound (the chime, or the generator `sound`) on the alarm bus at `from`, rising straight in dB to `to` |
/// | `duckAlarm(to:over:)` | the alarm bus's duck stage |
/// | `speak` | the speech bus, at the level the wake sound has ramped to (`greetingPerAlarmGain`) |
/// | `stopAlarm` | alarm and speech fade out over 300 ms |
/// | `startBed` / `stopBed` | an ambient generator on the bed bus, fading in / out over 3 s |
/// | `playCue` | a tick or a bell on the cue bus |
/// | `speakMenu` | the fast voice on the cue bus at `menuVoiceGain`, cutting off the row said before; the content is not ducked |
///
/// The engine runs at the rate it was made with (`[audio] sample_rate`), the rate the provider
/// makes every sound at, until the output asks for another while nothing sounds
/// (`changeRate(to:)`: a recording played at its own rate). It then opens recordings at the new
/// rate and converts the provider's other sounds to it as they play (`RateConvertedSource`).
///
/// Not thread-safe: one owner calls everything (the daemon's loop, or the simulator).
public final class AudioEngine {
    /// The format the engine renders: its first one, or the one `changeRate(to:)` set.
    public private(set) var format: AudioFormat
    /// The format the provider makes its sounds at (the engine's first).
    public let providerFormat: AudioFormat
    public private(set) var mixer: Mixer
    public let provider: SoundProvider
    /// The item on the item bus (playing, paused or fading).
    public private(set) var currentItem: ItemID?
    /// What the current item plays when it is an owner's mix (a seek builds it again).
    private var currentMix: OwnerMix?
    /// Frames rendered since the engine started.
    public private(set) var framesRendered: Int64 = 0
    private var paused = false
    /// The item bus's level before a pause (what `resume` fades back to).
    private var resumeGain: Float = 1
    private var reports: [(EngineReport, Int)] = []

    static let fadeInSeconds = 0.01
    static let pauseSeconds = 0.02
    static let seekSeconds = 0.03
    static let alarmStopSeconds = 0.3
    static let bedFadeSeconds = 3.0
    /// The greeting's gain for each unit of the wake sound's gain, so the voice speaks as loud as
    /// the chime has grown and never louder than the alarm's volume allows: the chime at gain 1
    /// measures -34.3 dBFS RMS, the voice renders near -20 dBFS RMS (GreetingLevelTests measures
    /// both).
    public static let greetingPerAlarmGain: Float = 0.19
    /// The menu voice's gain: espeak-ng renders near -20 dBFS RMS, so it is said about as loud as
    /// the spoken items play (-26 dBFS here), soft enough to leave what plays undisturbed and
    /// clear enough to be heard over it without ducking it.
    public static let menuVoiceGain: Float = 0.5

    /// Where a sound dropped by the mixer is reported.
    private let logger: Logger

    public init(format: AudioFormat = .engine, provider: SoundProvider, volumePercent: Int = 50,
                logger: Logger = Logger(label: "sleepbox.audio")) {
        self.logger = logger
        self.format = format
        providerFormat = format
        self.provider = provider
        self.mixer = Mixer(format: format, maxBlockFrames: 1024, volumePercent: volumePercent)
    }

    /// Renders at `rate` from now on: a new mixer at that rate, at the same volume. Only while
    /// nothing sounds (`isSilent`; a paused item is let go); returns whether the rate is now
    /// `rate`. The output must run at the new rate before the next block.
    @discardableResult
    public func changeRate(to rate: Int) -> Bool {
        guard rate != format.sampleRate else { return true }
        guard rate > 0, isSilent else { return false }
        format = AudioFormat(sampleRate: rate, channels: format.channels)
        mixer = Mixer(format: format, maxBlockFrames: 1024, volumePercent: mixer.volume.percent)
        currentItem = nil
        paused = false
        return true
    }

    /// `source`, made at `rate` (nil: the provider's), at the engine's rate: converted when the
    /// two differ. An item that cannot be converted fails (`open`); another sound is left out.
    private func converted(_ source: any AudioSource, madeAt rate: Int? = nil) throws(AudioError) -> any AudioSource {
        let made = rate ?? providerFormat.sampleRate
        guard made != format.sampleRate else { return source }
        return try RateConvertedSource(source, from: made, to: format.sampleRate)
    }

    /// A sound of the box's own at the engine's rate; one that cannot be converted (libsoxr
    /// refusing two ordinary rates: not seen) plays as made rather than not at all (an alarm).
    private func atEngineRate(_ source: any AudioSource) -> any AudioSource { (try? converted(source)) ?? source }

    /// The settings in effect, for the provider: what it makes next follows them (what plays
    /// now plays on as it was made).
    public func follow(_ settings: SoundSettings) { provider.follow(settings) }

    /// Carries out one command (between blocks).
    public func perform(_ command: Command) {
        switch command {
        case .play(let id, let from, let mix):
            guard let source = open(id, at: from, mix: mix) else { return }
            mixer.stop(.partner)
            // Sound that runs all night comes in slowly; everything else at once.
            let fade = provider.continuousFadeSeconds(for: id) ?? Self.fadeInSeconds
            mixer.fadeIn(source, on: .item, to: 1, overFrames: format.frames(max(Self.fadeInSeconds, fade)))
            currentItem = id
            currentMix = mix
            paused = false
        case .crossfade(let id, let from, let over, let mix):
            guard let source = open(id, at: from, mix: mix) else { return }
            if paused { mixer.stop(.item) }
            mixer.crossfade(to: source, overFrames: format.frames(over), gain: 1)
            currentItem = id
            currentMix = mix
            paused = false
        case .rampGain(let to, let over, let curve):
            if paused {
                resumeGain = Float(to)
            } else {
                mixer.ramp(.item, to: Float(to), overFrames: format.frames(over), curve: curve)
            }
        case .stop:
            // A continuous sound still sounding (at the alarm's start) gives way slowly; after a
            // fade it is silent already, and the rest stops at once.
            if let id = currentItem, !paused, let fade = provider.continuousFadeSeconds(for: id), fade > 0 {
                mixer.stop(.item, overFrames: format.frames(fade), shape: .equalPower)
            } else {
                mixer.stop(.item)
            }
            mixer.stop(.partner)
            currentItem = nil
            paused = false
        case .pause:
            guard currentItem != nil, !paused else { return }
            resumeGain = mixer.level(of: .item).target
            mixer.stop(.item, overFrames: format.frames(Self.pauseSeconds), shape: .equalPower)
            paused = true
        case .resume:
            guard paused, let source = mixer.source(on: .item) else { return }
            mixer.fadeIn(source, on: .item, to: resumeGain, overFrames: format.frames(Self.pauseSeconds))
            paused = false
        case .seek(let to):
            guard let id = currentItem, let source = open(id, at: to, mix: currentMix) else { return }
            if paused {
                mixer.setSource(source, on: .item, gain: 0)
                mixer.stop(.item)
                // Keep the reopened source for `resume`: stop() left it on the bus, silent.
            } else {
                mixer.crossfade(to: source, overFrames: format.frames(Self.seekSeconds), gain: mixer.level(of: .item).target)
            }
        case .setVolume(let percent):
            mixer.setVolume(percent: percent)
        case .startAlarm(let sound, let from, let to, let over):
            let made = sound.flatMap { provider.bed($0) } ?? provider.wakeSound()
            let sound = atEngineRate(made)
            mixer.setSource(sound, on: .alarm, gain: Float(from))
            mixer.duck(.alarm, to: 1, overFrames: 1)
            mixer.ramp(.alarm, to: Float(to), overFrames: format.frames(over), curve: .decibelLinear)
        case .duckAlarm(let to, let over):
            mixer.duck(.alarm, to: Float(to), overFrames: format.frames(over))
        case .speak(let text):
            if let made = provider.speech(text) {
                let source = atEngineRate(made)
                // The wake sound's own ramp (its duck stage aside); with no wake sound, its full level.
                let alarm = mixer.isActive(.alarm) ? mixer.level(of: .alarm).current : 1
                mixer.setSource(source, on: .speech, gain: alarm * Self.greetingPerAlarmGain)
            } else {
                reports.append((.speechFinished, 0))
            }
        case .stopAlarm:
            mixer.stop(.alarm, overFrames: format.frames(Self.alarmStopSeconds))
            mixer.stop(.speech, overFrames: format.frames(Self.alarmStopSeconds))
        case .startBed(let name, let level):
            if let made = provider.bed(name) {
                let source = atEngineRate(made)
                mixer.fadeIn(source, on: .bed, to: Float(level), overFrames: format.frames(Self.bedFadeSeconds))
            }
        case .stopBed:
            mixer.stop(.bed, overFrames: format.frames(Self.bedFadeSeconds))
        case .fadeBed(let over):
            mixer.stop(.bed, overFrames: format.frames(over))
        case .playCue(let cue):
            mixer.setSource(atEngineRate(provider.cue(cue)), on: .cue, gain: 1)
        case .speakMenu(let text):
            if let made = provider.menuSpeech(text) { mixer.setSource(atEngineRate(made), on: .cue, gain: Self.menuVoiceGain) }
        case .persist, .setClock, .record, .light, .companion, .drawPairingCode:
            break
        }
    }

    private func open(_ id: ItemID, at position: Double, mix: OwnerMix?) -> (any AudioSource)? {
        do {
            let opened: (source: any AudioSource, rate: Int?)
            if let mix {
                opened = (try provider.openMix(mix, at: position), nil)
            } else {
                opened = try provider.openItem(id, at: position, rate: format.sampleRate)
            }
            return try converted(opened.source, madeAt: opened.rate)
        } catch {
            reports.append((.itemFailed(id, reason: error.description), 0))
            return nil
        }
    }

    /// Renders `frames` frames into `buffer` and returns what happened, each with its frame
    /// offset in the block.
    public func render(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> [(EngineReport, Int)] {
        var out = reports
        reports.removeAll()
        let mix = mixer.render(into: buffer, frames: frames)
        for bus in MixerBus.allCases where mix.dropped.contains(bus) {
            logger.error("the \(bus) sound was dropped: \(SampleGuard.reason)",
                         metadata: bus == .item ? currentItem.map { ["item": "\($0)"] } : nil)
        }
        if mix.ended.contains(.item), let id = currentItem, !paused {
            let offset = mix.frameOffset(of: .item) ?? frames
            if mix.dropped.contains(.item) {
                out.append((.itemFailed(id, reason: SampleGuard.reason), offset))
            } else if let failure = (mixer.source(on: .item) as? any FailingSource)?.failure {
                out.append((.itemFailed(id, reason: failure.description), offset))
            } else {
                out.append((.itemFinished(id), offset))
            }
            currentItem = nil
        }
        if mix.ended.contains(.speech) {
            out.append((.speechFinished, mix.frameOffset(of: .speech) ?? frames))
        }
        framesRendered += Int64(frames)
        return out
    }

    /// Whether anything is sounding, the de-click fade of a sound stopped at once included (the
    /// daemon may skip writing silence when nothing is).
    public var isSilent: Bool { !mixer.isRendering && reports.isEmpty }

    /// Counts `frames` of silence as rendered without rendering them (only while `isSilent`).
    public func skip(frames: Int) {
        framesRendered += Int64(frames)
    }

    /// Where the current item is, in seconds, when its source knows.
    public var itemPosition: Double? {
        let source = mixer.source(on: .item)
        if let converted = source as? RateConvertedSource { return converted.positionSeconds }
        guard let s = source as? any SeekableSource else { return nil }
        return format.seconds(s.positionFrames)
    }
}
