/// The one way the knob sets a value on the box: a choice among values (a length, a sound, a
/// setting's value, by index) or a time of day (the hour, then the minute). A turn moves the open
/// field, faster when the detents come fast (`KnobAcceleration`); a press opens the next field,
/// and the press on the last one takes the value. An hour and a minute go round; a list stops at
/// its ends.
public struct ValuePicker: Sendable, Equatable {
    /// One part of the value: a place among `count`.
    public struct Field: Sendable, Equatable {
        public var index: Int
        public var count: Int
        /// Goes round past its ends (an hour, a minute) rather than stopping there.
        public var wraps: Bool

        public init(index: Int, count: Int, wraps: Bool) {
            self.index = index
            self.count = count
            self.wraps = wraps
        }

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
        self.open = open
        self.lastTurn = lastTurn
    }

    /// A choice: `index` among `count` values.
    public static func choice(_ index: Int, count: Int) -> ValuePicker {
        ValuePicker(fields: [Field(index: min(max(0, index), max(0, count - 1)), count: max(1, count), wraps: false)])
    }

    /// A time of day: the hour, then the minute.
    public static func time(hour: Int, minute: Int) -> ValuePicker {
        ValuePicker(fields: [Field(index: hour, count: 24, wraps: true), Field(index: minute, count: 60, wraps: true)])
    }

    /// A choice's index.
    public var index: Int { fields[0].index }
    /// A time's hour and minute.
    public var hour: Int { fields[0].index }
    public var minute: Int { fields.count > 1 ? fields[1].index : 0 }

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

    /// A time as the screens show it while it is set: "[07]:30", the open field in brackets.
    public var timeText: String {
        let h = twoDigits(hour), m = twoDigits(minute)
        return open == 0 ? "[" + h + "]:" + m : h + ":[" + m + "]"
    }
}
