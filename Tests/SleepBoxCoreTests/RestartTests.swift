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

    /// A crash loop: the box crashes again and again a few seconds after each restart, before the
    /// sound is back where the sleeper had heard it to. Every restart resumes 3 s before that
    /// same place (the state file, through JSON, keeps it), never 3 s further back each time.
    @Test func repeatedCrashesResumeBeforeTheSamePlace() throws {
        let e = try SnapshotTests.evening()
        var snapshot = e.t.box.snapshot(at: e.t.now)
        let saved = try #require(snapshot.item?.position)
        #expect(snapshot.item?.heard == nil)
        var wall = e.t.now.wall
        for _ in 1...6 {
            var box = Box(config: e.t.config, catalog: Fixture.catalog, seed: 1)
            let boot = Moment(uptime: 2, wall: wall + 5)
            let commands = box.start(at: boot, restoring: snapshot)
            #expect(commands.withoutRecords == [.setVolume(percent: 55), .play(e.item, from: saved - 3), .persist])
            #expect(box.state.heard == HeardMark(item: e.item, position: saved))
            // The start's save, then 2 s of sound (short of the place heard before), then the crash.
            let crash = Moment(uptime: 4, wall: boot.wall + 2)
            let save = box.snapshot(at: crash)
            #expect(save.item?.position == saved - 1)
            #expect(save.item?.heard == saved)
            snapshot = try JSONDecoder().decode(Snapshot.self, from: JSONEncoder().encode(save))
            wall = crash.wall
        }
    }

    /// Once the sound is past the place heard before, that place is forgotten: the next crash
    /// resumes 3 s before the newer save.
    @Test func afterCatchingUpTheRewindCountsFromTheNewSave() throws {
        let e = try SnapshotTests.evening()
        let first = e.t.box.snapshot(at: e.t.now)
        let saved = try #require(first.item?.position)
        var box = Box(config: e.t.config, catalog: Fixture.catalog, seed: 1)
        let boot = Moment(uptime: 2, wall: e.t.now.wall + 5)
        _ = box.start(at: boot, restoring: first)
        let later = Moment(uptime: 12, wall: boot.wall + 10)
        let save = box.snapshot(at: later)
        #expect(save.item?.position == saved + 7)
        #expect(save.item?.heard == nil)
        var again = Box(config: e.t.config, catalog: Fixture.catalog, seed: 1)
        let commands = again.start(at: Moment(uptime: 2, wall: later.wall + 5), restoring: save)
        #expect(commands.withoutRecords == [.setVolume(percent: 55), .play(e.item, from: saved + 4), .persist])
    }

    /// Going back by hand after a restore is what the listener wants: a crash then resumes
    /// before where they went to, not before the place heard earlier.
    @Test func seekingBackAfterARestoreForgetsThePlaceHeard() throws {
        let r = try restored(down: 4)
        var box = r.box
        _ = box.handle(.buttonPressed(.timer), at: Moment(uptime: r.boot.uptime + 1, wall: r.boot.wall + 1))
        let t = Moment(uptime: r.boot.uptime + 1.8, wall: r.boot.wall + 1.8)
        let commands = box.handle(.buttonHeld(.timer, seconds: 0.8), at: t)
        #expect(commands.contains(.seek(to: 0)))
        #expect(box.state.heard == nil)
        #expect(box.snapshot(at: t).item?.heard == nil)
    }
}
