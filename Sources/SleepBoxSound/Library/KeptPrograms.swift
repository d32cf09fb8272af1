import SleepBoxContent
import SleepBoxCore

/// The prepared programs of the items opened last, the newest kept and the oldest let go
/// beyond `capacity`: spoken programs hold their speech (a few tens of megabytes each), so a
/// box keeps the current item's and the previous one's, for a skip back or a restart.
struct KeptPrograms {
    /// How many programs are kept.
    let capacity: Int
    private var programs: [ItemID: PreparedProgram] = [:]
    /// Oldest first.
    private var order: [ItemID] = []

    init(capacity: Int) { self.capacity = max(1, capacity) }

    subscript(id: ItemID) -> PreparedProgram? { programs[id] }

    /// Keeps `program` for `id` as the newest, letting the oldest go beyond `capacity`.
    mutating func keep(_ id: ItemID, _ program: PreparedProgram) {
        programs[id] = program
        order.removeAll { $0 == id }
        order.append(id)
        while order.count > capacity { programs[order.removeFirst()] = nil }
    }

    /// Lets `id`'s program go (it is to be laid out anew).
    mutating func remove(_ id: ItemID) {
        programs[id] = nil
        order.removeAll { $0 == id }
    }

    /// Lets every program go (the voice or the cues changed).
    mutating func removeAll() {
        programs.removeAll()
        order.removeAll()
    }

    /// The items kept, oldest first.
    var ids: [ItemID] { order }
}
