import SleepBoxCore
import SleepBoxSystem

extension BreathStep {
    /// Parses `"inhale 4"`, `"exhale 6.5"`; nil when the text is not a step (or its seconds are
    /// outside `BreathStep.secondsRange`).
    public init?(text: String) {
        let words = text.split(whereSeparator: \.isWhitespace)
        guard words.count == 2, let kind = Kind(rawValue: String(words[0])),
              let (value, end) = DurationText.number(Array(words[1]), from: 0), end == words[1].count,
              BreathStep.secondsRange.contains(value) else { return nil }
        self.init(kind, seconds: value)
    }
}
