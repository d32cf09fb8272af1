/// The string table in one language: what the core and the screens look words up in.
public struct Words: Sendable, Equatable {
    public var table: StringTable
    public var language: Language

    public init(table: StringTable = .standard, language: Language) {
        self.table = table
        self.language = language
    }

    /// The text of `key`.
    public func callAsFunction(_ key: StringTable.Key) -> String { table.text(key, in: language) }

    /// The text of `key` with its placeholders filled.
    public func callAsFunction(_ key: StringTable.Key, _ values: [String: String]) -> String {
        table.format(key, in: language, values)
    }
}
