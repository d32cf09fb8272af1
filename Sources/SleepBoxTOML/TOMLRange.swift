import SleepBoxSystem
/// The numbers a key accepts, with the unit they are counted in, for range messages:
/// "0 to 100 percent", "more than 0, at most 60 minutes", "0x3 to 0x77".
public struct TOMLRange: Sendable, Equatable {
    /// The smallest number accepted (or, with `lowerIsExclusive`, the largest refused below).
    public var lower: Double
    /// The largest number accepted.
    public var upper: Double
    /// True when `lower` itself is refused.
    public var lowerIsExclusive: Bool
    /// The unit, e.g. "seconds"; empty for none.
    public var unit: String
    /// True when the numbers are shown in hexadecimal (I2C addresses).
    public var isHex: Bool

    /// `lower` to `upper`, both included.
    public init(_ lower: Double, _ upper: Double, unit: String = "", isHex: Bool = false) {
        self.lower = lower
        self.upper = upper
        self.lowerIsExclusive = false
        self.unit = unit
        self.isHex = isHex
    }

    /// The whole numbers of `range`.
    public init(_ range: ClosedRange<Int>, unit: String = "", isHex: Bool = false) {
        self.init(Double(range.lowerBound), Double(range.upperBound), unit: unit, isHex: isHex)
    }

    /// 0 to 100 percent (volumes, levels, brightness).
    public static let percent = TOMLRange(0, 100, unit: "percent")

    /// More than 0, at most `upper`.
    public static func positive(upTo upper: Double, _ unit: String) -> TOMLRange {
        var range = TOMLRange(0, upper, unit: unit)
        range.lowerIsExclusive = true
        return range
    }

    /// True when `value` is accepted (never for NaN).
    public func contains(_ value: Double) -> Bool {
        (lowerIsExclusive ? value > lower : value >= lower) && value <= upper
    }

    /// True when `value` is accepted, checked before any conversion.
    public func contains(_ value: Int) -> Bool {
        contains(Double(value))
    }

    /// "0 to 100 percent", "more than 0, at most 60 minutes".
    public var text: String {
        let unitText = unit.isEmpty ? "" : " " + unit
        if lowerIsExclusive {
            return "more than \(show(lower)), at most \(show(upper))\(unitText)"
        }
        return "\(show(lower)) to \(show(upper))\(unitText)"
    }

    /// A number as this range's messages write it.
    public func show(_ value: Double) -> String {
        if isHex, value.isFinite, value == value.rounded(), abs(value) < 1e15 { return show(Int(value)) }
        return Quoting.number(value)
    }

    /// A whole number as this range's messages write it.
    public func show(_ value: Int) -> String {
        isHex ? "0x" + String(value, radix: 16) : String(value)
    }
}
