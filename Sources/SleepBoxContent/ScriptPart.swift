/// One piece of a spoken text in playing order: a stretch the voice reads in one go, or an exact
/// silence. Each carries the 1-based line and column (in characters) where it starts in its file.
public enum ScriptPart: Sendable, Equatable, Hashable {
    /// Text read aloud in one go (lines of one stretch are joined with a space).
    case speech(String, line: Int, column: Int)
    /// Exactly this many seconds of silence.
    case pause(Double, line: Int, column: Int)

    /// The text of a speech part, nil for a pause.
    public var text: String? {
        if case .speech(let text, _, _) = self { return text }
        return nil
    }

    /// The seconds of a pause, nil for speech.
    public var pauseSeconds: Double? {
        if case .pause(let seconds, _, _) = self { return seconds }
        return nil
    }

    /// Where the part starts.
    public var line: Int {
        switch self {
        case .speech(_, let line, _), .pause(_, let line, _): return line
        }
    }

    /// The column where the part starts.
    public var column: Int {
        switch self {
        case .speech(_, _, let column), .pause(_, _, let column): return column
        }
    }
}
