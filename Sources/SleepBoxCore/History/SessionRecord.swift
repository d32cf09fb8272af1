/// One session as the history keeps it: an item heard, or a meditation timer or a nap, from its
/// start to its end. Times are wall-clock seconds since 1970 (UTC) with the local time zone's
/// offset at each, so a night reads the same after the zone or the clock changes.
public struct SessionRecord: Sendable, Equatable, Codable {
    /// The item's id, or "meditation-timer" / "nap" for the timers.
    public var itemID: String
    /// The item's kind (`ContentKind`'s raw value), or "meditationTimer" / "nap".
    public var kind: String
    public var title: String
    public var startedAt: Double
    /// Seconds east of UTC at the start and at the end.
    public var startOffset: Int
    public var endedAt: Double
    public var endOffset: Int
    /// Seconds actually heard: pauses excluded.
    public var heardSeconds: Double
    public var ending: SessionEnding
    /// Whole breathing cycles done, for a breathing exercise or a meditation timer with its guide.
    public var breathingCycles: Int?
    /// The meditation timer's (or the nap's) length in minutes.
    public var timerMinutes: Double?

    public init(itemID: String, kind: String, title: String, startedAt: Double, startOffset: Int, endedAt: Double,
                endOffset: Int, heardSeconds: Double, ending: SessionEnding, breathingCycles: Int? = nil,
                timerMinutes: Double? = nil) {
        self.itemID = itemID
        self.kind = kind
        self.title = title
        self.startedAt = startedAt
        self.startOffset = startOffset
        self.endedAt = endedAt
        self.endOffset = endOffset
        self.heardSeconds = heardSeconds
        self.ending = ending
        self.breathingCycles = breathingCycles
        self.timerMinutes = timerMinutes
    }

    /// What makes a session the same one twice (a crash record for a session already written is
    /// the same session): its item and its start, to the millisecond.
    public var key: String { itemID + "@" + String(Int64((startedAt * 1000).rounded())) }
}

/// How a session ended.
public enum SessionEnding: String, Sendable, Equatable, Codable, CaseIterable {
    /// Played to its end (or the meditation timer's closing bell).
    case finished
    /// The sleep timer faded it out.
    case sleepTimer
    /// Stopped by hand (the leaf, a timer started over it, the alarm).
    case stopped
    /// Skipped to another item.
    case skipped
    /// The box was killed or lost power while it played: closed at the next start, with the time
    /// heard up to the last save.
    case crash
}

/// Something that happened in a night besides the sessions.
public struct NightEvent: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Equatable, Codable, CaseIterable {
        /// An alarm (or the nap's) began to ring; `planned` is the time it was set for.
        case alarmRang
        case snoozed
        case dismissed
        /// The wake greeting was spoken.
        case greetingSpoken
        /// The bedtime reminder's note was shown.
        case reminderShown
        /// An alarm rang while the sound device was lost or failing: the light and the display
        /// woke the sleeper alone.
        case rangWithoutSound
    }

    public var kind: Kind
    /// Wall time it happened, and the zone's offset then.
    public var at: Double
    public var offset: Int
    public var planned: Double?

    public init(kind: Kind, at: Double, offset: Int, planned: Double? = nil) {
        self.kind = kind
        self.at = at
        self.offset = offset
        self.planned = planned
    }

    public var key: String { kind.rawValue + "@" + String(Int64((at * 1000).rounded())) }
}

/// What the core hands the store (`Command.record`).
public enum HistoryRecord: Sendable, Equatable {
    case session(SessionRecord)
    case event(NightEvent)
    /// A night the store summed up instead of handing over its sessions (one before the last
    /// nights, which come whole): read from the store, never written to it.
    case night(NightIndex.Summary)

    public var key: String {
        switch self {
        case .session(let s): return "s:" + s.key
        case .event(let e): return "e:" + e.key
        case .night(let n): return "n:" + String(n.day.number)
        }
    }
}
