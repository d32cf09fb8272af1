/// What the 128x64 display should show, as data. `SleepBoxUI` turns it into pixels.
///
/// The core derives it from the state and the time (`Box.display(at:)`); nothing here knows
/// about fonts or pixels.
public enum Screen: Sendable, Equatable {
    /// The idle clock with the evening greeting, the next alarm and a running timer.
    case idle(IdleScreen)
    /// An item playing or paused.
    case nowPlaying(NowPlayingScreen)
    /// The sleep-timer choice, opened by the timer button.
    case timerChoice(TimerChoiceScreen)
    /// The volume bar, shown for 2 s after a knob turn.
    case volume(percent: Int)
    /// The alarm ringing (or snoozed).
    case alarm(AlarmScreen)
    /// The pulsing three-dot mark while one mode crossfades into the next; `litDot` is 0, 1 or 2.
    case transition(litDot: Int)
    /// An item (or a whole pool) whose audio is not there yet.
    case comingSoon(title: String)
    /// A short confirmation, e.g. "Timer off".
    case message(String)
    /// The library menu (knob held): categories, or the items of one.
    case menu(MenuScreen)
    /// A breathing exercise in its paced phase: the breath to follow.
    case breathing(BreathingScreen)
    /// The meditation timer running: the time left, or the breathing guide with it.
    case meditationTimer(TimerSessionScreen)
    /// A nap running: the time left and when the gentle alarm wakes.
    case nap(TimerSessionScreen)
    /// The bedtime reminder's note.
    case reminder(ReminderScreen)
    /// The nights' statistics: this week and the last 30 days.
    case nightStats(NightStatsScreen)
    /// A month with a mark on each night that counted.
    case calendar(CalendarScreen)
    /// The end of a practice: "Well done" and what was done.
    case completion(CompletionScreen)
    /// The companion's pairing code (Settings > Connect > Pair a device).
    case pairing(PairingScreen)

    /// A short name for traces.
    public var name: String {
        switch self {
        case .idle: return "idle"
        case .nowPlaying: return "nowPlaying"
        case .timerChoice: return "timerChoice"
        case .volume: return "volume"
        case .alarm: return "alarm"
        case .transition: return "transition"
        case .comingSoon: return "comingSoon"
        case .message: return "message"
        case .menu: return "menu"
        case .breathing: return "breathing"
        case .meditationTimer: return "meditationTimer"
        case .nap: return "nap"
        case .reminder: return "reminder"
        case .nightStats: return "nightStats"
        case .calendar: return "calendar"
        case .completion: return "completion"
        case .pairing: return "pairing"
        }
    }
}

public struct IdleScreen: Sendable, Equatable {
    /// "Good morning", "Good afternoon", "Good evening", "Wind down", "Ready for sleep?".
    public var greeting: String
    /// Local time of day.
    public var hour: Int
    public var minute: Int
    /// The next alarm, e.g. "Mon 06:45", or nil when none is set.
    public var nextAlarm: String?
    /// Seconds left on a running sleep timer, or nil.
    public var timerRemaining: Double?
    /// True while the system clock is not known to be right.
    public var clockUnset: Bool
    /// The big clock in 24-hour form (false: 12-hour).
    public var twentyFourHour = true
    /// The state is kept in memory only (the state folder cannot be written): the greeting's
    /// place says "State not saved".
    public var stateNotSaved = false
    /// The light is on (the dawn, the night light, the hold after the alarm): a small sun left
    /// of the clock.
    public var lightOn = false
    /// The clock, the night face (no digits) or large digits.
    public var face = IdleFace.clock
    /// On the night face, for a few seconds after a press of skip: the time left, in words.
    public var timeLeft: String?
    /// A missed alarm, told until a button is pressed.
    public var missedAlarm: MissedAlarmNotice?

    public init(greeting: String, hour: Int, minute: Int, nextAlarm: String?, timerRemaining: Double?, clockUnset: Bool = false) {
        self.greeting = greeting
        self.hour = hour
        self.minute = minute
        self.nextAlarm = nextAlarm
        self.timerRemaining = timerRemaining.map(ShownSeconds.left)
        self.clockUnset = clockUnset
    }
}

