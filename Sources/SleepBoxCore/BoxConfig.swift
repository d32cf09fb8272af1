import Foundation

/// Everything the state machine can be configured with. Defaults are the box's factory settings;
/// the TOML file (`config/sleepbox.toml`) overrides them key by key.
public struct BoxConfig: Sendable, Equatable {
    /// The local time zone the alarm, the clock and the greeting use.
    public var timeZone: TimeZone
    public var timer: TimerSettings
    /// The alarms, one per slot (`Box.alarmSlots` of them); nil for a slot not set. `[alarm]` is
    /// slot 1, the `[[alarms]]` tables fill the slots in order.
    public var alarms: [AlarmSettings?]
    /// The first alarm (`[alarm]`).
    public var alarm: AlarmSettings? {
        get { alarms.first ?? nil }
        set { alarms[0] = newValue }
    }
    public var alarmBehaviour: AlarmBehaviour
    public var audio: AudioSettings
    public var playback: PlaybackSettings
    public var display: DisplaySettings
    /// The kinds each leaf mode draws from.
    public var pools: [Mode: [ContentKind]]
    /// The language of the screens and the spoken greeting.
    public var language: Language
    public var menu: MenuSettings
    /// Whether a breathing exercise's paced phase has its soft cue sounds (a swell on each
    /// inhale and exhale); off, the voice and the silence guide the breath alone.
    public var breathingCues: Bool = true
    /// The meditation timer, the nap and the bedtime reminder (Timers in the library menu).
    public var meditation: MeditationSettings
    public var nap: NapSettings
    public var reminder: ReminderSettings
    /// The voice's speed in words per minute (`[voice] rate`).
    public var voiceRate: Int = 140
    /// `[history]`: what counts as a night.
    public var history = HistorySettings()
    /// `[light]`: the dawn, the night light, the breathing guide's light (`Box+Light`).
    public var light = LightSettings()

    public init(timeZone: TimeZone = TimeZone(secondsFromGMT: 0) ?? .current,
                timer: TimerSettings = TimerSettings(),
                alarm: AlarmSettings? = nil,
                alarms: [AlarmSettings?]? = nil,
                alarmBehaviour: AlarmBehaviour = AlarmBehaviour(),
                audio: AudioSettings = AudioSettings(),
                playback: PlaybackSettings = PlaybackSettings(),
                display: DisplaySettings = DisplaySettings(),
                pools: [Mode: [ContentKind]] = Catalog.defaultPools,
                language: Language = .english,
                menu: MenuSettings = MenuSettings(),
                meditation: MeditationSettings = MeditationSettings(),
                nap: NapSettings = NapSettings(),
                reminder: ReminderSettings = ReminderSettings()) {
        self.timeZone = timeZone
        self.timer = timer
        var slots = Array((alarms ?? [alarm]).prefix(BoxConfig.alarmSlots))
        slots += Array(repeating: nil, count: BoxConfig.alarmSlots - slots.count)
        self.alarms = slots
        self.alarmBehaviour = alarmBehaviour
        self.audio = audio
        self.playback = playback
        self.display = display
        self.pools = pools
        self.language = language
        self.menu = menu
        self.meditation = meditation
        self.nap = nap
        self.reminder = reminder
    }

    /// How many alarms the box keeps.
    public static let alarmSlots = 4

    /// The words of `language`.
    public var words: Words { Words(table: .standard, language: language) }
}

/// `[timer]`
public struct TimerSettings: Sendable, Equatable {
    /// The choices offered between Off and End of content, in minutes.
    public var choices: [Double] = [15, 30, 45, 60, 90]
    /// Length of the fade at the end of a sleep timer, in seconds.
    public var fadeOutSeconds: Double = 30
    /// Seconds without input after which the timer choice commits itself.
    public var commitAfterSeconds: Double = 3
    /// When the timer runs out in the middle of speech, the fade waits up to this many seconds
    /// for the next pause, so it never cuts a sentence in half (0: fade at once).
    public var speechGraceSeconds: Double = 45
    /// A spoken item that ends before the timer: this bed (a generator's name) plays on softly
    /// until the timer's fade, unless the ambient bed played under the item (that one goes on);
    /// nil: the box goes silent when the item ends.
    public var bedAfterItem: String? = "rain"
    /// The level of `bedAfterItem` (gain 0...1).
    public var bedAfterItemLevel: Double = 0.1
    public init(choices: [Double] = [15, 30, 45, 60, 90], fadeOutSeconds: Double = 30) {
        self.choices = choices
        self.fadeOutSeconds = fadeOutSeconds
    }
}

