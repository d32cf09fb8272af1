/// What the about screen shows that only the runner knows (the core reads no files): delivered
/// with `Event.aboutFacts`. A fact not known yet is nil and shows as a dash. (The clock's source
/// is the core's own: `BoxState.clockSource`.)
public struct AboutFacts: Sendable, Equatable {
    /// The software's version, e.g. "0.9.0".
    public var version: String?
    /// Bytes free where the box keeps its state and content.
    public var freeBytes: Int64?
    /// One line about last night, e.g. "23:10-06:45, 7 h 35 min".
    public var lastNight: String?

    public init(version: String? = nil, freeBytes: Int64? = nil, lastNight: String? = nil) {
        self.version = version
        self.freeBytes = freeBytes
        self.lastNight = lastNight
    }
}
