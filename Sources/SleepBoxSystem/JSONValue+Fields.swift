/// A value's fields and contents, taken only when they have the JSON type asked for: `true` is
/// not a number, `1` is not true, and a number past a range is refused, not converted.
extension JSONValue {
    /// The value of `key` when this is an object that has it.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// The keys of an object, in order; empty for anything else.
    public var keys: [String] {
        guard case .object(let members) = self else { return [] }
        return members.map(\.0)
    }

    /// A JSON string.
    public var string: String? {
        guard case .string(let text) = self else { return nil }
        return text
    }

    /// A JSON `true` or `false`, nothing else.
    public var bool: Bool? {
        guard case .bool(let value) = self else { return nil }
        return value
    }

    /// A finite JSON number (not a boolean).
    public var number: Double? {
        guard case .number(let x) = self, x.isFinite else { return nil }
        return x
    }

    /// A whole JSON number within `range`, checked before any conversion.
    public func wholeNumber(in range: ClosedRange<Int>) -> Int? {
        guard let x = number, let n = Int(exactly: x), range.contains(n) else { return nil }
        return n
    }

    /// The items of a JSON array.
    public var array: [JSONValue]? {
        guard case .array(let items) = self else { return nil }
        return items
    }

    /// `null`.
    public var isNull: Bool { if case .null = self { true } else { false } }

    /// "a number", "a string", "true", ... for messages.
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