/// The alarm the owner set: a time of day on some weekdays.
public struct AlarmSettings: Sendable, Equatable, Codable {
    public var hour: Int
    public var minute: Int
    /// Weekdays it rings on (1 = Sunday ... 7 = Saturday, as `Calendar` counts).
    public var weekdays: Set<Int>
    public var isEnabled: Bool
    /// Skip the next ring only (one night off); clears itself when that ring is skipped.
    public var skipNext: Bool
    /// The wake sound: nil for the chime, else a generator's name ("rain", "ocean", ...).
    public var sound: String?
    /// Seconds the wake sound ramps up over; nil for `[alarm] ramp_seconds`.
    public var rampSeconds: Double?
    /// Minutes a snooze lasts; nil for `[alarm] snooze_minutes`.
    public var snoozeMinutes: Double?
    /// The level the wake sound ramps to, in percent; nil for `[alarm] alarm_volume`.
    public var volume: Int?
    /// Whether the light's dawn comes before this alarm, and over how many minutes (15...90);
    /// nil: `[light]`'s. Absent in state files written before the light.
    public var dawn: Bool?
    public var dawnMinutes: Int?

    public init(hour: Int, minute: Int, weekdays: Set<Int> = Set(1...7), isEnabled: Bool = true, skipNext: Bool = false,
                sound: String? = nil, rampSeconds: Double? = nil, snoozeMinutes: Double? = nil, volume: Int? = nil,
                dawn: Bool? = nil, dawnMinutes: Int? = nil) {
        self.dawn = dawn
        self.dawnMinutes = dawnMinutes
        self.hour = hour
        self.minute = minute
        self.weekdays = weekdays
        self.isEnabled = isEnabled
        self.skipNext = skipNext
        self.sound = sound
        self.rampSeconds = rampSeconds
        self.snoozeMinutes = snoozeMinutes
        self.volume = volume
    }

    /// The sounds an alarm can wake with: the chime, then the ambient generators.
    public static let sounds = ["chime", "rain", "ocean", "forest", "pink", "brown", "white"]

    /// "06:45"
    public var timeText: String { twoDigits(hour) + ":" + twoDigits(minute) }
}

/// `[alarm]` keys about how the alarm behaves once it rings.
public struct AlarmBehaviour: Sendable, Equatable {
    public var rampSeconds: Double = 60
    public var snoozeMinutes: Double = 9
    /// A ring noticed later than this (downtime, a clock jump) is recorded as missed.
    public var catchUpMinutes: Double = 30
    public var autoStopMinutes: Double = 30
    /// Gain (0...1) the wake sound starts at and ramps to.
    public var startVolume: Double = 0.05
    public var alarmVolume: Double = 0.7
    /// Seconds after the ring starts that the greeting is spoken (when last night's content completed).
    public var greetingDelaySeconds: Double = 5
    /// Gain the alarm sound ducks to under the greeting.
    public var duckVolume: Double = 0.25
    /// Seconds the leaf must be held to dismiss.
    public var dismissHoldSeconds: Double = 2
    public init() {}
}

/// `[audio]`
public struct AudioSettings: Sendable, Equatable {
    /// Master volume at first start, 0...100 (then the knob's setting is kept).
    public var volume: Int = 50
    /// Knob step in percent.
    public var volumeStep: Int = 5
    /// A soft tick confirms the timer choice and its cancelling.
    public var confirmationCues = false
    /// At night (while the display dims) the volume goes no higher than this, in percent.
    public var nightVolumeLimit: Int = 100
    /// The volume every start comes up at (power-up, restart), in percent; nil keeps the knob's.
    public var startVolume: Int?
    public init(volume: Int = 50) { self.volume = volume }
}

