/// What the core asks the drivers to do. Commands name the effect, not the reason.
public enum Command: Sendable, Equatable {
    /// Start an item at a position (seconds), replacing whatever plays, at full item gain. An
    /// owner's mix (`mix-mine-<number>`) comes with what it plays (its layers and levels), so the
    /// sound side builds it from this as it builds a bundled mix.
    case play(ItemID, from: Double, mix: OwnerMix? = nil)
    /// Equal-power crossfade from what plays now to another item starting at a position (an
    /// owner's mix with what it plays, as in `play`).
    case crossfade(to: ItemID, from: Double, over: Double, mix: OwnerMix? = nil)
    /// Move the current item's gain (0...1) from wherever it is now to `to`, along `curve`.
    case rampGain(to: Double, over: Double, curve: GainCurve)
    /// Stop the item (after a fade, or at once).
    case stop
    case pause
    case resume
    /// Jump within the current item to a position in seconds.
    case seek(to: Double)
    /// Master volume in percent (0...100), mapped to gain on a perceptual curve by the audio side.
    case setVolume(percent: Int)
    /// Start the wake sound at gain `from`, ramping to `to` over `over` seconds: `sound`, a
    /// generator's name ("rain", "ocean", ...), or the chime when nil.
    case startAlarm(sound: String? = nil, from: Double, to: Double, over: Double)
    /// Lower (or restore, with 1) the wake sound relative to its ramp, e.g. under the greeting.
    case duckAlarm(to: Double, over: Double)
    /// Speak a text (the wake greeting) over everything else.
    case speak(String)
    /// Stop the wake sound and any speech.
    case stopAlarm
    /// Save the snapshot now (`Box.snapshot(at:)`).
    case persist
    /// Start the ambient bed (a generator: "rain", "ocean", "forest", "pink", ...) under the
    /// content, fading in to `level` (gain 0...1).
    case startBed(String, level: Double)
    /// Fade the ambient bed out.
    case stopBed
    /// The bed fades to silence over `over` seconds, as the sleep timer fades an item (the
    /// timer ran out while only the bed played on after the item).
    case fadeBed(over: Double)
    /// A short sound: a confirmation tick, a bell.
    case playCue(Cue)
    /// Set the system's wall clock to `wall` (UTC seconds since 1970), and the battery-backed
    /// clock with it when there is one; the runner reports the outcome (`clockSourceChanged` and
    /// `clockChanged`, or `clockSetFailed`).
    case setClock(wall: Double)
    /// Say a menu row or a setting's value softly with the fast voice, over whatever plays,
    /// cutting off the one said before.
    case speakMenu(String)
    /// Keep a session or a night's event in the history (the store writes it once: a record it
    /// has already is ignored).
    case record(HistoryRecord)
    /// What the light does from now on (the dawn, the alarm's light, the night light, the
    /// breathing guide's), until the next `light`.
    case light(LightPlan)
    /// The companion switched on or off, or its epoch moved on: the runner keeps its switch (a
    /// file the companion's service waits for). Never issued for a box never switched on.
    case companion(CompanionSwitch)
    /// Draw a pairing code (six random digits) and find the address of the companion's page; the
    /// runner answers with `Event.pairingCodeDrawn`.
    case drawPairingCode

    /// A short name for traces.
    public var name: String {
        switch self {
        case .play: return "play"
        case .crossfade: return "crossfade"
        case .rampGain: return "rampGain"
        case .stop: return "stop"
        case .pause: return "pause"
        case .resume: return "resume"
        case .seek: return "seek"
        case .setVolume: return "setVolume"
        case .startAlarm: return "startAlarm"
        case .duckAlarm: return "duckAlarm"
        case .speak: return "speak"
        case .stopAlarm: return "stopAlarm"
        case .persist: return "persist"
        case .startBed: return "startBed"
        case .stopBed: return "stopBed"
        case .fadeBed: return "fadeBed"
        case .playCue: return "playCue"
        case .setClock: return "setClock"
        case .speakMenu: return "speakMenu"
        case .record: return "record"
        case .light: return "light"
        case .companion: return "companion"
        case .drawPairingCode: return "drawPairingCode"
        }
    }
}

/// Short sounds the box makes: a confirmation, a chime, the bells and breath tones of the
/// meditation timer.
public enum Cue: Sendable, Equatable, Hashable {
    /// A soft click: a choice was taken.
    case tick
    /// A small bell (also the bedtime reminder's chime).
    case bell
    /// The meditation timer's bell at its start and at each interval (a soft C5 strike).
    case meditationBell
    /// The meditation timer's closing bell (a little lower and longer).
    case closingBell
    /// A short chime (about 3 s, a soft E5): the meditation timer's interval bells by default.
    case chime
    /// The soft tone of one breathing step: a swell rising over an inhale, falling over an
    /// exhale, a faint touch at a hold or a rest (the breathing exercises' cues).
    case breath(BreathStep)
}

/// The shape of a gain ramp.
public enum GainCurve: String, Sendable, Equatable, Codable {
    /// Straight in decibels down to -60 dB, then digital silence (the sleep-timer fade); going up,
    /// straight in decibels from -60 dB.
    case decibelLinear
    /// Cosine/sine law: two signals crossing keep their summed power.
    case equalPower
}
