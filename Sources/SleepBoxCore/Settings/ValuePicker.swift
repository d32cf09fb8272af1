/// The one way the knob sets a value on the box: a choice among values (a sound, a length, a
/// setting's value, by index), a number in a range with a step (a volume, a level, a year), or
/// several of these one after the other (a time of day: the hour, then the minute; a date). A turn
/// moves the open field, faster when the detents come fast (`KnobAcceleration`); a press opens the
/// next field, and the press on the last one takes the value. An hour, a minute, a month and a
/// day go round; a list and a range stop at their ends.
public struct ValuePicker: Sendable, Equatable {
    /// One part of the value: a place among `count`, standing for `start + index * step`.
    public struct Field: Sendable, Equatable {
        public var index: Int
        public var count: Int
        /// Goes round past its ends (an hour, a minute) rather than stopping there.
        public var wraps: Bool
        /// The number at index 0, and between two places (a choice: 0 and 1, the index itself).
        public var start: Int
        public var step: Int

        public init(index: Int, count: Int, wraps: Bool, start: Int = 0, step: Int = 1) {
            self.count = max(1, count)
            self.index = min(max(0, index), self.count - 1)
            self.wraps = wraps
            self.start = start
            self.step = step
        }

        /// The number this field stands for.
        public var value: Int { start + index * step }

        /// This field `steps` places on.
        public func moved(_ steps: Int) -> Field {
            var f = self
            f.index = wraps ? ((index + steps) % count + count) % count : min(max(0, index + steps), count - 1)
            return f
        }
    }

    public private(set) var fields: [Field]
    /// The field a turn moves.
    public private(set) var open = 0
    /// Uptime of the last detent, for the knob's acceleration.
    public var lastTurn: Double?

    public init(fields: [Field], open: Int = 0, lastTurn: Double? = nil) {
        self.fields = fields
        self.open = min(max(0, open), max(0, fields.count - 1))
        self.lastTurn = lastTurn
    }

    /// A choice: `index` among `count` values.
    public static func choice(_ index: Int, count: Int) -> ValuePicker {
        ValuePicker(fields: [Field(index: index, count: count, wraps: false)])
    }

    /// A choice among `values` at the one nearest `current` (the first when none is near).
    public static func choice(nearest current: Double, in values: [Double]) -> ValuePicker {
        let nearest = values.indices.min { abs(values[$0] - current) < abs(values[$1] - current) } ?? 0
        return .choice(nearest, count: values.count)
    }

    /// A number in `range` in steps of `step` from its lower end, at the step nearest `value`.
    public static func number(_ value: Int, in range: ClosedRange<Int>, step: Int = 1) -> ValuePicker {
        ValuePicker(fields: [numberField(value, in: range, step: step, wraps: false)])
    }

    /// A time of day: the hour, then the minute.
    public static func time(hour: Int, minute: Int) -> ValuePicker {
        ValuePicker(fields: [Field(index: hour, count: 24, wraps: true), Field(index: minute, count: 60, wraps: true)])
    }

    /// A date and a time: the year (within `years`), the month, the day (within the month, kept
    /// so by `keepDay(daysInMonth:)`), the hour, the minute.
    public static func dateAndTime(year: Int, month: Int, day: Int, hour: Int, minute: Int, years: ClosedRange<Int>,
                                   daysInMonth: Int) -> ValuePicker {
        ValuePicker(fields: [numberField(year, in: years, step: 1, wraps: false),
                             Field(index: month - 1, count: 12, wraps: true, start: 1),
                             Field(index: day - 1, count: daysInMonth, wraps: true, start: 1),
                             Field(index: hour, count: 24, wraps: true), Field(index: minute, count: 60, wraps: true)])
    }

    private static func numberField(_ value: Int, in range: ClosedRange<Int>, step: Int, wraps: Bool) -> Field {
        let step = max(1, step)
        let count = (range.upperBound - range.lowerBound) / step + 1
        let index = Int((Double(value - range.lowerBound) / Double(step)).rounded())
        return Field(index: index, count: count, wraps: wraps, start: range.lowerBound, step: step)
    }

    /// A choice's index.
    public var index: Int { fields[0].index }
    /// A number's value (the first field's).
    public var value: Int { fields[0].value }
    /// A time's hour and minute.
    public var hour: Int { fields[0].index }
    public var minute: Int { fields.count > 1 ? fields[1].index : 0 }
    /// The number each field stands for (a date and time: year, month, day, hour, minute).
    public var values: [Int] { fields.map(\.value) }

    /// The knob turned `detents` at `uptime`.
    public mutating func turn(_ detents: Int, at uptime: Double) {
        fields[open] = fields[open].moved(KnobAcceleration.steps(detents, gap: lastTurn.map { uptime - $0 }))
        lastTurn = uptime
    }

    /// A press: the next field, or true when the last was open (the value is taken).
    public mutating func press() -> Bool {
        lastTurn = nil
        guard open + 1 < fields.count else { return true }
        open += 1
        return false
    }

    /// Field `i` with `count` places (a month's days), its index kept within them.
    public mutating func setCount(_ count: Int, of i: Int) {
        guard fields.indices.contains(i) else { return }
        fields[i].count = max(1, count)
        fields[i].index = min(fields[i].index, fields[i].count - 1)
    }

    /// Field `i` at the place nearest the number `value`.
    public mutating func set(_ i: Int, to value: Int) {
        guard fields.indices.contains(i) else { return }
        let f = fields[i]
        fields[i].index = min(max(0, Int((Double(value - f.start) / Double(max(1, f.step))).rounded())), f.count - 1)
    }

    /// A time as the screens show it while it is set: "[07]:30", the open field in brackets.
    public var timeText: String {
        let h = twoDigits(hour), m = twoDigits(minute)
        return open == 0 ? "[" + h + "]:" + m : h + ":[" + m + "]"
    }
}