public struct NowPlayingScreen: Sendable, Equatable {
    /// Meditation shows a leaf, poetry theatre masks.
    public var mode: Mode
    public var title: String
    /// Seconds played and the item's length, for the progress bar.
    public var elapsed: Double
    public var duration: Double
    public var isPaused: Bool
    /// The sleep timer: seconds left, or nil when no timer runs.
    public var timerRemaining: Double?
    /// True when the timer is set to stop at the end of this item.
    public var stopsAtEnd: Bool
    /// What kind of item plays: each kind has its own icon (nil: the mode's).
    public var kind: ContentKind?
    /// With captions on for a spoken item: the sentence being spoken now, empty between
    /// sentences (the screen keeps its captions layout); nil with captions off or for an item
    /// without speech.
    public var caption: String?
    /// True for a sound that works only through headphones: the status row says "Headphones".
    public var needsHeadphones: Bool
    /// For a moment after a seek by hand: how far it went ("+15 s"), in the status row.
    public var seekMark: String?
    /// A guided session's phase ("Teaching"), beside the play mark; nil for other items.
    public var phase: String? = nil
    /// The mode the leaf is in ("Meditation", "Poetry"), nil when it is off: the status row
    /// says it when it has nothing else to say, beside the kind's icon.
    public var modeName: String?

    public init(mode: Mode, title: String, elapsed: Double, duration: Double, isPaused: Bool,
                timerRemaining: Double?, stopsAtEnd: Bool, kind: ContentKind? = nil, caption: String? = nil,
                needsHeadphones: Bool = false, modeName: String? = nil) {
        self.needsHeadphones = needsHeadphones
        self.modeName = modeName
        self.kind = kind
        self.caption = caption
        self.mode = mode
        self.title = title
        self.elapsed = ShownSeconds.played(elapsed)
        self.duration = duration
        self.isPaused = isPaused
        self.timerRemaining = timerRemaining.map(ShownSeconds.left)
        self.stopsAtEnd = stopsAtEnd
    }
}

public struct TimerChoiceScreen: Sendable, Equatable {
    /// Labels in knob order, e.g. ["Off", "15 min", ..., "End of content"].
    public var options: [String]
    public var selected: Int

    public init(options: [String], selected: Int) {
        self.options = options
        self.selected = selected
    }
}

public struct AlarmScreen: Sendable, Equatable {
    /// Local time of day now.
    public var hour: Int
    public var minute: Int
    /// True while snoozed (the screen shows how long is left instead of ringing).
    public var isSnoozed: Bool
    /// Seconds until a snoozed alarm rings again.
    public var snoozeRemaining: Double?
    /// True while the wake greeting is being spoken.
    public var isGreeting: Bool
    /// The alarm rings without sound (the device lost): the screen says so and blinks.
    public var withoutSound = false
    /// While blinking: whether this is the half second it shows (the other shows it inverted).
    public var blinkOn = true

    public init(hour: Int, minute: Int, isSnoozed: Bool, snoozeRemaining: Double?, isGreeting: Bool) {
        self.hour = hour
        self.minute = minute
        self.isSnoozed = isSnoozed
        self.snoozeRemaining = snoozeRemaining.map(ShownSeconds.left)
        self.isGreeting = isGreeting
    }
}

public struct MenuScreen: Sendable, Equatable {
    /// "Library" at the top level, else the category's name.
    public var title: String
    public var rows: [MenuRow]
    /// The row the knob points at.
    public var selected: Int
    /// Shown under the rows when a list has no items ("Nothing here yet").
    public var hint: String?
    /// How long the selected row has been selected, in whole marquee frames
    /// (`Box.marqueeFrameSeconds`) of the box's clock: a label too long for its row scrolls by
    /// this (the renderer decides how far), so the same moment always draws the same frame.
    public var marqueeSeconds: Double

    public init(title: String, rows: [MenuRow], selected: Int, hint: String? = nil, marqueeSeconds: Double = 0) {
        self.title = title
        self.rows = rows
        self.selected = selected
        self.hint = hint
        self.marqueeSeconds = marqueeSeconds
    }
}

/// One line of the menu.
public struct MenuRow: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Up to the top level.
        case back
        /// A category: opens its list.
        case category
        /// An item: plays it.
        case item
        /// Does something at once (restart the item, start a timer, skip tonight).
        case action
        /// A setting: the press lets the knob change its value (`detail`), the next press takes it.
        case setting
    }

    public var kind: Kind
    public var label: String
    /// Right-aligned and small: an item's length ("12 min"), how far it got ("40%"), "soon", or
    /// a category's count.
    public var detail: String?
    /// Marked as a favourite (a small heart before the label).
    public var isFavorite: Bool
    /// False for an item coming soon (drawn dimmed: dotted, not playable).
    public var isAvailable: Bool
    /// A setting row whose value the knob is changing now (drawn between arrows).
    public var isEditing: Bool

    public init(kind: Kind, label: String, detail: String? = nil, isFavorite: Bool = false, isAvailable: Bool = true,
                isEditing: Bool = false) {
        self.kind = kind
        self.isEditing = isEditing
        self.label = label
        self.detail = detail
        self.isFavorite = isFavorite
        self.isAvailable = isAvailable
    }
}

