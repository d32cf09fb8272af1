/// What the box says when the alarm wakes you: a greeting for the hour, the time in words, the
/// weekday, and what played last night.
///
/// "Good morning. It is six forty-five on Tuesday. Last night you fell asleep to The Lake Isle of
/// Innisfree." / "Guten Morgen. Es ist Dienstag, Viertel vor sieben. Letzte Nacht bist du bei The
/// Lake Isle of Innisfree eingeschlafen."
public struct WakeGreeting: Sendable {
    /// Where the templates come from (`wakeGreeting`, `wakeLastNight`, greetings, weekdays).
    public var table: StringTable

    /// Greetings from `table` (the built-in English and German by default).
    public init(table: StringTable = .standard) {
        self.table = table
    }

    /// The greeting for local `hour`:`minute` on `weekday` (1 = Sunday … 7 = Saturday), mentioning
    /// `lastTitle` when there is one. Before noon "Good morning", until 18 h "Good afternoon", then
    /// "Good evening".
    public func text(hour: Int, minute: Int, weekday: Int, lastTitle: String?, in language: Language) -> String {
        let h = ((hour % 24) + 24) % 24
        let opening: StringTable.Key = h < 12 ? .goodMorning : (h < 18 ? .goodAfternoon : .goodEvening)
        var sentence = table.format(.wakeGreeting, in: language, [
            "greeting": table.text(opening, in: language),
            "time": SpokenTime.text(hour: hour, minute: minute, in: language),
            "weekday": table.weekday(weekday, in: language),
        ])
        if let title = lastTitle?.trimmingWhitespace(), !title.isEmpty {
            sentence += " " + Self.singleFullStop(table.format(.wakeLastNight, in: language, ["title": title]))
        }
        return sentence
    }

    /// "…to Are You Asleep?." -> "…to Are You Asleep?": a title's own end mark ends the sentence.
    private static func singleFullStop(_ text: String) -> String {
        guard text.hasSuffix("."), let before = text.dropLast().last, ".!?…".contains(before) else { return text }
        return String(text.dropLast())
    }
}

extension String {
    /// The string without leading and trailing whitespace and newlines (no Foundation needed).
    fileprivate func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}
