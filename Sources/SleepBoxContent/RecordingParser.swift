import SleepBoxCore
import SleepBoxTOML

/// Reads audio items (`recordings/<id>.toml`) by docs/content.md ("Audio item"). Whether the
/// audio file is there is not its business: `ContentLibrary` looks.
public enum RecordingParser {
    /// The keys the box knows.
    public static let knownKeys = ["title", "kind", "author", "narrator", "description", "audio", "language"]

    /// Reads and parses the file at `path`.
    public static func parse(fileAt path: String) throws(ContentError) -> AudioItem {
        try parse(text: ContentText.read(path: path), path: path)
    }

    /// Parses the text of a file named `path`; the audio file is looked for in the same folder.
    public static func parse(text: String, path: String) throws(ContentError) -> AudioItem {
        var reader = try TOMLItemReader(text: text, path: path)
        let root = reader.root
        reader.warnUnknownKeys(root, at: [], allowed: knownKeys, place: "in an audio item")
        let title = reader.string(root, "title", required: true, what: "\"The name shown on the display\"")
        let names = ContentKind.allCases.map(\.rawValue)
        var kind: ContentKind?
        if let text = reader.string(root, "kind", required: true, what: "\"story\"") {
            kind = ContentKind(rawValue: text)
            if kind == nil {
                let message = Suggestion.appending(to: "unknown kind \"\(text)\"", for: text, among: names)
                reader.error(["kind"], message + " (one of \(names.joined(separator: ", ")))")
            }
        }
        let author = reader.string(root, "author", required: true, what: "\"your name\"")
        let narrator = reader.string(root, "narrator", required: true, what: "\"human narrator, warm voice\"")
        let description = reader.string(root, "description", required: true, what: "\"One sentence.\"")
        let language = reader.string(root, "language", what: "\"en\"")
        var audioName: String?
        if let name = reader.string(root, "audio", required: true, what: "\"<id>.ogg\"") {
            if let problem = ContentID.audioFileProblem(name) {
                reader.error(["audio"], problem)
            } else {
                audioName = name
            }
        }
        guard !reader.hasErrors, let title, let kind, let author, let narrator, let description, let audioName else {
            throw ContentError(reader.issues)
        }
        let folder = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
        return AudioItem(path: path, title: title, kind: kind, author: author, narrator: narrator,
                         description: description, language: language, audioName: audioName,
                         audioPath: folder + audioName, warnings: reader.issues.sorted(by: ContentIssue.byLocation))
    }
}
