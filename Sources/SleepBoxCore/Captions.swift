/// The caption timeline of the item playing: its sentences with their times, given to the core
/// once when the audio side has laid the item out (`Event.captionsFound`). The core picks the
/// line from the position itself, so no event per sentence is needed.
public struct Captions: Sendable, Equatable {
    /// The item the lines belong to.
    public var item: ItemID
    /// The sentences in time order.
    public var lines: [CaptionLine]

    /// Keeps `lines` sorted by their start.
    public init(item: ItemID, lines: [CaptionLine]) {
        self.item = item
        self.lines = lines.sorted { $0.start < $1.start }
    }

    /// The sentence being spoken at `position` (seconds from the start), or nil in a pause.
    public func line(at position: Double) -> CaptionLine? {
        // The last line that has started; lines are sorted, so a binary search finds it.
        var low = 0, high = lines.count
        while low < high {
            let mid = (low + high) / 2
            if lines[mid].start <= position { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return nil }
        let line = lines[low - 1]
        return position < line.end ? line : nil
    }

    /// The next position after `position` at which the caption changes (a line starts or ends),
    /// or nil when none does.
    public func nextChange(after position: Double) -> Double? {
        var low = 0, high = lines.count
        while low < high {
            let mid = (low + high) / 2
            if lines[mid].start <= position { low = mid + 1 } else { high = mid }
        }
        var next = low < lines.count ? lines[low].start : nil
        if low > 0, lines[low - 1].end > position { next = min(next ?? .infinity, lines[low - 1].end) }
        return next
    }
}
