import Foundation

/// Everything the state machine can be configured with. Defaults are the box's factory settings;
/// the TOML file (`config/sleepbox.toml`) overrides them key by key.
public struct BoxConfig: Sendable, Equatable {
    /// The local time zone the alarm, the clock and the greeting use.
    public var timeZone: TimeZone
    public var timer: TimerSettings
    public var alarm: AlarmSettings?
    public var alarmBehaviour: AlarmBehaviour
    public var audio: AudioSettings
    public var playback: PlaybackSettings
    public var display: DisplaySettings
    /// The kinds each leaf mode draws from.
    public var pools: [Mode: [ContentKind]]
    /// The language of the screens and the spoken greeting.
    public var language: Language
    public var menu: MenuSettings

    public init(timeZone: TimeZone = TimeZone(secondsFromGMT: 0) ?? .current,
                timer: TimerSettings = TimerSettings(),
                alarm: AlarmSettings? = nil,
                alarmBehaviour: AlarmBehaviour = AlarmBehaviour(),
                audio: AudioSettings = AudioSettings(),
                playback: PlaybackSettings = PlaybackSettings(),
                display: DisplaySettings = DisplaySettings(),
                pools: [Mode: [ContentKind]] = Catalog.defaultPools,
                language: Language = .english,
                menu: MenuSettings = MenuSettings()) {
        self.timeZone = timeZone
        self.timer = timer
        self.alarm = alarm
        self.alarmBehaviour = alarmBehaviour
        self.audio = audio
        self.playback = playback
        self.display = display
        self.pools = pools
        self.language = language
        self.menu = menu
    }

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

    public init(hour: Int, minute: Int, weekdays: Set<Int> = Set(1...7), isEnabled: Bool = true, skipNext: Bool = false) {
        self.hour = hour
        self.minute = minute
        self.weekdays = weekdays
        self.isEnabled = isEnabled
        self.skipNext = skipNext
    }

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
    /// Skip held: seek this far forward ...
    public var seekStepSeconds: Double = 15
    /// ... after holding this long ...
    public var holdSeconds: Double = 0.8
    /// ... and again at this interval while held.
    public var seekRepeatSeconds: Double = 0.5
    /// A saved position resumes when it lies before this fraction of the item.
    public var resumeBelowFraction: Double = 0.95
    /// While playing, progress is saved at most this often.
    public var persistIntervalSeconds: Double = 15
    /// An ambient generator ("rain", "ocean", ...) played quietly under the content while a mode
    /// plays; nil for none.
    public var ambientBed: String?
    /// The bed's level (gain 0...1).
    public var ambientBedLevel: Double = 0.15
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
    /// The now-playing screen shows the sentence being spoken (`[display] captions`).
    public var captions = false
    public init() {}
}

func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
