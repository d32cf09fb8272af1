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
    private let estimated: Set<ItemID>

    init(library: ContentLibrary) {
        estimated = Set(library.entries.filter(\.durationIsEstimate).map(\.id))
    }

    /// Notes `program`'s length when it is a laid-out program of an item the library estimated.
    func note(_ id: ItemID, _ program: PreparedProgram) {
        guard estimated.contains(id), let plan = program.plan else { return }
        let seconds = plan.format.seconds(plan.lengthFrames)
        lock.lock()
        found.append((id, seconds))
        lock.unlock()
    }

    /// The lengths noted since the last call, as events for the core.
    func take() -> [Event] {
        lock.lock()
        defer { found.removeAll(); lock.unlock() }
        return found.map { .lengthMeasured($0.0, seconds: $0.1) }
    }
}
