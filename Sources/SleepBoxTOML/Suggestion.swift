/// "Did you mean ...?" for names typed by hand: configuration keys, tables, weekdays, content
/// kinds, script keys, time zones.
public enum Suggestion {
    /// The candidate `word` was most likely meant to be, or nil when none is close.
    ///
    /// Close means: equal ignoring case; or at most one edit away (two for words of five letters
    /// or more; a swap of neighbours counts as one edit); or one is the start or the end of the
    /// other at a `_` boundary (`snooze` -> `snooze_minutes`, `volume` -> `alarm_volume`).
    public static func closest(to word: String, among candidates: [String]) -> String? {
        let lowered = word.lowercased()
        guard !lowered.isEmpty else { return nil }
        if let same = candidates.first(where: { $0.lowercased() == lowered }) { return same }

        let limit = lowered.count >= 5 ? 2 : 1
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, candidate.lowercased())
            if distance <= limit, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        if let best { return best.candidate }

        return candidates.first { candidate in
            let c = candidate.lowercased()
            return c.hasPrefix(lowered + "_") || c.hasSuffix("_" + lowered)
                || lowered.hasPrefix(c + "_") || lowered.hasSuffix("_" + c)
                || (lowered.count >= 3 && c.hasPrefix(lowered))
        }
    }

    /// `text` followed by "; did you mean X?" when a candidate is close.
    public static func appending(to text: String, for word: String, among candidates: [String]) -> String {
        guard let guess = closest(to: word, among: candidates) else { return text }
        return text + "; did you mean \(guess)?"
    }

    /// Optimal-string-alignment distance: insertions, deletions, substitutions and swaps of two
    /// neighbouring characters each cost one.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a), y = Array(b)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var before = [Int](repeating: 0, count: y.count + 1)
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    value = min(value, before[j - 2] + 1)
                }
                current[j] = value
            }
            before = previous
            previous = current
        }
        return previous[y.count]
    }
}
