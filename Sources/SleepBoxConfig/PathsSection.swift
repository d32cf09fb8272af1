import SleepBoxSystem
import SleepBoxTOML

/// `[paths]`: the content folders.
enum PathsSection {
    static let section = TOMLSection<ConfigDraft>("paths", keys: [
        TOMLKey("content") { reader, value, draft in
            if let path = folder(&reader, value) { draft.devices.contentDirectory = path }
        },
        TOMLKey("user_content") { reader, value, draft in
            if let path = folder(&reader, value) { draft.devices.userContentDirectory = path }
        },
    ])

    /// An absolute folder path.
    private static func folder(_ reader: inout TOMLReader, _ value: TOMLValue) -> String? {
        guard let text = reader.string(value, expected: "a folder path") else { return nil }
        guard text.hasPrefix("/") else {
            reader.report(value.path, "\(Quoting.quoted(text)) is not an absolute path; write the whole path, starting with /")
            return nil
        }
        return text
    }
}
