/// One step of a breathing pattern: `"inhale 4"` is `BreathStep(.inhale, seconds: 4)`.
public struct BreathStep: Sendable, Equatable, Hashable {
    /// What the breath does during the step.
    public enum Kind: String, Sendable, Equatable, Hashable, CaseIterable {
        case inhale, hold, exhale, rest

        /// What the voice says at the start of the step when counting aloud (nothing at a rest).
        public var spokenWord: String? {
            switch self {
            case .inhale: return "in"
            case .hold: return "hold"
            case .exhale: return "out"
            case .rest: return nil
            }
        }
    }

    /// What the breath does.
    public var kind: Kind
    /// How long the step lasts, in seconds (within `secondsRange`).
    public var seconds: Double

    /// How long a step may last, wherever a pattern comes from (the configuration's
    /// `[meditation] breathing`, a timeline's `[breathing]`): at least half a second, so a cycle
    /// never wakes the box more than a few times a second, and at most 30 s.
    public static let secondsRange: ClosedRange<Double> = 0.5...30

    /// Creates a step.
    public init(_ kind: Kind, seconds: Double) {
        self.kind = kind
        self.seconds = seconds
    }

    /// A pattern written as its lengths in seconds joined by dashes, as `[meditation] breathing`
    /// takes it: "4-7-8" (in, hold, out, then a pause of `pauseSeconds` with empty lungs, as the
    /// 4-7-8 method is taught: "4-7-8-1" is the same pattern), "4-4-4-4" (in, hold, out, hold
    /// empty), "5-5" (in, out); nil when it is not 2 to 4 lengths within `secondsRange`.
    public static func pattern(_ text: String) -> [BreathStep]? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { Double($0.filter { $0 != " " }) }
        guard numbers.count == parts.count, (2...4).contains(numbers.count), numbers.allSatisfy(secondsRange.contains) else {
            return nil
        }
        let kinds: [Kind]
        switch numbers.count {
        case 2: kinds = [.inhale, .exhale]
        case 3: kinds = [.inhale, .hold, .exhale]
        default: kinds = [.inhale, .hold, .exhale, .rest]
        }
        return withPause(zip(kinds, numbers).map { BreathStep($0, seconds: $1) })
    }

    /// The pause after the out-breath of a pattern that holds the breath in (in, hold, out).
    public static let pauseSeconds = 1.0

    /// `steps` with the pause after the out-breath when they are in, hold, out.
    public static func withPause(_ steps: [BreathStep]) -> [BreathStep] {
        steps.map(\.kind) == [.inhale, .hold, .exhale] ? steps + [BreathStep(.rest, seconds: pauseSeconds)] : steps
    }

    /// A pattern's name: its lengths joined by dashes ("4-7-8", "4-4-4-4"); the pause after a
    /// held breath's out-breath goes without saying, as `pattern(_:)` adds it. A fraction of a
    /// second keeps one decimal, written the language's way ("3.5"; "3,5" in German); without a
    /// language, the way the configuration writes it.
    public static func name(_ pattern: [BreathStep], in language: Language? = nil) -> String {
        var pattern = pattern
        if pattern.count == 4, withPause(Array(pattern.prefix(3))) == pattern { pattern.removeLast() }
        return pattern.map { step in
            let s = step.seconds
            guard s != s.rounded() else { return String(Int(s)) }
            let text = String((s * 10).rounded() / 10)
            return language == .german ? text.replacing(".", with: ",") : text
        }.joined(separator: "-")
    }
}
