/// Nights (the library's row): the nights' statistics, where turning shows this week and the
/// last 30 days or all time; a press opens the calendar with its cursor on tonight's night, where
/// turning moves the cursor a night at a time (faster on a fast turn, on into the months before
/// and after) and the screen shows that night's minutes; a press there goes back to the
/// statistics. Holding the knob goes back to the library, as on every page.
public struct NightsPage: Sendable, Equatable, PageBehaviour {
    /// nil: the statistics; else the calendar, its cursor on this night.
    public var cursor: CivilDay?
    /// The statistics show all time (else this week and the last 30 days).
    public var allTime: Bool
    /// Uptime of the last detent, for the knob's acceleration.
    public var lastTurn: Double?

    public init(cursor: CivilDay? = nil, allTime: Bool = false, lastTurn: Double? = nil) {
        self.cursor = cursor
        self.allTime = allTime
        self.lastTurn = lastTurn
    }

    var page: Page { .nights(self) }

    func screen(_ box: Box, at now: Moment) -> Screen {
        guard let cursor else { return .nightStats(box.nightStatsScreen(allTime: allTime, at: now)) }
        return .calendar(box.calendarScreen(cursor: cursor, at: now))
    }

    mutating func turned(_ detents: Int, _ box: Box, at now: Moment) {
        guard let cursor else {
            allTime = detents > 0
            return
        }
        let steps = KnobAcceleration.steps(detents, gap: lastTurn.map { now.uptime - $0 })
        lastTurn = now.uptime
        let range = box.calendarCursorRange(at: now)
        self.cursor = CivilDay(min(max(range.lowerBound.number, cursor.number + steps), range.upperBound.number))
    }

    mutating func pressed(_ box: inout Box, at now: Moment, into out: inout [Command]) -> PageMove {
        cursor = cursor == nil ? box.tonight(at: now) : nil
        lastTurn = nil
        return .stay
    }
}
