import SleepBoxTOML
import SleepBoxSystem

/// What the keys of content TOML files (timelines, ambient generators, recordings) share: how
/// their texts and durations are read and what a missing one says.
extension TOMLReader {
    /// Reads a content file's text: a syntax error is thrown with its line and column.
    static func item(text: String, path: String) throws(ContentError) -> TOMLReader {
        do {
            return TOMLReader(try TOMLDocument(text: text, path: path))
        } catch {
            throw ContentError([error])
        }
    }

    /// A string such as `what`; with `nonBlank`, text of spaces only is an error saying `what`
    /// to write.
    mutating func text(_ value: TOMLValue, what: String, nonBlank: Bool = false) -> String? {
        guard let text = string(value, expected: "a string such as \(what)") else { return nil }
        if nonBlank, text.allSatisfy(\.isWhitespace) {
            report(value.path, "is empty: write \(what)")
            return nil
        }
        return text
    }

    /// A string that names one of `choices` (such as `what`), or nil after an error that calls
    /// it an unknown `noun`, lists the choices (`listed`; by default "one of a, b, c") and
    /// suggests the closest.
    mutating func choice<Choice: RawRepresentable>(_ value: TOMLValue, what: String, noun: String, among choices: [Choice],
                                                   listed: String? = nil) -> Choice? where Choice.RawValue == String {
        guard let text = text(value, what: what, nonBlank: true) else { return nil }
        if let choice = choices.first(where: { $0.rawValue == text }) { return choice }
        let names = choices.map(\.rawValue)
        let message = Suggestion.appending(to: "unknown \(noun) \"\(text)\"", for: text, among: names)
        report(value.path, message + " (\(listed ?? "one of \(names.joined(separator: ", "))"))",
               suggestion: Suggestion.closest(to: text, among: names))
        return nil
    }

    /// A duration string (`"1m30s"`) in seconds, at most a day.
    mutating func duration(_ value: TOMLValue, example: String) -> Double? {
        guard let text = value.string else {
            let hint = value.int.map { "; write \"\($0)s\" for \($0) seconds" }
            wrongType(value, expected: "a duration string such as \"\(example)\"", hint: hint)
            return nil
        }
        guard let seconds = DurationText.seconds(text) else {
            report(value.path, "\"\(text)\" is not a duration: write numbers with a unit h, m or s, largest first, e.g. \"90s\", \"1m30s\", \"1.5m\"")
            return nil
        }
        guard seconds <= DurationText.maximumSeconds else {
            report(value.path, "\"\(text)\" is longer than a day (24h), the longest time a content file may give")
            return nil
        }
        return seconds
    }

    /// The issues, sorted by location, for an item's warnings.
    var sortedIssues: [FileIssue] { issues.sorted(by: FileIssue.byLocation) }
}

extension TOMLKey.Missing {
    /// What a content file says when a required key is not there, at the enclosing table:
    /// `missing title: add title = "The name shown on the display"`.
    static func item(_ key: String, _ example: String) -> Self {
        .atTable("missing \(key): add \(key) = \(example)")
    }
}
