/// Nights (the library's row): the nights' statistics, and the calendar a turn or a press opens,
/// where turning goes to earlier months and a press goes back to the statistics.
public struct NightsPage: Sendable, Equatable, PageBehaviour {
    /// nil: the statistics; else the calendar, this many months before the current one.
    public var monthsBack: Int?

    public init(monthsBack: Int? = nil) {
        self.monthsBack = monthsBack
    }

    var page: Page { .nights(self) }

    func screen(_ box: Box, at now: Moment) -> Screen {
        guard let monthsBack else { return .nightStats(box.nightStatsScreen(at: now)) }
        return .calendar(box.calendarScreen(monthsBack, at: now))
    }

    mutating func turned(_ detents: Int, _ box: Box, at now: Moment) {
        guard let back = monthsBack else {
            monthsBack = 0
            return
        }
        monthsBack = min(max(0, back - detents), box.calendarDepth(at: now))
    }

    mutating func pressed(_ box: inout Box, at now: Moment, into out: inout [Command]) -> PageMove {
        monthsBack = monthsBack == nil ? 0 : nil
        return .stay
    }
}
