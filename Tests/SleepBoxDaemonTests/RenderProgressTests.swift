import Foundation
import Testing
@testable import SleepBoxSound

/// How far rendering ahead has come, as `ctl status` shows it: items and clips left.
@Suite struct RenderProgressTests {
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func add(_ n: Int) { lock.withLock { value += n } }
        var count: Int { lock.withLock { value } }
    }

    @Test func itemsAndClipsLeftCountDownAsClipsAreStored() {
        let progress = RenderProgress(), stores = Counter()
        stores.add(7)  // clips stored before the run
        let run = progress.start(items: [("poem-a", 3), ("poem-b", 2)], stored: { stores.count })
        #expect(progress.snapshot == RenderProgress.Snapshot(items: 2, itemsDone: 0, clips: 5, clipsLeft: 5, current: "poem-a"))
        stores.add(2)
        #expect(progress.snapshot.clipsLeft == 3)
        stores.add(4)  // more than the item has (an item played meanwhile): never below the others' clips
        #expect(progress.snapshot.clipsLeft == 2)
        progress.advance(run: run)
        #expect(progress.snapshot == RenderProgress.Snapshot(items: 2, itemsDone: 1, clips: 5, clipsLeft: 2, current: "poem-b"))
        #expect(progress.snapshot.itemsLeft == 1)
        progress.advance(run: run)
        #expect(progress.snapshot == RenderProgress.Snapshot(items: 2, itemsDone: 2, clips: 5, clipsLeft: 0, current: nil))
    }

    @Test func aStoppedRunNoLongerCounts() {
        let progress = RenderProgress()
        let old = progress.start(items: [("poem-a", 3)])
        let new = progress.start(items: [("poem-b", 4), ("poem-c", 1)])
        progress.advance(run: old)
        progress.stop(run: old)
        #expect(progress.snapshot == RenderProgress.Snapshot(items: 2, itemsDone: 0, clips: 5, clipsLeft: 5, current: "poem-b"))
        progress.advance(run: new)
        #expect(progress.snapshot.itemsDone == 1 && progress.snapshot.clipsLeft == 1)
        #expect(progress.snapshot.statusValue.serialized
                == #"{"items":2,"itemsDone":1,"itemsLeft":1,"clips":5,"clipsLeft":1,"current":"poem-c"}"#)
    }
}
