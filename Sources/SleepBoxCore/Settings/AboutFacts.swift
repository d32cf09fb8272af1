/// What the about screen shows that only the runner knows (the core reads no files): delivered
/// with `Event.aboutFacts`. A fact not known yet is nil and shows as a dash.
public struct AboutFacts: Sendable, Equatable {
    /// The software's version, e.g. "0.9.0".
    public var version: String?
    /// Bytes free where the box keeps its state and content.
    public var freeBytes: Int64?
    /// Where the wall clock's time comes from ("NTP", "RTC", "set by hand"), when the runner knows.
    public var clockSource: String?
    /// One line about last night, e.g. "23:10-06:45, 7 h 35 min".
    public var lastNight: String?

    public init(version: String? = nil, freeBytes: Int64? = nil, clockSource: String? = nil, lastNight: String? = nil) {
        self.version = version
        self.freeBytes = freeBytes
        self.clockSource = clockSource
        self.lastNight = lastNight
    }
}
