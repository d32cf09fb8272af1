/// A table of a TOML file (or the top of it) and its keys, declared once: the keys say what is
/// known and how each is read; `finish` checks keys against each other once all were read.
public struct TOMLSection<Target>: Sendable {
    /// The table's name (`alarm`); empty for the top of the file.
    public let name: String
    /// The keys, in the order messages list them.
    public let keys: [TOMLKey<Target>]
    /// Where the keys are, for messages about ignored keys ("in a [[segment]]").
    public let place: String
    /// What to say when the table is required and absent; nil when it may be left out.
    public let missing: String?
    /// Runs after the keys of the table were read (only when the table is there).
    public let finish: (@Sendable (inout TOMLReader, inout Target) -> Void)?

    /// A section called `name` with `keys`.
    public init(_ name: String, place: String = "", missing: String? = nil, keys: [TOMLKey<Target>],
                finish: (@Sendable (inout TOMLReader, inout Target) -> Void)? = nil) {
        self.name = name
        self.keys = keys
        self.place = place
        self.missing = missing
        self.finish = finish
    }

    /// The names of the keys, in order.
    public var keyNames: [String] { keys.map(\.name) }

    /// The key called `name`, if the section has one.
    func key(_ name: String) -> TOMLKey<Target>? {
        keys.first { $0.name == name }
    }
}
