import Foundation
import SleepBoxCore
import Testing

/// After a crash or a power cut the item resumes a little before its last saved position, never
/// ahead of it: nobody knows how long the sound went on after the save.
@Suite struct RestartTests {
    /// A meditation saved 12 s in, played on for `heard` seconds after the save (the sound the
    /// sleeper heard that the state file never learnt of), then restarted `down` seconds after
    /// the cut.
    func restored(heard: Double = 0, down: Double) throws -> (box: Box, commands: [Command], saved: Double, item: ItemID, boot: Moment) {
        let e = try SnapshotTests.evening()
        let snapshot = e.t.box.snapshot(at: e.t.now)
        let saved = try #require(snapshot.item?.position)
        var box = Box(config: e.t.config, catalog: Fixture.catalog, seed: 1)
        let boot = Moment(uptime: 2, wall: e.t.now.wall + heard + down)
        let commands = box.start(at: boot, restoring: snapshot)
        return (box, commands, saved, e.item, boot)
    }

    @Test(arguments: [0.0, 1.5, 9, 15, 15.5, 60, 200])
    func anOutageOfAnyLengthResumesJustBeforeTheSave(down: Double) throws {
        let r = try restored(heard: 10, down: down)
        let rewind = PlaybackSettings().resumeRewindSeconds
        #expect(rewind == 3)
        let (item, position) = try #require(r.box.currentItem(at: r.boot))
        #expect(item.id == r.item)
        #expect(position == r.saved - rewind)
        #expect(r.box.state.phase == .playing(Playback(item: r.item, position: r.saved - rewind, anchor: r.boot.uptime)))
        #expect(r.commands.withoutRecords == [.setVolume(percent: 55), .play(r.item, from: r.saved - rewind), .persist])
    }

    /// The sleeper heard up to `saved + heard`; the box never resumes past what it knows was heard.
    @Test(arguments: [0.0, 0.5, 14.9])
    func itNeverResumesAheadOfWhatWasHeard(heard: Double) throws {
        let r = try restored(heard: heard, down: 4)
        let (_, position) = try #require(r.box.currentItem(at: r.boot))
        #expect(position <= r.saved)
        #expect(position <= r.saved + heard)
    }

    @Test func aClockThatWentBackDoesNotMoveThePosition() throws {
        let r = try restored(down: -30)
        let (_, position) = try #require(r.box.currentItem(at: r.boot))
        #expect(position == r.saved - 3)
    }

    @Test func anItemSavedInItsFirstSecondsResumesAtItsStart() throws {
        let e = try SnapshotTests.evening()
        var snapshot = e.t.box.snapshot(at: e.t.now)
        snapshot.item?.position = 2
        var box = Box(config: e.t.config, catalog: Fixture.catalog, seed: 1)
        let boot = Moment(uptime: 2, wall: e.t.now.wall + 5)
        let commands = box.start(at: boot, restoring: snapshot)
        #expect(commands.withoutRecords == [.setVolume(percent: 55), .play(e.item, from: 0), .persist])
    }
}
