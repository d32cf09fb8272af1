/// One key of a section: its name, whether it must be there, and how its value is read into
/// the `Target` being built.
///
/// The list of keys of a section is the section's whole schema: it says what is known (for
/// unknown-key messages and suggestions), what is required, and how each key is read.
public struct TOMLKey<Target>: Sendable {
    /// What to say when a required key is missing.
    public enum Missing: Sendable {
        /// Reported at the key's own path (`[gpio] bias: <text>`), on the line of its table.
        case atKey(String)
        /// Reported at the enclosing table (`segment 1: <text>`, or just `<text>` at the top).
        case atTable(String)
    }

    /// The key as written in the file.
    public let name: String
    /// What to say when the key is absent; nil when it may be left out.
    public let missing: Missing?
    /// Reads the value (reporting what is wrong through the reader) into the target.
    public let read: @Sendable (inout TOMLReader, TOMLValue, inout Target) -> Void

    /// A key called `name`, read by `read`; `missing` makes it required.
    public init(_ name: String, missing: Missing? = nil,
                read: @escaping @Sendable (inout TOMLReader, TOMLValue, inout Target) -> Void) {
        self.name = name
        self.missing = missing
        self.read = read
    }
}

extension TOMLKey {
    /// A key holding a number within `range`, stored at `field` of the target.
    public static func number(_ name: String, _ range: TOMLRange,
                              into field: WritableKeyPath<Target, Double> & Sendable) -> TOMLKey {
        TOMLKey(name) { reader, value, target in
            if let x = reader.number(value, range) { target[keyPath: field] = x }
        }
    }

    /// A key holding a whole number within `range`, stored at `field` of the target.
    public static func wholeNumber(_ name: String, _ range: TOMLRange,
                                   into field: WritableKeyPath<Target, Int> & Sendable) -> TOMLKey {
        TOMLKey(name) { reader, value, target in
            if let x = reader.wholeNumber(value, range) { target[keyPath: field] = x }
        }
    }

    /// A key holding `true` or `false`, stored at `field` of the target.
    public static func bool(_ name: String, into field: WritableKeyPath<Target, Bool> & Sendable) -> TOMLKey {
        TOMLKey(name) { reader, value, target in
            if let x = reader.bool(value) { target[keyPath: field] = x }
        }
    }
}
