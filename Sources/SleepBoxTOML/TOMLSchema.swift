/// A whole TOML file: the keys at the top, the tables, and what an unknown key is.
public struct TOMLSchema<Target>: Sendable {
    /// The keys at the top of the file (`name` empty).
    public let top: TOMLSection<Target>
    /// The `[table]`s, in the order messages list them.
    public let tables: [TOMLSection<Target>]
    /// What an unknown key (or table) is.
    public let unknownKeys: TOMLUnknownKeys

    /// A file with `top` keys and `tables`.
    public init(top: TOMLSection<Target>, tables: [TOMLSection<Target>] = [], unknownKeys: TOMLUnknownKeys) {
        self.top = top
        self.tables = tables
        self.unknownKeys = unknownKeys
    }

    /// The key names at the top and in each table, for messages and suggestions.
    var outline: TOMLOutline {
        TOMLOutline(topKeys: top.keyNames, tables: tables.map { ($0.name, $0.keyNames) }, unknownKeys: unknownKeys)
    }
}

/// What an unknown key (or table) of a file is.
public enum TOMLUnknownKeys: Sendable, Equatable {
    /// An error naming what is allowed there (the configuration, board profiles: a typo must not
    /// silently leave a setting at its default). `spelling` adds "did you mean ...?" for a close
    /// name; `tablesIntro` leads the list of tables after an unknown one ("Known tables:").
    case rejected(spelling: Bool, tablesIntro: String)
    /// A warning: the key is ignored (content: newer files still play on an older box).
    case ignored
}

/// The names a schema knows, without how they are read: what unknown-key messages need.
struct TOMLOutline: Sendable {
    var topKeys: [String] = []
    var tables: [(name: String, keys: [String])] = []
    var unknownKeys: TOMLUnknownKeys = .ignored

    var tableNames: [String] { tables.map(\.name) }

    /// The table other than `excluded` that has `key`.
    func table(having key: String, except excluded: String? = nil) -> String? {
        tables.first { $0.name != excluded && $0.keys.contains(key) }?.name
    }
}
