/// The session being heard now (`BoxState.openSession`): kept in the snapshot, so one cut by a
/// crash or a power cut is closed at the next start with the time heard up to the last save.
public struct OpenSession: Sendable, Equatable, Codable {
    public var itemID: String
    public var kind: String
    public var title: String
    public var startedAt: Double
    public var startOffset: Int
    /// Seconds heard before `runningSince`.
    public var heard: Double
    /// Uptime the sound last started (nil while paused). Not saved: the snapshot holds `heard`
    /// up to the save.
    public var runningSince: Double?
    public var timerMinutes: Double?

    enum CodingKeys: String, CodingKey {
        case itemID, kind, title, startedAt, startOffset, heard, timerMinutes
    }

    public init(itemID: String, kind: String, title: String, startedAt: Double, startOffset: Int, heard: Double = 0,
                runningSince: Double? = nil, timerMinutes: Double? = nil) {
        self.itemID = itemID
        self.kind = kind
        self.title = title
        self.startedAt = startedAt
        self.startOffset = startOffset
        self.heard = heard
        self.runningSince = runningSince
        self.timerMinutes = timerMinutes
    }

    /// Seconds heard up to `uptime`.
    public func heard(at uptime: Double) -> Double { heard + (runningSince.map { max(0, uptime - $0) } ?? 0) }

    /// The record of this session ended at `end` (wall) with `offset`.
    func record(endedAt end: Double, offset: Int, heard: Double, ending: SessionEnding, cycles: Int?) -> SessionRecord {
        SessionRecord(itemID: itemID, kind: kind, title: title, startedAt: startedAt, startOffset: startOffset,
                      endedAt: max(end, startedAt), endOffset: offset, heardSeconds: (heard * 1000).rounded() / 1000,
                      ending: ending, breathingCycles: cycles, timerMinutes: timerMinutes)
    }
}