/// `[playback]`
public struct PlaybackSettings: Sendable, Equatable {
    /// Crossfade between modes (and on skip), seconds.
    public var crossfadeSeconds: Double = 1.5
    /// Fade when the leaf turns the box off, seconds.
    public var stopFadeSeconds: Double = 1.5
    /// When an item ends by itself: go quiet (false) or go on with the next of the pool (true).
    public var continueWithNext: Bool = false
    /// Skip held: seek this far forward (and the timer held this far back) ...
    public var seekStepSeconds: Double = 15
    /// ... after holding this long (skip, timer and the knob) ...
    public var holdSeconds: Double = 0.8
    /// ... and again at this interval while held.
    public var seekRepeatSeconds: Double = 0.5
    /// A saved position resumes when it lies before this fraction of the item.
    public var resumeBelowFraction: Double = 0.95
    /// While playing, progress is saved at most this often.
    public var persistIntervalSeconds: Double = 15
    /// After a crash or a power cut the item resumes this far before its last saved position.
    /// The saved position is counted from the `play` command, so it runs ahead of the ear by the
    /// sound device's buffer (at most 2 s with `[audio] buffer_ms`) and the moment the first
    /// sound takes to come out; 3 s covers both, and the listener hears the last words again
    /// instead of missing them.
    public var resumeRewindSeconds: Double = 3
    /// An ambient generator ("rain", "ocean", ...) played quietly under the content while a mode
    /// plays; nil for none.
    public var ambientBed: String?
    /// The bed's level (gain 0...1).
    public var ambientBedLevel: Double = 0.15
    /// An ambient item (a generator, a tone, a mix) fades in over this long when it starts, and
    /// out over this long when it is stopped while it sounds (at the alarm's start), seconds.
    public var ambientFadeSeconds: Double = 60
    public init() {}
}

/// The library menu (knob held); `[display] menu_close_seconds`.
public struct MenuSettings: Sendable, Equatable {
    /// The menu closes by itself after this many seconds without input.
    public var closeAfterSeconds: Double = 30
    /// Eyes-free: each row and each setting's value the knob reaches is said softly with the fast
    /// voice (`[voice] speak_menus`).
    public var speakMenus = false
    public init() {}
}

/// `[history]`
public struct HistorySettings: Sendable, Equatable {
    /// A night counts (a calendar mark, a streak) when one session of at least this many minutes
    /// was heard in it.
    public var streakMinutes: Double = 5
    public init(streakMinutes: Double = 5) { self.streakMinutes = streakMinutes }
}

/// `[display]`
public struct DisplaySettings: Sendable, Equatable {
    /// Local hours between which the panel is dimmed (wrapping past midnight).
    public var dimFromHour: Int = 21
    public var dimUntilHour: Int = 7
    /// The burn-in shift moves the content by a pixel this often.
    public var shiftEveryMinutes: Int = 3
    /// Seconds the volume bar stays up after a knob turn.
    public var volumeBarSeconds: Double = 2
    /// Seconds a confirmation message stays up.
    public var messageSeconds: Double = 1.5
    /// The panel's brightness by day and at night (while dimmed), in percent of its usable range.
    public var dayBrightness: Int = 50
    public var nightBrightness: Int = 0
    /// The idle clock in 24-hour form (false: 12-hour, "6:45 PM").
    public var twentyFourHour: Bool = true
    /// The panel goes dark this long after the last input (0: never).
    public var screenTimeoutSeconds: Double = 60
    /// The now-playing screen shows the sentence being spoken (`[display] captions`).
    public var captions = false
    /// What the idle screen shows between the night hours (`[display] night_face`).
    public var nightFace = NightFace.noClock
    public init() {}
}

func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
