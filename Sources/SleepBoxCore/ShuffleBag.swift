/// A shuffle that plays every item of a pool once before any repeats, and never the same item
/// twice in a row (also across refills).
public struct ShuffleBag: Sendable, Equatable, Codable {
    /// Items still to come in this round, next first.
    public private(set) var upcoming: [ItemID] = []
    /// The item handed out last.
    public private(set) var last: ItemID?

    public init(upcoming: [ItemID] = [], last: ItemID? = nil) {
        self.upcoming = upcoming
        self.last = last
    }

    /// The next item of `pool`, or nil when the pool has nothing playable other than the item to
    /// avoid (`current`, else the last one handed out). Items that left the pool are dropped;
    /// items new to the pool join at the next round.
    public mutating func next(from pool: [ItemID], avoiding current: ItemID? = nil,
                              using rng: inout SplitMix64) -> ItemID? {
        let avoid = current ?? last
        upcoming.removeAll { !pool.contains($0) }
        if !upcoming.contains(where: { $0 != avoid }) {
            var round = pool
            round.shuffle(using: &rng)
            if round.count > 1, round[0] == avoid {
                round.swapAt(0, Int.random(in: 1..<round.count, using: &rng))
            }
            upcoming = round
        }
        guard let pick = upcoming.first(where: { $0 != avoid }) else { return nil }
        upcoming.removeAll { $0 == pick }
        last = pick
        return pick
    }
}
