import Foundation
import SleepBoxSystem

/// How far rendering the library ahead has come: the items and the clips (distinct stretches of
/// speech the cache lacked) of the run, how many are done, and the item being rendered, as
/// `sleepbox content render` shows them; `ctl status` shows them as `speechRender`. Thread-safe.
public final class RenderProgress: @unchecked Sendable {
    /// One moment of a run.
    public struct Snapshot: Sendable, Equatable {
        /// Items to render in this run, and those done.
        public var items = 0
        public var itemsDone = 0
        /// Clips to render in this run, and those of the items not done yet.
        public var clips = 0
        public var clipsLeft = 0
        /// The item being rendered, nil between runs.
        public var current: String?

        /// Items not done yet.
        public var itemsLeft: Int { items - itemsDone }

        /// The status's `speechRender` object.
        public var statusValue: JSONValue {
            .object([("items", .number(Double(items))), ("itemsDone", .number(Double(itemsDone))),
                     ("itemsLeft", .number(Double(itemsLeft))), ("clips", .number(Double(clips))),
                     ("clipsLeft", .number(Double(clipsLeft))), ("current", current.map(JSONValue.string) ?? .null)])
        }
    }

    private let lock = NSLock()
    private var now = Snapshot()
    private var pending: [(id: String, clips: Int)] = []
    private var run = 0
    /// Clips stored so far (the speech cache's count), and that count when the current item began:
    /// the clips left go down as the item's clips are rendered, not only when it is done.
    private var stored: @Sendable () -> Int = { 0 }
    private var storedAtItemStart = 0

    public init() {}

    /// A new run over `items` (in the order they are rendered), each with the clips it lacks;
    /// returns the run's number (a run that was stopped may still finish an item: it is not counted).
    /// `stored` counts the clips stored in the speech cache.
    @discardableResult
    func start(items: [(id: String, clips: Int)], stored: @escaping @Sendable () -> Int = { 0 }) -> Int {
        lock.withLock {
            run += 1
            self.stored = stored
            storedAtItemStart = stored()
            pending = items
            let clips = items.reduce(0) { $0 + $1.clips }
            now = Snapshot(items: items.count, itemsDone: 0, clips: clips, clipsLeft: clips, current: items.first?.id)
            return run
        }
    }

    /// The next item of run `number` is done (rendered, or given up).
    func advance(run number: Int) {
        lock.withLock {
            guard number == run, !pending.isEmpty else { return }
            let done = pending.removeFirst()
            now.itemsDone += 1
            now.clipsLeft -= done.clips
            now.current = pending.first?.id
            storedAtItemStart = stored()
        }
    }

    /// Run `number` stopped before its end (the voices changed: a new run follows).
    func stop(run number: Int) {
        lock.withLock {
            guard number == run else { return }
            pending = []
            now.current = nil
        }
    }

    /// The run now.
    public var snapshot: Snapshot {
        lock.withLock {
            var s = now
            // The current item's clips rendered so far (a clip stored for an item played meanwhile
            // may count too: never more than the item has).
            if let current = pending.first, current.id == s.current {
                s.clipsLeft -= min(current.clips, max(0, stored() - storedAtItemStart))
            }
            return s
        }
    }

    /// Items rendered and items to render.
    public var state: (done: Int, total: Int) {
        let s = snapshot
        return (s.itemsDone, s.items)
    }
}
