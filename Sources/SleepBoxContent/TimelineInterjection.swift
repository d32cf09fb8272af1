/// An `[[interjection]]` of a guided timeline: one of `options`, chosen at random, starts at a
/// random time between `from` and `to`.
public struct TimelineInterjection: Sendable, Equatable {
    /// One option: its text as written and as parts.
    public struct Option: Sendable, Equatable {
        /// The text as written.
        public var text: String
        /// The text as speech and exact silences (read like a `marked` script).
        public var parts: [ScriptPart]
    }

    /// The earliest start, in seconds after `start_delay`.
    public var from: Double
    /// The latest start, in seconds after `start_delay`.
    public var to: Double
    /// The texts to choose from (at least one).
    public var options: [Option]
    /// The line of the `[[interjection]]` header.
    public var line: Int?
}
