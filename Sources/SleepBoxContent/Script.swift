import SleepBoxTOML

/// A parsed spoken script (`<id>.txt`): its header and its text as speech stretches and exact
/// silences, in playing order.
public struct Script: Sendable, Equatable {
    /// The file it came from (as named to the parser; used in messages).
    public var path: String
    /// The header.
    public var header: ScriptHeader
    /// The text in playing order. Never empty; pauses never follow one another.
    public var parts: [ScriptPart]
    /// Things `content check` should mention that do not stop the script from playing (an
    /// unknown header key, an unusual language).
    public var warnings: [FileIssue]

    /// Creates a script.
    public init(path: String, header: ScriptHeader, parts: [ScriptPart], warnings: [FileIssue] = []) {
        self.path = path
        self.header = header
        self.parts = parts
        self.warnings = warnings
    }

    /// The texts the voice reads, in order.
    public var speechTexts: [String] { parts.compactMap(\.text) }

    /// All the silence the script asks for, in seconds.
    public var pauseSeconds: Double { parts.compactMap(\.pauseSeconds).reduce(0, +) }
}
