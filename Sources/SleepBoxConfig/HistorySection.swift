import SleepBoxTOML

/// `[history]`: what counts as a night in the statistics, the calendar and the streaks.
enum HistorySection {
    static let streakMinutes = TOMLRange(1, 240, unit: "minutes")

    static let section = TOMLSection<ConfigDraft>("history", keys: [
        .number("streak_minutes", streakMinutes, into: \.config.history.streakMinutes),
    ])
}
