import SleepBoxCore

/// Where the engine gets its sounds: an item's sound from a position, the wake sound, speech.
/// The daemon and the simulator provide one built on the content library and the voice.
public protocol SoundProvider: AnyObject {
    /// The item's sound starting `position` seconds in (a decoded file, a spoken program, a
    /// generator). Throws when the item cannot be played (file missing, corrupt, unsupported).
    func openItem(_ id: ItemID, at position: Double) throws(AudioError) -> any AudioSource
    /// The rate of the file a recording item plays from, when the provider knows it; nil for every
    /// other item (spoken programs, generators, mixes), which it makes at the engine's first rate.
    func recordingRate(of id: ItemID) -> Int?
    /// `openItem` for an output running at `rate`: a recording opened at `rate` (decoded straight
    /// through when its file is at that rate), anything else as `openItem` makes it. Returns the
    /// rate the source renders at; nil is the rate the provider makes every sound at.
    func openItem(_ id: ItemID, at position: Double, rate: Int) throws(AudioError) -> (source: any AudioSource, rate: Int?)
    /// The wake sound: endless, starting softly.
    func wakeSound() -> any AudioSource
    /// The ambient bed named (a generator: "rain", "ocean", "forest", "white", "pink", "brown"),
    /// or nil when there is no such generator.
    func bed(_ name: String) -> (any AudioSource)?
    /// A short confirmation sound.
    func cue(_ cue: Cue) -> any AudioSource
    /// `text` spoken, or nil when there is no voice (the engine then reports the speech as
    /// finished at once).
    func speech(_ text: String) -> (any AudioSource)?
    /// A menu row said by the fast voice; the source may stay silent for the moment the voice
    /// takes, and must not block for it. Nil when there is no menu voice.
    func menuSpeech(_ text: String) -> (any AudioSource)?
    /// What the provider learnt since it was last asked (e.g. where an item's speech pauses),
    /// for the core; the driver hands these over after carrying out commands.
    func takeEvents() -> [Event]
    /// Takes the settings in effect (at start and after each change): the next sound it makes
    /// follows them.
    func follow(_ settings: SoundSettings)
    /// For an item that sounds on and on (ambient generators, tones, mixes): how long it fades in
    /// when it starts and out when it is stopped while it sounds; nil for every other item.
    func continuousFadeSeconds(for id: ItemID) -> Double?
    /// An owner's mix (`Command.play`'s `mix`) from `position` seconds in, built from its layers
    /// as a bundled mix is from its file. Throws when none of its layers can play.
    func openMix(_ mix: OwnerMix, at position: Double) throws(AudioError) -> any AudioSource
}

extension SoundProvider {
    /// No recordings of their own rate.
    public func recordingRate(of id: ItemID) -> Int? { nil }

    /// Every item at the provider's rate.
    public func openItem(_ id: ItemID, at position: Double, rate: Int) throws(AudioError) -> (source: any AudioSource, rate: Int?) {
        (try openItem(id, at: position), nil)
    }

    /// Nothing to tell.
    public func takeEvents() -> [Event] { [] }

    /// Nothing follows the settings.
    public func follow(_ settings: SoundSettings) {}

    /// No item fades but by the core's own ramps.
    public func continuousFadeSeconds(for id: ItemID) -> Double? { nil }

    /// No owner's mixes.
    public func openMix(_ mix: OwnerMix, at position: Double) throws(AudioError) -> any AudioSource {
        throw AudioError(reason: "\(mix.id): owner's mixes are not played here")
    }

    /// No menu voice.
    public func menuSpeech(_ text: String) -> (any AudioSource)? { nil }

    /// The generators every provider offers as a bed.
    public func bed(_ name: String) -> (any AudioSource)? { Generators.make(name, seed: 1, format: .engine) }

    /// A tick: a short, soft high blip; a bell: a small chime; the meditation bells and breath
    /// tones as the guided timelines and breathing exercises sound them (`BellSound`, `BreathCue`).
    public func cue(_ cue: Cue) -> any AudioSource { Self.standardCue(cue, format: .engine) }

    /// The sound of `cue` in `format`.
    public static func standardCue(_ cue: Cue, format: AudioFormat) -> any AudioSource {
        switch cue {
        case .tick: return ToneSweep(from: 2_000, to: 1_600, seconds: 0.03, level: 0.12, format: format)
        case .bell: return ChimeGenerator(frequency: 1_046.5, decay: 2, level: 0.25, format: format)
        case .meditationBell: return BellSound.interval.makeGenerator(format: format)
        case .closingBell: return BellSound.end.makeGenerator(format: format)
        case .chime: return BellSound.chime.makeGenerator(format: format)
        case .breath(let step):
            let tone = BreathCue.cue(for: step)
            return tone.makeGenerator(frames: format.frames(tone.seconds), format: format)
        }
    }
}
