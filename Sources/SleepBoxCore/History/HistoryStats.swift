/// The figures the statistics screen, the calendar and `sleepbox history stats` show, from the
/// sessions alone. Pure: the nights come from the offsets recorded with each time.
///
/// The rules (docs/history.md):
/// - a night runs from noon to noon in local time and is named by the day it begins on; a
///   session belongs to the night its start falls in (a night across a daylight-saving change is
///   still one night);
/// - a night counts (a calendar mark, a streak) when one session of at least `streakMinutes`
///   minutes heard (pauses excluded) falls in it;
/// - the current streak is the run of counted nights ending with tonight, or with last night while
///   tonight has none yet; the longest is the longest run in the period;
/// - bedtime is the start of the night's first session; the average is taken on the noon-to-noon
///   axis, so 23:30 and 00:30 average to midnight.
public struct HistoryStats: Sendable {
    public let sessions: [SessionRecord]
    public let events: [NightEvent]
    public let streakMinutes: Double

    /// Every night with a session, in order.
    public let nights: [Night]
    /// The nights that count, for the calendar's marks.
    public let countedNights: Set<CivilDay>

    public init(sessions: [SessionRecord], events: [NightEvent] = [], streakMinutes: Double) {
        let sorted = sessions.sorted { $0.startedAt < $1.startedAt }
        self.init(sortedSessions: sorted, events: events.sorted { $0.at < $1.at }, index: NightIndex(sorted),
                  streakMinutes: streakMinutes)
    }

    /// The statistics of the log, from the nights it keeps summed up: no session is looked at again.
    public init(_ log: HistoryLog, streakMinutes: Double) {
        self.init(sortedSessions: log.sessions, events: log.events, index: log.nightIndex, streakMinutes: streakMinutes)
    }

    private init(sortedSessions: [SessionRecord], events: [NightEvent], index: NightIndex, streakMinutes: Double) {
        self.sessions = sortedSessions
        self.events = events
        self.streakMinutes = streakMinutes
        let threshold = streakMinutes * 60 - 1e-6
        nights = index.nights.map {
            Night(day: $0.day, sessions: $0.sessions, heardSeconds: $0.heardSeconds, bedtime: $0.bedtime,
                  counts: $0.longestHeard >= threshold)
        }
        countedNights = Set(nights.filter(\.counts).map(\.day))
    }

    /// The night a moment falls in (wall time and the zone's offset then).
    public static func night(of wall: Double, offset: Int) -> CivilDay {
        CivilDay(localSeconds: wall + Double(offset) - 12 * 3600)
    }

    /// Minutes after noon of a local time (0 at noon, 720 at midnight).
    public static func minutesAfterNoon(_ wall: Double, offset: Int) -> Double {
        let local = wall + Double(offset) - 12 * 3600
        let day = (local / 86400).rounded(.down) * 86400
        return (local - day) / 60
    }

    /// One night that had sessions.
    public struct Night: Sendable, Equatable {
        public var day: CivilDay
        public var sessions: Int
        /// Seconds heard in all its sessions.
        public var heardSeconds: Double
        /// The first session's start, in minutes after noon.
        public var bedtime: Double
        /// True when one session was at least `streakMinutes` long.
        public var counts: Bool
    }

    /// The figures of a stretch of nights.
    public struct Period: Sendable, Equatable, Codable {
        public var first: CivilDay
        public var last: CivilDay
        /// Nights that count.
        public var nights: Int
        /// Whole minutes heard, all sessions.
        public var minutes: Int
        public var sessions: Int
        public var currentStreak: Int
        public var longestStreak: Int
        /// Average bedtime of the counted nights, in minutes after midnight (0..<1440); nil when none.
        public var averageBedtime: Int?

        public init(first: CivilDay, last: CivilDay, nights: Int, minutes: Int, sessions: Int, currentStreak: Int,
                    longestStreak: Int, averageBedtime: Int?) {
            self.first = first
            self.last = last
            self.nights = nights
            self.minutes = minutes
            self.sessions = sessions
            self.currentStreak = currentStreak
            self.longestStreak = longestStreak
            self.averageBedtime = averageBedtime
        }
    }

