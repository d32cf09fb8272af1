import Foundation
import SleepBoxContent
import SleepBoxCore

/// Real item lengths learnt while preparing programs, on whichever thread prepared them (the
/// loop, the worker, the render-ahead thread), until the loop hands them to the core as
/// `Event.lengthMeasured`.
final class MeasuredLengths: @unchecked Sendable {
    private let lock = NSLock()
    private var found: [(ItemID, Double)] = []
    /// The items whose length the library could only estimate: only theirs are worth telling.
    private var estimated: Set<ItemID>

    init(library: ContentLibrary) {
        estimated = Set(library.entries.filter(\.durationIsEstimate).map(\.id))
    }

    /// Notes `program`'s length when it is a laid-out program of an item the library estimated.
    func note(_ id: ItemID, _ program: PreparedProgram) {
        guard let plan = program.plan else { return }
        note(id, seconds: plan.format.seconds(plan.lengthFrames))
    }

    /// Notes an item's length in seconds when the library estimated it (once until it is taken:
    /// a program is noted where it is prepared and again where it is announced).
    func note(_ id: ItemID, seconds: Double) {
        lock.lock()
        if estimated.contains(id), !found.contains(where: { $0 == (id, seconds) }) { found.append((id, seconds)) }
        lock.unlock()
    }

    /// The library's lengths were worked out again (another voice or rate): the items it can
    /// only estimate now are worth telling once more.
    func estimate(_ library: ContentLibrary) {
        let ids = Set(library.entries.filter(\.durationIsEstimate).map(\.id))
        lock.lock()
        estimated = ids
        lock.unlock()
    }

    /// The lengths noted since the last call, as events for the core.
    func take() -> [Event] {
        lock.lock()
        defer { found.removeAll(); lock.unlock() }
        return found.map { .lengthMeasured($0.0, seconds: $0.1) }
    }
}
