/// Everything the box knows. One value, changed only by `Box.handle(_:at:)`.
public struct BoxState: Sendable, Equatable {
    public var mode: Mode = .off
    /// The last mode other than off (persisted; the display and the next start use it).
    public var lastMode: Mode = .meditation
    public var phase: Phase = .idle
    /// Master volume, 0...100.
    public var volume: Int
    public var timer: SleepTimer?
    /// The choice the timer button opens at: the last one committed.
    public var timerPreference: TimerChoice = .off
    /// The alarms by slot (`BoxConfig.alarmSlots` of them); nil for a slot not set.
    public var alarms: [AlarmSettings?]
    /// The first alarm (the one `[alarm]` and the older single-alarm requests name).
    public var alarm: AlarmSettings? {
        get { alarms.first ?? nil }
        set { alarms[0] = newValue }
    }
    /// The slot of the alarm that rang last: its snooze and its sound.
    public var ringingAlarm = 0
    public var alarmLog = AlarmLog()
    /// The owner's settings made on the box (`OwnerSetting`): each wins over the configuration
    /// file until changed on the box again.
    public var settings = OwnerSettings()
    /// What the runner knows that the core does not (version, free space), for the about screen.
    public var about = AboutFacts()
    /// True when the night's content ended by itself or by the sleep timer (the morning greeting
    /// mentions it); cleared by stopping by hand, by starting something new, and by the greeting.
    public var contentCompleted = false
    /// What played last (for the greeting).
    public var lastTitle: String?
    /// Saved positions, by item.
    public var progress: [ItemID: ProgressEntry] = [:]
    /// Real lengths the audio side measured, by item (kept across restarts: an estimate never
    /// replaces one).
    public var measuredLengths: [ItemID: Double] = [:]
    public var overlay: Overlay?
    /// Buttons down now, with what their press has done so far (the input decoder times holds).
    public var pressed: [Button: PressUse] = [:]
    public var shuffle: [Mode: ShuffleBag] = [:]
    public var rng: SplitMix64
    /// Uptime of the last periodic save while playing.
    public var lastPersistUptime: Double = 0
    /// Where the wall clock's time came from (the runner reports it; the simulator's virtual
    /// clock is right by definition, so the box assumes a synchronised one until told otherwise).
    public var clockSource: ClockSource = .ntp
    /// False while the system clock is not known to be right (the idle screen marks it).
    public var clockTrusted: Bool { clockSource.isTrusted }
    /// True while the ambient bed plays under the content.
    public var bedPlaying = false
    /// The bed playing is the one started after an item for the rest of a sleep timer
    /// (`TimerSettings.bedAfterItem`): the next item stops it.
    public var bedAfterItem = false
    /// False while the sound device is gone (the box goes on; sound resumes when it is back).
    public var audioAvailable = true
    /// Items the audio side could not play since the box started: never picked again.
    public var unplayable: Set<ItemID> = []
    /// The owner's favourites, in the order they were marked (persisted).
    public var favorites: [ItemID] = []
    /// The mixes the owner made on the box, by number (persisted; the library lists them).
    public var ownerMixes: [OwnerMix] = []
    /// Where the speech of the item playing pauses (reported by the audio side once it has laid
    /// the item out): the sleep-timer fade waits for one of these.
    public var speechPauses: SpeechPauses?
    /// A meditation timer or a nap running.
    public var session: TimerSession?
    /// The meditation timer as the owner set it up on the box (nil: the configuration's).
    public var meditationChoice: MeditationChoice?
    /// The bedtime reminder's time, days and switch as set on the box (nil: the configuration's).
    public var reminder: AlarmSettings?
    public var reminderLog = ReminderLog()
    /// The sentences of the item playing and their times (reported by the audio side with the
    /// pauses): the now-playing screen's caption.
    public var captions: Captions?
    /// After a restore: how far the sleeper is known to have heard the item that resumed a little
    /// before it. Saves keep it until the sound gets past it, so a crash soon after resuming
    /// resumes before the same place again rather than a little further back each time. Leaving
    /// the item or seeking in it by hand lets it go.
    public var heard: HeardMark?
    /// The session being heard now (an item, or a meditation timer or a nap), for the history.
    public var openSession: OpenSession?
    /// The sessions and night events recorded (loaded at start, added to as they happen).
    public var history = HistoryLog()
    /// The mark of the last seek by hand, while it shows (never saved).
    public var seekMark: SeekMark?
    /// The light: what it was last commanded, the night light, the alarm's hold (`Box+Light`).
    public var light = LightState()
    /// The companion's switch, its epoch and the pairing page's code (`Box+Companion`).
    public var companion = CompanionState()

    public init(volume: Int, alarm: AlarmSettings?, seed: UInt64) {
        self.init(volume: volume, alarms: [alarm], seed: seed)
    }

    public init(volume: Int, alarms: [AlarmSettings?], seed: UInt64) {
        self.volume = volume
        var slots = Array(alarms.prefix(BoxConfig.alarmSlots))
        slots += Array(repeating: nil, count: BoxConfig.alarmSlots - slots.count)
        self.alarms = slots
        self.rng = SplitMix64(seed: seed)
    }

    /// The item playing, paused, fading or being crossfaded to.
    public var playback: Playback? {
        switch phase {
        case .playing(let p), .paused(let p): return p
        case .crossfading(_, let to, _, _, _): return to
        case .fadingOut(let p, _, _, _): return p
        case .idle, .ringing, .greeting, .snoozed: return nil
        }
    }

