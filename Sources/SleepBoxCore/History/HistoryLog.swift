/// The sessions and night events the box knows of: loaded from the store at start
/// (`Event.historyLoaded`) and added to as the box records them. Each is kept once (by its key).
public struct HistoryLog: Sendable, Equatable {
    public private(set) var sessions: [SessionRecord] = []
    public private(set) var events: [NightEvent] = []
    /// The nights of `sessions`, summed up as they are added.
    public private(set) var nightIndex = NightIndex()
    private var keys: Set<String> = []
    /// The nights the store handed over summed up (`HistoryRecord.night`), in order of day.
    private var summaries: [NightIndex.Summary] = []

    public init(_ records: [HistoryRecord] = []) {
        for r in records { add(r) }
    }

    /// Adds a record unless the log has it already or it is out of range (`HistoryRange`);
    /// sessions stay in start order.
    public mutating func add(_ record: HistoryRecord) {
        switch record {
        case .session(let s): guard HistoryRange.problem(s) == nil else { return }
        case .event(let e): guard HistoryRange.problem(e) == nil else { return }
        case .night: break
        }
        guard keys.insert(record.key).inserted else { return }
        switch record {
        case .session(let s):
            if let last = sessions.last, last.startedAt > s.startedAt {
                sessions.insert(s, at: sessions.firstIndex { $0.startedAt > s.startedAt } ?? sessions.endIndex)
                // Sums in start order, as from scratch.
                nightIndex = NightIndex(summaries: summaries, sessions: sessions)
            } else {
                sessions.append(s)
                nightIndex.appendInOrder(s)
            }
        case .night(let n):
            if let last = summaries.last, last.day > n.day {
                summaries.insert(n, at: summaries.firstIndex { $0.day > n.day } ?? summaries.endIndex)
            } else {
                summaries.append(n)
            }
            if sessions.isEmpty, nightIndex.nights.last.map({ $0.day < n.day }) ?? true {
                nightIndex.appendSummary(n)
            } else {
                nightIndex = NightIndex(summaries: summaries, sessions: sessions)
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