public struct BreathingScreen: Sendable, Equatable {
    public var title: String
    /// What the breath does now, and the word for it ("Breathe in").
    public var step: BreathStep.Kind
    public var label: String
    /// How full the lungs are, 0...1: the animation's circle grows with it.
    public var fullness: Double
    /// Whole seconds left in this step (counts down 4, 3, 2, 1).
    public var secondsLeft: Int
    /// The cycle (from 1) and how many there are.
    public var cycle: Int
    public var cycles: Int
    public var isPaused: Bool
    /// The sleep timer: seconds left, or nil when no timer runs.
    public var timerRemaining: Double?

    public init(title: String, step: BreathStep.Kind, label: String, fullness: Double, secondsLeft: Int, cycle: Int,
                cycles: Int, isPaused: Bool, timerRemaining: Double?) {
        self.title = title
        self.step = step
        self.label = label
        self.fullness = fullness
        self.secondsLeft = secondsLeft
        self.cycle = cycle
        self.cycles = cycles
        self.isPaused = isPaused
        self.timerRemaining = timerRemaining.map(ShownSeconds.left)
    }
}

/// The meditation timer or the nap running.
public struct TimerSessionScreen: Sendable, Equatable {
    /// "Meditation timer", "Nap".
    public var title: String
    /// Seconds left.
    public var remaining: Double
    /// A small line under the countdown: the bed ("Rain", "Silence") or the wake time ("Alarm 23:10").
    public var note: String?
    /// The breathing guide now (its `timerRemaining` is the session's), or nil when off or
    /// between its cycles.
    public var breath: BreathingScreen?

    public init(title: String, remaining: Double, note: String?, breath: BreathingScreen? = nil) {
        self.title = title
        self.remaining = ShownSeconds.left(remaining)
        self.note = note
        self.breath = breath
    }
}

/// The bedtime reminder's note.
public struct ReminderScreen: Sendable, Equatable {
    /// "Time to wind down".
    public var text: String
    /// The local time now.
    public var hour: Int
    public var minute: Int
    /// What the knob does here: "press: later", "hold: skip tonight".
    public var laterHint: String
    public var skipHint: String

    public init(text: String, hour: Int, minute: Int, laterHint: String, skipHint: String) {
        self.text = text
        self.hour = hour
        self.minute = minute
        self.laterHint = laterHint
        self.skipHint = skipHint
    }
}

/// A screen as it appears on the panel: the screen, night dimming and the burn-in shift.
public struct DisplayFrame: Sendable, Equatable {
    public var screen: Screen
    /// Night: the panel runs at low contrast.
    public var dimmed: Bool
    /// Burn-in protection: the whole content moves by this many pixels (0 or 1 each).
    public var shiftX: Int
    public var shiftY: Int
    /// The language of the words the renderer adds itself ("Sleep timer", "Paused").
    public var language: Language
    /// The panel's brightness, in percent of its usable range (day or night, as `dimmed` says).
    public var brightness: Int = 50

    public init(screen: Screen, dimmed: Bool = false, shiftX: Int = 0, shiftY: Int = 0, language: Language = .english) {
        self.screen = screen
        self.dimmed = dimmed
        self.shiftX = shiftX
        self.shiftY = shiftY
        self.language = language
    }
}

/// Times as the display shows them: whole seconds. The screen model holds no finer time than the
/// panel can show, so a screen that only moved on by a fraction of a second compares equal to the
/// last one and the runner neither renders nor sends it: a playing minute is at most one frame
/// a second, however often the sound side wakes the loop.
enum ShownSeconds {
    /// Time played, rounded down ("0:41" until 42 s have been heard); 0 when not a finite,
    /// positive number.
    static func played(_ seconds: Double) -> Double {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        return seconds.rounded(.down)
    }

    /// Time left, rounded up (it reads 0:00 only at the very end); 0 when not a finite, positive
    /// number.
    static func left(_ seconds: Double) -> Double {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        return seconds.rounded(.up)
    }
}
