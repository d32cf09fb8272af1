import Foundation
import SleepBoxCore
import Testing

/// A restart soon after a crash picks up where the item had got to; after a long outage it
/// resumes at the saved position.
@Suite struct RestartTests {
    /// A meditation saved 12 s in, then restarted `down` seconds after the save.
    func restored(down: Double) throws -> (position: Double, commands: [Command], saved: Double, item: ItemID) {
        let e = try SnapshotTests.evening()
        let snapshot = e.t.box.snapshot(at: e.t.now)
        let saved = try #require(snapshot.item?.position)
        var box = Box(config: e.t.config, catalog: Fixture.catalog, seed: 1)
        let boot = Moment(uptime: 2, wall: e.t.now.wall + down)
        let commands = box.start(at: boot, restoring: snapshot)
        let (item, position) = try #require(box.currentItem(at: boot))
        return (position, commands, saved, item.id)
    }

    @Test(arguments: [0.0, 1.5, 9, 15])
    func aQuickRestartResumesWhereTheItemHadGotTo(down: Double) throws {
        let r = try restored(down: down)
        #expect(r.position == r.saved + down)
        #expect(r.commands == [.setVolume(percent: 55), .play(r.item, from: r.saved + down), .persist])
    }

    @Test(arguments: [15.5, 60.0, 200.0])
    func afterALongerOutageItResumesAtTheSavedPosition(down: Double) throws {
        let r = try restored(down: down)
        #expect(r.position == r.saved)
    }

    @Test func aClockThatWentBackDoesNotMoveThePosition() throws {
        let r = try restored(down: -30)
        #expect(r.position == r.saved)
    }
}