    /// The alarm has the box: ringing, greeting or snoozed (see `Phase.isAlarmActive`).
    public var isAlarmActive: Bool { phase.isAlarmActive }
}

public enum CrossfadeReason: String, Sendable, Equatable {
    /// The leaf moved to another mode: the screen shows the transition dots.
    case modeChange
    /// Skip moved to the next item of the same pool.
    case skip
}

public enum FadeReason: String, Sendable, Equatable {
    /// The leaf turned the box off.
    case stoppedByHand
    /// The sleep timer ran out.
    case sleepTimer
}

/// An item and where it is: `position` seconds at uptime `anchor`; while playing the position
/// moves on with the clock.
public struct Playback: Sendable, Equatable {
    public var item: ItemID
    public var position: Double
    public var anchor: Double

    public init(item: ItemID, position: Double, anchor: Double) {
        self.item = item
        self.position = position
        self.anchor = anchor
    }

    /// Position at `uptime` when running, capped at `duration`.
    public func position(at uptime: Double, running: Bool, duration: Double) -> Double {
        let p = running ? position + max(0, uptime - anchor) : position
        return min(max(0, p), duration)
    }
}

/// A running sleep timer.
public struct SleepTimer: Sendable, Equatable {
    public var choice: TimerChoice
    /// Uptime at which it runs out; nil for End of content.
    public var deadline: Double?
    /// Its whole length in seconds; nil for End of content.
    public var length: Double?
    /// True once it has run out in the middle of speech: `deadline` is then the next pause, where
    /// the fade begins.
    public var waitingForPause: Bool

    public init(choice: TimerChoice, deadline: Double?, length: Double?, waitingForPause: Bool = false) {
        self.choice = choice
        self.deadline = deadline
        self.length = length
        self.waitingForPause = waitingForPause
    }
}

/// A ring in progress.
public struct AlarmRing: Sendable, Equatable {
    /// Uptime the ring started.
    public var since: Double
    /// The greeting is still to be spoken in this ring.
    public var greetingPending: Bool

    public init(since: Double, greetingPending: Bool) {
        self.since = since
        self.greetingPending = greetingPending
    }
}

/// What the alarm has done, so it never rings twice for one instant.
public struct AlarmLog: Sendable, Equatable, Codable {
    /// Wall time up to which alarm instants have been looked at.
    public var checkedUntil: Double?
    /// The last instant that rang, was skipped or was missed.
    public var lastHandled: Double?
    /// The last instant noticed too late to ring.
    public var lastMissed: Double?
    /// The last instant skipped by "skip next".
    public var lastSkipped: Double?
    /// The last instant that rang (not one skipped or missed): the idle screen says good morning
    /// until noon that day. Absent in files written before it existed.
    public var lastRang: Double?
    /// The last alarm missed, until a button is pressed: the idle screen tells it. Absent in
    /// files written before it existed.
    public var untold: MissedAlarm?

    public init() {}
}

/// A saved position.
public struct ProgressEntry: Sendable, Equatable, Codable {
    public var position: Double
    public var duration: Double
    /// Wall time of the save, for "continue listening" order.
    public var updated: Double

    public init(position: Double, duration: Double, updated: Double) {
        self.position = position
        self.duration = duration
        self.updated = updated
    }

    public var fraction: Double { duration > 0 ? position / duration : 0 }
}

/// A screen shown over the current one for a while.
public enum Overlay: Sendable, Equatable {
    /// The timer choice: `selected` indexes the options; commits itself at `commitAt` (uptime).
    case timerChoice(selected: Int, commitAt: Double)
    case volume(until: Double)
    case message(String, until: Double)
    case comingSoon(title: String, until: Double)
    /// The pages the owner moves through (the library, Timers, Nights, the alarms, the settings
    /// and their editors), bottom first, the top one shown; open until `until` (uptime) unless
    /// used. Closing them by any way but a commit changes nothing.
    case pages([Page], until: Double)
    /// The bedtime reminder's note ("Time to wind down"), up until `until` unless answered.
    case reminder(until: Double)
    /// On the night face, after a press of skip: the time left until the alarm, in words.
    case timeLeft(until: Double)
    /// The end of a practice: what was done (`Box+Completion`), until any button or `until`.
    case completion(Completion, until: Double)

    var expiry: Double {
        switch self {
        case .timerChoice(_, let t), .volume(let t), .message(_, let t), .comingSoon(_, let t), .pages(_, let t),
             .reminder(let t), .timeLeft(let t), .completion(_, let t):
            return t
        }
    }
}

/// The pauses in an item's speech, in seconds from its start.
public struct SpeechPauses: Sendable, Equatable {
    public var item: ItemID
    /// Silent stretches between spoken ones, in order.
    public var pauses: [ClosedRange<Double>]

    public init(item: ItemID, pauses: [ClosedRange<Double>]) {
        self.item = item
        self.pauses = pauses
    }

    /// Where the fade should begin for a timer running out at `position`: `position` itself when
    /// it lies in a pause (or no speech follows), else the start of the next pause; nil when that
    /// is further away than `grace` seconds.
    public func fadeStart(after position: Double, grace: Double) -> Double? {
        for pause in pauses {
            if pause.contains(position) { return position }
            if pause.lowerBound > position {
                return pause.lowerBound - position <= grace ? pause.lowerBound : nil
            }
        }
        return position
    }
}
