import SleepBoxCore
import Testing
@testable import SleepBoxTools

/// The history chart's x-axis names the month at each label where it changes.
@Suite struct HistoryChartAxisTests {
    @Test func eachMonthIsNamedWhereItChanges() {
        // 90 nights from 30 August, every 14th labelled (and the last).
        let first = CivilDay(year: 2026, month: 8, day: 30)
        let days = (0..<90).map { first.adding($0).fields }
        let labels = HistoryTool.axisLabels(days, every: 14, config: BoxConfig())
        let shown = stride(from: 0, to: 90, by: 14).map { labels[$0] } + [labels[89]]
        #expect(shown == ["Aug 30", "Sep 13", "27", "Oct 11", "25", "Nov 8", "22", "27"])
    }

    @Test func aMonthWithinOneMonthIsNamedOnce() {
        let first = CivilDay(year: 2026, month: 11, day: 1)
        let days = (0..<30).map { first.adding($0).fields }
        let labels = HistoryTool.axisLabels(days, every: 7, config: BoxConfig())
        #expect([0, 7, 14, 21, 28, 29].map { labels[$0] } == ["Nov 1", "8", "15", "22", "29", "30"])
    }
}
