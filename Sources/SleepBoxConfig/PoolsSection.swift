import SleepBoxSystem
import SleepBoxCore
import SleepBoxTOML

/// `[pools]`: which kinds of content each mode plays.
enum PoolsSection {
    static let section = TOMLSection<ConfigDraft>("pools", keys: [
        TOMLKey("meditation") { reader, value, draft in
            if let kinds = contentKinds(&reader, value) { draft.config.pools[.meditation] = kinds }
        },
        TOMLKey("poetry") { reader, value, draft in
            if let kinds = contentKinds(&reader, value) { draft.config.pools[.poetry] = kinds }
        },
    ])

    /// A list of content kinds, at least one, each once.
    private static func contentKinds(_ reader: inout TOMLReader, _ value: TOMLValue) -> [ContentKind]? {
        let names = ContentKind.allCases.map(\.rawValue)
        guard let entries = reader.list(value, expected: "a list of content kinds such as [\"meditation\", \"breathing\"]") else {
            return nil
        }
        guard !entries.isEmpty else {
            reader.report(value.path, "empty; list at least one content kind (\(names.joined(separator: ", ")))")
            return nil
        }
        var result: [ContentKind] = []
        var isValid = true
        for (index, entry) in entries.enumerated() {
            guard let text = reader.string(entry, entry: index + 1) else {
                isValid = false
                continue
            }
            guard let kind = ContentKind(rawValue: text) else {
                var message = "\(Quoting.quoted(text)) is not a content kind"
                let guess = Suggestion.closest(to: text, among: names)
                if let guess { message += "; did you mean \(Quoting.quoted(guess))?" }
                reader.report(value.path, message + " (one of \(names.joined(separator: ", ")))", entry: index + 1, suggestion: guess)
                isValid = false
                continue
            }
            if result.contains(kind) {
                reader.report(value.path, "\(Quoting.quoted(text)) is listed twice", entry: index + 1)
                isValid = false
                continue
            }
            result.append(kind)
        }
        return isValid ? result : nil
    }
}
