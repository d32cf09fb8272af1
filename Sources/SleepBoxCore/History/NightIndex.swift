/// The nights that had sessions, each summed up, in order: kept beside the history as sessions
/// are added, so the statistics, the calendar and the about screen read a night per day instead of
/// grouping every session ever recorded on each display.
public struct NightIndex: Sendable, Equatable {
    /// One night's sessions summed up.
    public struct Summary: Sendable, Equatable {
        public var day: CivilDay
        public var sessions: Int
        /// Seconds heard in all its sessions, summed in start order.
        public var heardSeconds: Double
        /// The first session's start, in minutes after noon.
        public var bedtime: Double
        /// The longest single session's seconds heard (whether the night counts).
        public var longestHeard: Double

        public init(day: CivilDay, sessions: Int, heardSeconds: Double, bedtime: Double, longestHeard: Double) {
            self.day = day
            self.sessions = sessions
            self.heardSeconds = heardSeconds
            self.bedtime = bedtime
            self.longestHeard = longestHeard
        }
    }

    public private(set) var nights: [Summary] = []

    public init() {}

    /// The index of `sessions` (in start order).
    public init(_ sessions: [SessionRecord]) {
        for s in sessions { appendInOrder(s) }
    }

    /// The nights `summaries` (in order of day, summed up by the store) and then `sessions` (in
    /// start order).
    public init(summaries: [Summary], sessions: [SessionRecord]) {
        nights = summaries
        for s in sessions { appendInOrder(s) }
    }

    /// Adds a night summed up elsewhere, after every night added before.
    mutating func appendSummary(_ n: Summary) { nights.append(n) }

    /// Adds a session that started after every session added before (its night may still be
    /// before the last one, after a change of time zone).
    public mutating func appendInOrder(_ s: SessionRecord) {
        let day = HistoryStats.night(of: s.startedAt, offset: s.startOffset)
        if let last = nights.indices.last, nights[last].day == day {
            nights[last].sessions += 1
            nights[last].heardSeconds += s.heardSeconds
            nights[last].longestHeard = max(nights[last].longestHeard, s.heardSeconds)
            return
        }
        if let last = nights.last, last.day > day, let i = nights.firstIndex(where: { $0.day >= day }) {
            // An earlier night after a later one: find it (rare; keeps the order).
            if nights[i].day == day {
                nights[i].sessions += 1
                nights[i].heardSeconds += s.heardSeconds
                nights[i].longestHeard = max(nights[i].longestHeard, s.heardSeconds)
            } else {
                nights.insert(summary(s, day), at: i)
            }
            return
        }
        nights.append(summary(s, day))
    }

    private func summary(_ s: SessionRecord, _ day: CivilDay) -> Summary {
        Summary(day: day, sessions: 1, heardSeconds: s.heardSeconds,
                bedtime: HistoryStats.minutesAfterNoon(s.startedAt, offset: s.startOffset), longestHeard: s.heardSeconds)
    }
}