    /// The nights `first` through `last`; the current streak as of `last`.
    public func period(from first: CivilDay, to last: CivilDay) -> Period {
        let inside = nights.filter { $0.day >= first && $0.day <= last }
        let counted = inside.filter(\.counts)
        // The longest run of counted nights that reaches into the period, counted from its first
        // night (which may be before the period): so "longest" is never less than the streak
        // running now.
        var longest = 0, run = 0, previous: CivilDay? = nil
        for n in nights where n.counts && n.day <= last {
            run = previous.map { n.day.number == $0.number + 1 } ?? false ? run + 1 : 1
            previous = n.day
            if n.day >= first { longest = max(longest, run) }
        }
        let heard = inside.reduce(0) { $0 + $1.heardSeconds }
        var average: Int? = nil
        if !counted.isEmpty {
            let mean = counted.reduce(0) { $0 + $1.bedtime } / Double(counted.count)
            average = (Int(mean.rounded()) + 720) % 1440
        }
        return Period(first: first, last: last, nights: counted.count, minutes: Int((heard / 60).rounded(.down)),
                      sessions: inside.reduce(0) { $0 + $1.sessions }, currentStreak: currentStreak(tonight: last),
                      longestStreak: longest, averageBedtime: average)
    }

    /// This week: Monday's night through tonight's.
    public func week(tonight: CivilDay) -> Period {
        period(from: tonight.adding(1 - tonight.isoWeekday), to: tonight)
    }

    /// All time: the first night with a session through tonight's (tonight's alone when there is
    /// none); its longest streak is the longest ever.
    public func allTime(tonight: CivilDay) -> Period {
        period(from: min(nights.first?.day ?? tonight, tonight), to: tonight)
    }

    /// The last `days` nights, tonight's the last.
    public func lastDays(_ days: Int, tonight: CivilDay) -> Period {
        period(from: tonight.adding(1 - days), to: tonight)
    }

    /// Counted nights in a row up to tonight (or up to last night, while tonight has none yet).
    public func currentStreak(tonight: CivilDay) -> Int {
        let counted = countedNights
        var day = counted.contains(tonight) ? tonight : tonight.adding(-1)
        var n = 0
        while counted.contains(day) {
            n += 1
            day = day.adding(-1)
        }
        return n
    }

    /// What the about screen says of last night.
    public struct LastNight: Sendable, Equatable {
        public var day: CivilDay
        public var title: String
        /// Local hour and minute the first session began.
        public var startHour: Int
        public var startMinute: Int
        /// How the night's last session ended.
        public var ending: SessionEnding
        /// Local time the alarm was dismissed, when it was.
        public var wokeHour: Int?
        public var wokeMinute: Int?
        public var snoozes: Int
    }

    /// Last night: the latest night with a session before tonight, or tonight's itself in the
    /// morning (before noon tonight's night is the one just slept). `now` and `offset` are the
    /// present moment.
    public func lastNight(now: Double, offset: Int) -> LastNight? {
        let tonight = HistoryStats.night(of: now, offset: offset)
        let morning = HistoryStats.minutesAfterNoon(now, offset: offset) >= 720
        guard let night = nights.last(where: { morning ? $0.day <= tonight : $0.day < tonight }) else { return nil }
        let inNight = sessions.filter { HistoryStats.night(of: $0.startedAt, offset: $0.startOffset) == night.day }
        guard let first = inNight.first, let last = inNight.last else { return nil }
        let start = HistoryStats.localTime(first.startedAt, offset: first.startOffset)
        var result = LastNight(day: night.day, title: first.title, startHour: start.hour, startMinute: start.minute,
                               ending: last.ending, wokeHour: nil, wokeMinute: nil, snoozes: 0)
        let nightEvents = events.filter { HistoryStats.night(of: $0.at, offset: $0.offset) == night.day && $0.at >= first.startedAt }
        result.snoozes = nightEvents.filter { $0.kind == .snoozed }.count
        if let woke = nightEvents.last(where: { $0.kind == .dismissed }) {
            let t = HistoryStats.localTime(woke.at, offset: woke.offset)
            result.wokeHour = t.hour
            result.wokeMinute = t.minute
        }
        return result
    }

    /// The local hour and minute of a wall time with its offset.
    public static func localTime(_ wall: Double, offset: Int) -> (hour: Int, minute: Int) {
        let local = wall + Double(offset)
        let seconds = Int((local - (local / 86400).rounded(.down) * 86400).rounded(.down))
        return (seconds / 3600, seconds % 3600 / 60)
    }
}
