import SleepBoxCore
import SleepBoxTOML

/// The header keys that place an item in a group: `series` and `part` (any spoken item) and
/// `category` (sleep stories), checked alike in spoken scripts and guided timelines. Each check
/// gives the value or the message of an error; the parser adds the file, line and key.
enum ItemGrouping {
    /// The series names, for messages.
    static var seriesNames: [String] { ContentSeries.allCases.map(\.rawValue) }
    /// The story categories, for messages.
    static var categoryNames: [String] { StoryCategory.allCases.map(\.rawValue) }

    /// The series `text` names, or why it names none.
    static func series(_ text: String) -> (series: ContentSeries?, error: String?) {
        if let series = ContentSeries(rawValue: text) { return (series, nil) }
        guard !text.isEmpty else { return (nil, "series is empty: write one of \(seriesNames.joined(separator: ", ")), or remove the line") }
        let message = Suggestion.appending(to: "unknown series \"\(text)\"", for: text, among: seriesNames)
        return (nil, message + " (one of \(seriesNames.joined(separator: ", ")), spelled exactly like this)")
    }

    /// The part `text` gives in `series`, or why it is not one: a whole number from 1 to the
    /// series' number of parts.
    static func part(_ text: String, in series: ContentSeries?) -> (part: Int?, error: String?) {
        let range = series.map { "1 to \($0.partCount), the parts of the series \($0.rawValue)" } ?? "from 1"
        guard let number = Int(text) else {
            return (nil, "part must be a whole number \(range), not \"\(text)\"")
        }
        return part(number, in: series)
    }

    /// `number` as a part of `series`, or why it is not one; `named` starts the message with the
    /// key (a script's messages name it, a timeline's are labelled with it already).
    static func part(_ number: Int, in series: ContentSeries?, named: Bool = true) -> (part: Int?, error: String?) {
        let top = series?.partCount ?? Int.max
        guard number >= 1, number <= top else {
            let range = series.map { "1 to \($0.partCount), the parts of the series \($0.rawValue)" } ?? "from 1"
            return (nil, "\(named ? "part " : "")\(number) is out of range (\(range))")
        }
        return (number, nil)
    }

    /// What is wrong when only one of `series` and `part` is given.
    static func pairing(hasSeries: Bool, hasPart: Bool) -> String? {
        if hasSeries, !hasPart {
            return "an item of a series needs its part: add part, its place in the series (from 1)"
        }
        if hasPart, !hasSeries {
            return "part is an item's place in a series: add series (one of \(seriesNames.joined(separator: ", "))), or remove part"
        }
        return nil
    }

    /// The story category `text` names, or why it names none (also when the item is no story).
    static func category(_ text: String, kind: ContentKind?) -> (category: StoryCategory?, error: String?) {
        if let kind, kind != .story {
            return (nil, "only sleep stories (kind story) have a category, not \(kind.rawValue): remove it")
        }
        if let category = StoryCategory(rawValue: text) { return (category, nil) }
        guard !text.isEmpty else { return (nil, "category is empty: write one of \(categoryNames.joined(separator: ", ")), or remove the line") }
        let message = Suggestion.appending(to: "unknown category \"\(text)\"", for: text, among: categoryNames)
        return (nil, message + " (one of \(categoryNames.joined(separator: ", ")), spelled exactly like this)")
    }
}
