import SleepBoxSystem
/// The typed getters: each returns the value when it is of the right type (and within range),
/// else reports why not at the value's key and returns nil.
///
/// Numbers are checked against their `TOMLRange` as TOMLKit gave them, before any conversion.
extension TOMLReader {
    /// Reports a value of the wrong type: "expected `expected`, found a list", then `hint` as it
    /// is (" (write 5 without quotes)").
    public mutating func wrongType(_ value: TOMLValue, expected: String, hint: String? = nil, entry: Int? = nil) {
        var message = "expected \(expected), found \(value.typeName(namingNumberKinds: namesNumberKinds))"
        if let hint { message += hint }
        report(.wrongType, value.path, message, entry: entry)
    }

    /// A string; `expected` says what to write ("a time of day such as \"06:45\"").
    public mutating func string(_ value: TOMLValue, expected: String = "a string", entry: Int? = nil) -> String? {
        if let text = value.string { return text }
        wrongType(value, expected: expected, entry: entry)
        return nil
    }

    /// `true` or `false`.
    public mutating func bool(_ value: TOMLValue) -> Bool? {
        if let flag = value.bool { return flag }
        wrongType(value, expected: "true or false")
        return nil
    }

    /// A number, whole or with a decimal point, within `range`.
    public mutating func number(_ value: TOMLValue, _ range: TOMLRange, entry: Int? = nil) -> Double? {
        let x: Double
        if let int = value.int {
            guard range.contains(int) else { return outOfRange(value, range, entry: entry) }
            x = Double(int)
        } else if let double = value.double {
            x = double
        } else {
            let hint = value.string.flatMap { Double($0) == nil ? nil : " (write \($0) without quotes)" }
            wrongType(value, expected: "a number", hint: hint, entry: entry)
            return nil
        }
        guard range.contains(x) else { return outOfRange(value, range, entry: entry) }
        return x
    }

    /// A number without a fractional part (`40` or `40.0`) within `range`.
    public mutating func wholeNumber(_ value: TOMLValue, _ range: TOMLRange) -> Int? {
        if let double = value.double, double.isFinite, double != double.rounded() {
            report(.invalidValue, value.path, "\(value.written()) is not a whole number (\(range.text))")
            return nil
        }
        guard let x = number(value, range) else { return nil }
        return Int(exactly: x)
    }

    /// A TOML integer (no decimal point) within `range`; `expected` says what to write.
    public mutating func integer(_ value: TOMLValue, _ range: TOMLRange, expected: String = "a whole number") -> Int? {
        guard let x = value.int else {
            var expectation = expected
            if let double = value.double, double.isFinite, double == double.rounded(), abs(double) < 1e15 {
                expectation += " (write \(Int(double)) without a decimal point)"
            }
            let hint = value.string.flatMap { Int($0) == nil ? nil : " (write \($0) without quotes)" }
            wrongType(value, expected: expectation, hint: hint)
            return nil
        }
        guard range.contains(x) else { return outOfRange(value, range) }
        return x
    }

    private mutating func outOfRange<T>(_ value: TOMLValue, _ range: TOMLRange, entry: Int? = nil) -> T? {
        report(.outOfRange, value.path, "\(value.written(range)) is out of range (\(range.text))", entry: entry)
        return nil
    }

    /// One of an enumeration's raw values (exactly as written), or an issue listing them:
    /// `"up" is not a bias (one of "pull-up", "pull-down", "disabled")`.
    public mutating func choice<T: RawRepresentable & CaseIterable>(_ value: TOMLValue, what: String) -> T?
    where T.RawValue == String {
        let names = T.allCases.map { Quoting.quoted($0.rawValue) }.joined(separator: ", ")
        guard let text = value.string else {
            wrongType(value, expected: "one of \(names)")
            return nil
        }
        if let found = T(rawValue: text) { return found }
        report(.invalidValue, value.path, "\(Quoting.quoted(text)) is not a \(what) (one of \(names))")
        return nil
    }

    /// The entries of a list (each at the list's path; its 1-based number is its place + 1).
    public mutating func list(_ value: TOMLValue, expected: String) -> [TOMLValue]? {
        if let entries = value.entries { return entries }
        wrongType(value, expected: expected)
        return nil
    }

    /// A list of strings; entries that are not strings are reported by their number.
    public mutating func strings(_ value: TOMLValue, expected: String) -> [String]? {
        guard let entries = list(value, expected: expected) else { return nil }
        var result: [String] = []
        var isValid = true
        for (index, entry) in entries.enumerated() {
            if let text = string(entry, entry: index + 1) { result.append(text) } else { isValid = false }
        }
        return isValid ? result : nil
    }

    /// A table (`[name]` or `{ ... }`).
    public mutating func table(_ value: TOMLValue) -> TOMLValue? {
        if value.isTable { return value }
        wrongType(value, expected: "a table ([\(value.path.joined(separator: "."))] with its keys below it)")
        return nil
    }

    /// The entries of an array of tables (`[[segment]]`), each at its index in the path
    /// (`["segment", "0"]`); entries that are not tables are reported and left out.
    public mutating func tables(_ value: TOMLValue) -> [TOMLValue] {
        guard let entries = value.entries else {
            report(.wrongType, value.path, "expected [[\(value.key)]] tables, found \(value.typeName(namingNumberKinds: namesNumberKinds))")
            return []
        }
        var result: [TOMLValue] = []
        for (index, entry) in entries.enumerated() {
            let indexed = TOMLValue(path: value.path + [String(index)], raw: entry.raw)
            if entry.isTable {
                result.append(indexed)
            } else {
                report(.wrongType, indexed.path,
                       "expected a [[\(value.key)]] table, found \(entry.typeName(namingNumberKinds: namesNumberKinds))")
            }
        }
        return result
    }

    /// A time of day, hours and minutes: a TOML local time (`07:05`, seconds zero) or a string
    /// `"HH:MM"` (`"6:45"` too).
    public mutating func timeOfDay(_ value: TOMLValue) -> (hour: Int, minute: Int)? {
        if let time = value.time {
            guard time.second == 0, time.nanosecond == 0 else {
                report(.invalidValue, value.path, "a time with seconds; write hours and minutes only, e.g. \"06:45\"")
                return nil
            }
            return (time.hour, time.minute)
        }
        guard let text = string(value, expected: "a time of day such as \"06:45\"") else { return nil }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        let isDigits: (Substring) -> Bool = { $0.allSatisfy { $0.isASCII && $0.isNumber } }
        if parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
           isDigits(parts[0]), isDigits(parts[1]),
           let hour = Int(parts[0]), let minute = Int(parts[1]), hour <= 23, minute <= 59 {
            return (hour, minute)
        }
        report(.invalidValue, value.path, "\(Quoting.quoted(text)) is not a time of day (HH:MM, 00:00-23:59)")
        return nil
    }
}
