/// The furthest position of an item the sleeper is known to have heard (see `BoxState.heard`).
public struct HeardMark: Sendable, Equatable {
    public var item: ItemID
    /// Seconds into the item.
    public var position: Double

    public init(item: ItemID, position: Double) {
        self.item = item
        self.position = position
    }
}
