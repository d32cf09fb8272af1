/// A `[[segment]]` of a guided timeline: text that starts at exactly `at`.
public struct TimelineSegment: Sendable, Equatable {
    /// When the text starts, in seconds after `start_delay`.
    public var at: Double
    /// The text as written.
    public var text: String
    /// The text as speech and exact silences (read like a `marked` script).
    public var parts: [ScriptPart]
    /// The line of the `[[segment]]` header.
    public var line: Int?
}
