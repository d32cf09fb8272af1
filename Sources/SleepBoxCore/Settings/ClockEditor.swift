/// The date and the time being set on the box: year, month, day, hour and minute, one value
/// picker (`ValuePicker.dateAndTime`), each with the knob, a press moving to the next; the press
/// on the minute sets the clock.
public struct ClockEditor: Sendable, Equatable {
    public enum Field: Int, Sendable, CaseIterable { case year, month, day, hour, minute }

    /// The five fields, the open one the field a turn moves.
    public var picker: ValuePicker

    /// Starts at the local time `f` (what the box believes now).
    public init(from f: LocalFields, field: Field = .year, lastTurn: Double? = nil) {
        let years = Self.years
        var picker = ValuePicker.dateAndTime(year: f.year, month: f.month, day: f.day, hour: f.hour, minute: f.minute,
                                             years: years.lowerBound...years.upperBound,
                                             daysInMonth: LocalClock.daysInMonth(year: min(max(years.lowerBound, f.year), years.upperBound), month: f.month))
        picker = ValuePicker(fields: picker.fields, open: field.rawValue, lastTurn: lastTurn)
        self.picker = picker
    }

    /// Years the clock can be set to.
    public static let years = 2024...2099

    /// The field a turn moves.
    public var field: Field { Field(rawValue: picker.open) ?? .minute }
    public var year: Int { get { picker.values[0] } set { set(.year, newValue) } }
    public var month: Int { get { picker.values[1] } set { set(.month, newValue) } }
    public var day: Int { get { picker.values[2] } set { set(.day, newValue) } }
    public var hour: Int { get { picker.values[3] } set { set(.hour, newValue) } }
    public var minute: Int { get { picker.values[4] } set { set(.minute, newValue) } }
    /// Uptime of the last detent, for the knob's acceleration.
    public var lastTurn: Double? { picker.lastTurn }

    private mutating func set(_ f: Field, _ value: Int) {
        picker.set(f.rawValue, to: value)
        keepDay()
    }

    /// The knob turned `detents` at `uptime`: the year stops at its ends, the rest go round; the
    /// day stays within the month.
    public mutating func turn(_ detents: Int, at uptime: Double) {
        picker.turn(detents, at: uptime)
        keepDay()
    }

    /// A press: the next field; true when the minute was open (the clock is to be set).
    public mutating func press() -> Bool { picker.press() }

    private mutating func keepDay() {
        picker.setCount(LocalClock.daysInMonth(year: year, month: month), of: Field.day.rawValue)
    }
}
