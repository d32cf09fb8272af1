/// The date and the time being set on the box: year, month, day, hour and minute, each with the
/// knob, a press moving to the next; the press on the minute sets the clock.
public struct ClockEditor: Sendable, Equatable {
    public enum Field: Int, Sendable, CaseIterable { case year, month, day, hour, minute }

    public var year, month, day, hour, minute: Int
    public var field: Field
    /// Uptime of the last detent, for the knob's acceleration.
    public var lastTurn: Double?

    /// Starts at the local time `f` (what the box believes now).
    public init(from f: LocalFields, field: Field = .year, lastTurn: Double? = nil) {
        year = f.year
        month = f.month
        day = f.day
        hour = f.hour
        minute = f.minute
        self.field = field
        self.lastTurn = lastTurn
    }

    /// Years the clock can be set to.
    public static let years = 2024...2099

    /// The open field moved by `steps`: the year stops at its ends, the rest wrap around; the day
    /// stays within the month (`daysInMonth`).
    public mutating func turn(_ steps: Int, daysInMonth: (Int, Int) -> Int) {
        func wrap(_ v: Int, _ low: Int, _ count: Int) -> Int { ((v - low + steps) % count + count) % count + low }
        switch field {
        case .year: year = min(max(Self.years.lowerBound, year + steps), Self.years.upperBound)
        case .month: month = wrap(month, 1, 12)
        case .day: day = wrap(day, 1, daysInMonth(year, month))
        case .hour, .minute:
            // The time as the value picker sets every time: the hour, then the minute, round the clock.
            var time = ValuePicker.time(hour: hour, minute: minute)
            if field == .minute { _ = time.press() }
            time.turn(steps, at: 0)
            hour = time.hour
            minute = time.minute
        }
        day = min(day, daysInMonth(year, month))
    }
}
