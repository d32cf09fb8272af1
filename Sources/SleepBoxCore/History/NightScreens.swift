// The history's two screens: the nights' statistics and the calendar (`Screen.nightStats`,
// `Screen.calendar`).

/// The nights' statistics: a table of two columns (this week, the last 30 days).
public struct NightStatsScreen: Sendable, Equatable {
    /// "Nights".
    public var title: String
    /// The two columns' heads: "Week", "30 d".
    public var columns: [String]
    /// Each row: its label and one value per column ("5", "212", "23:10", "-").
    public var rows: [(label: String, values: [String])]

    public init(title: String, columns: [String], rows: [(label: String, values: [String])]) {
        self.title = title
        self.columns = columns
        self.rows = rows
    }

    public static func == (a: NightStatsScreen, b: NightStatsScreen) -> Bool {
        a.title == b.title && a.columns == b.columns && a.rows.map(\.label) == b.rows.map(\.label)
            && a.rows.map(\.values) == b.rows.map(\.values)
    }
}

/// A month of nights: a mark on each day whose night counted, a cursor on one night, its minutes.
public struct CalendarScreen: Sendable, Equatable {
    /// "Nov 2026" (the month's first three letters).
    public var title: String
    /// The weekday letters, Monday first.
    public var weekdays: [String]
    /// The first day's weekday (1 = Monday ... 7 = Sunday) and how many days the month has.
    public var firstWeekday: Int
    public var days: Int
    /// Days (1...) whose night counted.
    public var marked: Set<Int>
    /// Today's day when the month is the current one.
    public var today: Int?
    /// Whether the knob can go to an earlier or a later month.
    public var hasEarlier: Bool
    public var hasLater: Bool
    /// The day under the cursor (1...), nil for none, and its night's minutes: "42 min".
    public var cursor: Int?
    public var cursorText: String
    /// The month in full, as it is said: "November 2026".
    public var monthName: String

    public init(title: String, weekdays: [String], firstWeekday: Int, days: Int, marked: Set<Int>, today: Int?,
                hasEarlier: Bool, hasLater: Bool, cursor: Int? = nil, cursorText: String = "", monthName: String = "") {
        self.cursor = cursor
        self.cursorText = cursorText
        self.monthName = monthName.isEmpty ? title : monthName
        self.title = title
        self.weekdays = weekdays
        self.firstWeekday = firstWeekday
        self.days = days
        self.marked = marked
        self.today = today
        self.hasEarlier = hasEarlier
        self.hasLater = hasLater
    }
}
