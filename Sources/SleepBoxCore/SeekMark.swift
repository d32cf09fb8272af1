/// The now-playing screen's mark after a seek by hand ("+15 s", "-30 s"): how far the holds of
/// skip (forward) or the timer (back) moved, added up while it shows.
public struct SeekMark: Sendable, Equatable {
    /// Whole seconds moved: positive forward, negative back.
    public var seconds: Int
    /// The uptime it goes.
    public var until: Double

    public init(seconds: Int, until: Double) {
        self.seconds = seconds
        self.until = until
    }

    /// How long the mark shows after the last seek.
    public static let showSeconds = 1.5

    /// "+15 s", "-30 s".
    public var text: String { (seconds < 0 ? "-" : "+") + String(abs(seconds)) + " s" }
}
