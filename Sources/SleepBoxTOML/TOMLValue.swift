import SleepBoxSystem
import TOMLKit

/// One value of a TOML document and the key path it sits at (`["alarm", "time"]`; an entry of an
/// array of tables has its index in the path, `["segment", "0", "at"]`).
///
/// Sections read values through `TOMLReader`'s typed getters, which report what is wrong; the
/// plain accessors here only look.
public struct TOMLValue {
    /// Where the value sits.
    public let path: [String]
    let raw: TOMLValueConvertible

    init(path: [String], raw: TOMLValueConvertible) {
        self.path = path
        self.raw = raw
    }

    /// The last part of the path: the key the value was written under.
    public var key: String { path.last ?? "" }

    /// The string, if the value is one.
    public var string: String? { raw.string }
    /// The whole number, if the value is a TOML integer.
    public var int: Int? { raw.int }
    /// The number, if the value is a TOML float.
    public var double: Double? { raw.double }
    /// The boolean, if the value is one.
    public var bool: Bool? { raw.bool }
    /// True when the value is a table (`[name]` or an inline `{ ... }`).
    public var isTable: Bool { raw.type == .table }
    /// True when the value is an array.
    public var isArray: Bool { raw.type == .array }

    /// The entries of an array, each at its 1-based entry number; nil when the value is no array.
    var entries: [TOMLValue]? {
        guard let array = raw.array else { return nil }
        return (0..<array.count).map { TOMLValue(path: path, raw: array[$0]) }
    }

    /// The keys and values of a table, in TOMLKit's order (nil when the value is no table).
    var members: [(key: String, value: TOMLValue)]? {
        guard let table = raw.table else { return nil }
        // TOMLKit's own iterator force-unwraps; this does not.
        return table.keys.compactMap { key in
            table[key].map { (key, TOMLValue(path: path + [key], raw: $0)) }
        }
    }

    /// The value under `key` of a table, if there is one.
    public subscript(key: String) -> TOMLValue? {
        raw.table?[key].map { TOMLValue(path: path + [key], raw: $0) }
    }

    /// "a string", "a number", ... for wrong-type messages; with `namingNumberKinds`, "a whole
    /// number" or "a number with a decimal point".
    func typeName(namingNumberKinds: Bool) -> String {
        switch raw.type {
        case .string: return "a string"
        case .int: return namingNumberKinds ? "a whole number" : "a number"
        case .double: return namingNumberKinds ? "a number with a decimal point" : "a number"
        case .bool: return "a boolean"
        case .array: return "a list"
        case .table: return "a table"
        case .date: return "a date"
        case .time: return "a time"
        case .dateTime: return "a date and time"
        }
    }

    /// The local time (`07:05:00`), if the value is one: hour, minute, second, nanosecond.
    var time: (hour: Int, minute: Int, second: Int, nanosecond: Int)? {
        raw.time.map { (Int($0.hour), Int($0.minute), Int($0.second), Int($0.nanoSecond)) }
    }

    /// The value as the owner wrote it, for messages: `150`, `2.5`, `"loud"`.
    func written(_ range: TOMLRange? = nil) -> String {
        if let int = raw.int { return range?.show(int) ?? String(int) }
        if let double = raw.double { return range?.show(double) ?? Quoting.number(double) }
        if let text = raw.string { return Quoting.quoted(text) }
        return raw.debugDescription
    }
}
