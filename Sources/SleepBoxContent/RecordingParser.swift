import SleepBoxCore
import SleepBoxTOML

/// Reads audio items (`recordings/<id>.toml`) by docs/content.md ("Audio item"). Whether the
/// audio file is there is not its business: `ContentLibrary` looks.
public enum RecordingParser {
    /// An item while it is read.
    struct Draft {
        var title: String?
        var kind: ContentKind?
        var author: String?
        var narrator: String?
        var description: String?
        var language: String?
        var audioName: String?
    }

    /// The keys the box knows.
    static let keys = TOMLSection<Draft>("", place: "in an audio item", keys: [
        TOMLKey("title", missing: .item("title", "\"The name shown on the display\"")) { reader, value, draft in
            draft.title = reader.text(value, what: "\"The name shown on the display\"", nonBlank: true)
        },
        TOMLKey("kind", missing: .item("kind", "\"story\""), read: kind),
        TOMLKey("author", missing: .item("author", "\"your name\"")) { reader, value, draft in
            draft.author = reader.text(value, what: "\"your name\"", nonBlank: true)
        },
        TOMLKey("narrator", missing: .item("narrator", "\"human narrator, warm voice\"")) { reader, value, draft in
            draft.narrator = reader.text(value, what: "\"human narrator, warm voice\"", nonBlank: true)
        },
        TOMLKey("description", missing: .item("description", "\"One sentence.\"")) { reader, value, draft in
            draft.description = reader.text(value, what: "\"One sentence.\"", nonBlank: true)
        },
        TOMLKey("audio", missing: .item("audio", "\"<id>.ogg\"")) { reader, value, draft in
            guard let name = reader.text(value, what: "\"<id>.ogg\"", nonBlank: true) else { return }
            if let problem = ContentID.audioFileProblem(name) {
                reader.report(value.path, problem)
            } else {
                draft.audioName = name
            }
        },
        TOMLKey("language") { reader, value, draft in draft.language = reader.text(value, what: "\"en\"") },
    ])

    private static func kind(_ reader: inout TOMLReader, _ value: TOMLValue, _ draft: inout Draft) {
        draft.kind = reader.choice(value, what: "\"story\"", noun: "kind", among: ContentKind.allCases)
    }

    /// Reads and parses the file at `path`.
    public static func parse(fileAt path: String) throws(ContentError) -> AudioItem {
        try parse(text: ContentText.read(path: path), path: path)
    }

    /// Parses the text of a file named `path`; the audio file is looked for in the same folder.
    public static func parse(text: String, path: String) throws(ContentError) -> AudioItem {
        var reader = try TOMLReader.item(text: text, path: path)
        var draft = Draft()
        reader.read(TOMLSchema(top: keys, unknownKeys: .ignored), into: &draft)
        guard !reader.hasErrors, let title = draft.title, let kind = draft.kind, let author = draft.author,
              let narrator = draft.narrator, let description = draft.description, let audioName = draft.audioName else {
            throw ContentError(reader.issues)
        }
        let folder = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
        return AudioItem(path: path, title: title, kind: kind, author: author, narrator: narrator,
                         description: description, language: draft.language, audioName: audioName,
                         audioPath: folder + audioName, warnings: reader.sortedIssues)
    }
}
