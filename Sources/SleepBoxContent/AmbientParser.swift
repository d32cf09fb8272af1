import SleepBoxTOML

/// Reads ambient generator items (`ambient/<id>.toml`) by docs/content.md ("Ambient generator").
public enum AmbientParser {
    /// The keys the box knows (`author` is accepted too, as in every other item).
    public static let knownKeys = ["title", "kind", "description", "generator", "level_db", "length", "author"]

    /// Reads and parses the file at `path`.
    public static func parse(fileAt path: String) throws(ContentError) -> GeneratorItem {
        try parse(text: ContentText.read(path: path), path: path)
    }

    /// Parses the text of a file named `path`.
    public static func parse(text: String, path: String) throws(ContentError) -> GeneratorItem {
        var reader = try TOMLItemReader(text: text, path: path)
        let root = reader.root
        reader.warnUnknownKeys(root, at: [], allowed: knownKeys, place: "in an ambient item")
        let title = reader.string(root, "title", required: true, what: "\"The name shown on the display\"")
        if let kind = reader.string(root, "kind", required: true, what: "\"ambient\""), kind != "ambient" {
            reader.error(["kind"], "\"\(kind)\": an ambient generator item is kind = \"ambient\"")
        }
        let description = reader.string(root, "description", what: "\"One sentence.\"")
        let names = GeneratorItem.Generator.allCases.map(\.rawValue)
        var generator: GeneratorItem.Generator?
        if let name = reader.string(root, "generator", required: true, what: "\"rain\"") {
            generator = GeneratorItem.Generator(rawValue: name)
            if generator == nil {
                let message = Suggestion.appending(to: "unknown generator \"\(name)\"", for: name, among: names)
                reader.error(["generator"], message + " (one of \(names.joined(separator: ", ")))")
            }
        }
        let level = reader.number(root, "level_db", range: GeneratorItem.levelRange, unit: "dB") ?? 0
        let length = reader.duration(root, "length", required: true, example: "8h")
        if let length, length <= 0 {
            reader.error(["length"], "must be more than 0s, e.g. \"8h\"")
        }
        guard !reader.hasErrors, let title, let generator, let length else { throw ContentError(reader.issues) }
        return GeneratorItem(path: path, title: title, description: description, generator: generator,
                             levelDB: level, length: length, warnings: reader.issues.sorted(by: ContentIssue.byLocation))
    }
}
