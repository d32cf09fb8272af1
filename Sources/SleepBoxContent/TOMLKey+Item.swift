import SleepBoxTOML

/// The keys the sound items' files share (ambient generators, tones, mixes: `title`, `kind`,
/// `description`, `length`, `author`), declared once: each file's schema lists them with its
/// own keys, and what they say about a wrong value is the same everywhere.
extension TOMLKey {
    /// `title`: required, not blank.
    static func itemTitle(into field: WritableKeyPath<Target, String?> & Sendable) -> TOMLKey {
        TOMLKey("title", missing: .item("title", "\"The name shown on the display\"")) { reader, value, target in
            target[keyPath: field] = reader.text(value, what: "\"The name shown on the display\"", nonBlank: true)
        }
    }

    /// `kind`: required, and `"ambient"`; another kind is an error saying `what` ("a mix", "an
    /// ambient generator item") is kind = "ambient".
    static func ambientKind(_ what: String) -> TOMLKey {
        TOMLKey("kind", missing: .item("kind", "\"ambient\"")) { reader, value, _ in
            if let kind = reader.text(value, what: "\"ambient\"", nonBlank: true), kind != "ambient" {
                reader.report(value.path, "\"\(kind)\": \(what) is kind = \"ambient\"")
            }
        }
    }

    /// `description`: one sentence, optional.
    static func itemDescription(into field: WritableKeyPath<Target, String?> & Sendable) -> TOMLKey {
        TOMLKey("description") { reader, value, target in
            target[keyPath: field] = reader.text(value, what: "\"One sentence.\"")
        }
    }

    /// `length`: required, a duration of more than 0 s and at most a day.
    static func itemLength(into field: WritableKeyPath<Target, Double?> & Sendable) -> TOMLKey {
        TOMLKey("length", missing: .item("length", "\"8h\"")) { reader, value, target in
            guard let length = reader.duration(value, example: "8h") else { return }
            if length <= 0 { reader.report(value.path, "must be more than 0s, e.g. \"8h\"") }
            target[keyPath: field] = length
        }
    }

    /// `author`: accepted, as in every item, and not used.
    static var itemAuthor: TOMLKey { TOMLKey("author") { _, _, _ in } }
}
