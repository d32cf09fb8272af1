/// The sessions and night events the box knows of: loaded from the store at start
/// (`Event.historyLoaded`) and added to as the box records them. Each is kept once (by its key).
public struct HistoryLog: Sendable, Equatable {
    public private(set) var sessions: [SessionRecord] = []
    public private(set) var events: [NightEvent] = []
    /// The nights of `sessions`, summed up as they are added.
    public private(set) var nightIndex = NightIndex()
    private var keys: Set<String> = []

    public init(_ records: [HistoryRecord] = []) {
        for r in records { add(r) }
    }

    /// Adds a record unless the log has it already; sessions stay in start order.
    public mutating func add(_ record: HistoryRecord) {
        guard keys.insert(record.key).inserted else { return }
        switch record {
        case .session(let s):
            if let last = sessions.last, last.startedAt > s.startedAt {
                sessions.insert(s, at: sessions.firstIndex { $0.startedAt > s.startedAt } ?? sessions.endIndex)
                // Sums in start order, as from scratch.
                nightIndex = NightIndex(sessions)
            } else {
                sessions.append(s)
                nightIndex.appendInOrder(s)
            }
        case .event(let e):
            if let last = events.last, last.at > e.at {
                events.insert(e, at: events.firstIndex { $0.at > e.at } ?? events.endIndex)
            } else {
                events.append(e)
            }
        }
    }
}
