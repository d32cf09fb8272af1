import Foundation

/// Values of a request decoded by `JSONSerialization`, taken only when they have the JSON type
/// asked for: Foundation hands `true` over as a number that `as? Int` turns into 1, and `1` as a
/// number that `as? Bool` turns into true.
enum JSONField {
    /// Whether `value` is a JSON `true` or `false` (a boolean NSNumber, type code "c").
    static func isBoolean(_ value: Any?) -> Bool {
        guard let n = value as? NSNumber else { return false }
        return String(cString: n.objCType) == "c"
    }

    /// A JSON `true` or `false`, nothing else.
    static func bool(_ value: Any?) -> Bool? {
        isBoolean(value) ? (value as? Bool) : nil
    }

    /// A finite JSON number (not a boolean).
    static func number(_ value: Any?) -> Double? {
        guard let n = value as? NSNumber, !isBoolean(value) else { return nil }
        let d = n.doubleValue
        return d.isFinite ? d : nil
    }

    /// A whole JSON number within `range`, checked before any conversion.
    static func wholeNumber(_ value: Any?, in range: ClosedRange<Int>) -> Int? {
        guard let d = number(value), d == d.rounded(),
              d >= Double(range.lowerBound), d <= Double(range.upperBound) else { return nil }
        return Int(d)
    }
}
