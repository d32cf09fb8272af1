import Foundation
import SleepBoxCore
import Testing

/// Spec 8: the snapshot and restoring from it.
@Suite struct SnapshotTests {
    /// A box playing a meditation for 12 s with a 5-minute timer, the volume at 55.
    struct Evening {
        var t: BoxTester
        var item: ItemID
        var started: Double
        var commit: Moment
    }

    static func evening(alarm: AlarmSettings? = AlarmSettings(hour: 6, minute: 30)) throws -> Evening {
        var t = try BoxTester.started(alarm: alarm, timerChoices: [5])
        let item = try t.leafToMeditation(after: 1)
        let started = t.now.uptime - 0.25
        let commit = t.setTimer(1)
        let turn = t.now.uptime + 1
        t.send(.knobTurned(detents: 1), after: 1, update: {
            $0.volume = 55
            $0.overlay = .volume(until: turn + 2)
        }, commands: [.setVolume(percent: 55), .persist])
        t.send(.timePassed, after: 10, update: { $0.overlay = nil }, commands: [])
        return Evening(t: t, item: item, started: started, commit: commit)
    }

    @Test func theSnapshotHoldsEverythingNeededToResume() throws {
        let e = try Self.evening()
        let now = e.t.now
        let s = e.t.box.snapshot(at: now)
        let position = now.uptime - e.started
        #expect(s.version == Snapshot.currentVersion && Snapshot.currentVersion == 1)
        #expect(s.savedAt == now.wall)
        #expect(s.mode == .meditation)
        #expect(s.lastMode == .meditation)
        #expect(s.item?.id == e.item)
        #expect(s.item?.position == position)
        #expect(s.item?.playing == true)
        #expect(s.timer?.choice == .minutes(5))
        #expect(s.timer?.deadline == e.commit.wall + 300)
        #expect(s.timer?.length == 300)
        #expect(s.timerPreference == .minutes(5))
        #expect(s.alarm == AlarmSettings(hour: 6, minute: 30))
        #expect(s.configuredAlarm == AlarmSettings(hour: 6, minute: 30))
        #expect(s.alarmLog == e.t.state.alarmLog)
        #expect(s.ringingSince == nil && s.snoozedUntil == nil)
        #expect(s.volume == 55)
        #expect(s.configuredVolume == 50)
        #expect(s.contentCompleted == false)
        #expect(s.lastTitle == Fixture.title(e.item))
        #expect(s.progress == [e.item: ProgressEntry(position: position, duration: Fixture.duration(e.item), updated: now.wall)])
        #expect(s.shuffle == ["meditation": try #require(e.t.state.shuffle[.meditation])])
        #expect(s.rng == e.t.state.rng)
    }

    @Test func restoringAfterACrashResumesTheSameItemJustBeforeTheSavedPosition() throws {
        let e = try Self.evening()
        let snapshot = e.t.box.snapshot(at: e.t.now)
        // 3 s before the save (`resumeRewindSeconds`): never ahead of what was heard.
        let position = e.t.now.uptime - e.started - 3
        let saved = e.t.state
        // Down for two minutes; the new boot's uptime starts near zero.
        let boot = Moment(uptime: 5, wall: e.t.now.wall + 120)
        let deadline = 5 + (e.commit.wall + 300 - boot.wall)
        var t = BoxTester(config: e.t.config, seed: 99, at: boot)
        t.start(restoring: snapshot, update: {
            $0.mode = .meditation
            $0.lastMode = .meditation
            $0.phase = .playing(Playback(item: e.item, position: position, anchor: 5))
            $0.heard = HeardMark(item: e.item, position: position + 3)
            $0.timer = SleepTimer(choice: .minutes(5), deadline: deadline, length: 300)
            $0.timerPreference = .minutes(5)
            $0.volume = 55
            $0.alarmLog = saved.alarmLog
            $0.lastTitle = saved.lastTitle
            $0.progress = snapshot.progress
            $0.shuffle = saved.shuffle
            $0.rng = saved.rng
        }, commands: [.setVolume(percent: 55), .play(e.item, from: position), .persist])

        // The timer goes on from where it was: the fade starts at the original wall deadline.
        let fade = Moment(uptime: deadline, wall: e.commit.wall + 300)
        t.send(.timePassed, at: fade, update: {
            $0.timer = nil
            $0.progress[e.item] = ProgressEntry(position: position + (deadline - 5), duration: Fixture.duration(e.item), updated: fade.wall)
            $0.phase = .fadingOut(Playback(item: e.item, position: position + (deadline - 5), anchor: deadline),
                                  since: deadline, until: deadline + 30, reason: .sleepTimer)
        }, commands: [.rampGain(to: 0, over: 30, curve: .decibelLinear), .persist])

        // The restored shuffle bag goes on too: the next skip is no repeat.
        #expect(t.state.shuffle == saved.shuffle)
    }

    @Test func restoringAfterTheTimerDeadlineComesUpIdle() throws {
        let e = try Self.evening()
        let snapshot = e.t.box.snapshot(at: e.t.now)
        let saved = e.t.state
        var t = BoxTester(config: e.t.config, at: Moment(uptime: 5, wall: e.commit.wall + 300))
        t.start(restoring: snapshot, update: {
            $0.mode = .meditation
            $0.lastMode = .meditation
            $0.timerPreference = .minutes(5)
            $0.volume = 55
            $0.alarmLog = saved.alarmLog
            $0.lastTitle = saved.lastTitle
            $0.progress = snapshot.progress
            $0.shuffle = saved.shuffle
            $0.rng = saved.rng
        }, commands: [.setVolume(percent: 55), .persist])
        #expect(t.screen().name == "idle")
    }

    @Test func restoringAPausedItemComesUpIdle() throws {
        var e = try Self.evening()
        let pause = e.t.at(1 + 0.25)
        let item = e.item, started = e.started
        e.t.tap(.knob, after: 1, update: {
            $0.phase = .paused(Playback(item: item, position: pause.uptime - started, anchor: pause.uptime))
        }, commands: [.pause, .persist])
        let snapshot = e.t.box.snapshot(at: e.t.now.advanced(by: 100))
        #expect(snapshot.item?.playing == false)
        #expect(snapshot.item?.position == pause.uptime - started)
        var box = Box(config: e.t.config, catalog: Fixture.catalog, seed: 1)
        let commands = box.start(at: Moment(uptime: 3, wall: e.t.now.wall + 200), restoring: snapshot)
        #expect(commands.withoutRecords == [.setVolume(percent: 55), .persist])
        #expect(box.state.phase == .idle)
        #expect(box.state.progress[item]?.position == pause.uptime - started)
    }

    @Test func restoringDuringAFadeComesUpIdle() throws {
        var e = try Self.evening()
        let deadline = Moment(uptime: e.commit.uptime + 300, wall: e.commit.wall + 300)
        let heard = deadline.uptime - e.started
        let item = e.item
        e.t.send(.timePassed, at: deadline, update: {
            $0.timer = nil
            $0.progress[item] = ProgressEntry(position: heard, duration: Fixture.duration(item), updated: deadline.wall)
            $0.phase = .fadingOut(Playback(item: item, position: heard, anchor: deadline.uptime),
                                  since: deadline.uptime, until: deadline.uptime + 30, reason: .sleepTimer)
        }, commands: [.rampGain(to: 0, over: 30, curve: .decibelLinear), .persist])
        let snapshot = e.t.box.snapshot(at: e.t.now.advanced(by: 10))
        #expect(snapshot.item == nil)
        #expect(snapshot.timer == nil)
        #expect(snapshot.progress[item]?.position == heard)
        var box = Box(config: e.t.config, catalog: Fixture.catalog, seed: 1)
        let commands = box.start(at: Moment(uptime: 3, wall: deadline.wall + 40), restoring: snapshot)
        #expect(commands.withoutRecords == [.setVolume(percent: 55), .persist])
        #expect(box.state.phase == .idle)
    }

    @Test func theLastModeAndTheVolumeArePersisted() throws {
        var t = try BoxTester.started()
        try t.leafToMeditation(after: 1)
        let poem = try t.pick(.poetry)
        let cross = t.at(1)
        t.tap(.leaf, after: 1, update: { s in
            guard case .playing(let p) = s.phase else { return }
            let heard = p.position + (cross.uptime - p.anchor)
            s.progress[p.item] = ProgressEntry(position: heard, duration: Fixture.duration(p.item), updated: cross.wall)
            s.mode = .poetry
            s.lastMode = .poetry
            s.phase = .crossfading(from: Playback(item: p.item, position: heard, anchor: cross.uptime),
                                   to: Playback(item: poem.item, position: 0, anchor: cross.uptime),
                                   since: cross.uptime, until: cross.uptime + 1.5, reason: .modeChange)
            s.lastTitle = Fixture.title(poem.item)
            poem.apply(to: &s)
        }, commands: [.crossfade(to: poem.item, from: 0, over: 1.5), .persist])
        t.send(.timePassed, after: 1.5, update: {
            $0.phase = .playing(Playback(item: poem.item, position: 0, anchor: cross.uptime))
        }, commands: [])
        let off = t.at(1)
        t.tap(.leaf, after: 1, update: {
            $0.mode = .off
            let heard = off.uptime - cross.uptime
            $0.progress[poem.item] = ProgressEntry(position: heard, duration: Fixture.duration(poem.item), updated: off.wall)
            $0.phase = .fadingOut(Playback(item: poem.item, position: heard, anchor: off.uptime),
                                  since: off.uptime, until: off.uptime + 1.5, reason: .stoppedByHand)
        }, commands: [.rampGain(to: 0, over: 1.5, curve: .equalPower), .persist])
        t.send(.timePassed, after: 1.5, update: { $0.phase = .idle }, commands: [.stop, .persist])
        let turn = t.now.uptime + 1
        t.send(.knobTurned(detents: -2), after: 1, update: {
            $0.volume = 40
            $0.overlay = .volume(until: turn + 2)
        }, commands: [.setVolume(percent: 40), .persist])

        let snapshot = t.box.snapshot(at: t.now)
        #expect(snapshot.mode == .off)
        #expect(snapshot.lastMode == .poetry)
        #expect(snapshot.volume == 40)
        var box = Box(config: t.config, catalog: Fixture.catalog, seed: 1)
        #expect(box.start(at: Moment(uptime: 1, wall: t.now.wall + 3600), restoring: snapshot) == [.setVolume(percent: 40), .persist])
        #expect(box.state.lastMode == .poetry)
        #expect(box.state.mode == .off)
        #expect(box.state.volume == 40)
        #expect(box.display(at: Moment(uptime: 1, wall: t.now.wall + 3600)).screen.name == "idle")
    }

    @Test func aRingingAlarmRingsOnAfterARestart() throws {
        var t = try BoxTester.started(alarm: AlarmSettings(hour: 6, minute: 30))
        let instant = try utc(2026, 11, 24, 5, 30)
        t.expectRing(at: instant)
        let snapshot = t.box.snapshot(at: t.at(60))
        #expect(snapshot.ringingSince == instant)
        var box = Box(config: t.config, catalog: Fixture.catalog, seed: 1)
        let commands = box.start(at: Moment(uptime: 4, wall: instant + 120), restoring: snapshot)
        #expect(commands == [.setVolume(percent: 50), ringCommand, .persist])
        #expect(box.state.phase == .ringing(AlarmRing(since: 4 - 120, greetingPending: false)))
        // It still stops 30 min after it first rang.
        #expect(box.nextDeadline.uptime == Double(4 - 120 + 1800))
    }

    // MARK: JSON

    @Test func snapshotsSurviveAJSONRoundTrip() throws {
        let e = try Self.evening()
        var snapshots = [e.t.box.snapshot(at: e.t.now)]
        // A large generator state, an End-of-content timer, a ring, a skipped alarm.
        var other = snapshots[0]
        other.rng = SplitMix64(seed: 0xDEAD_BEEF_CAFE_BABE)
        other.timer = nil
        other.timerPreference = .endOfContent
        other.ringingSince = 1_795_500_000.25
        other.alarm = AlarmSettings(hour: 7, minute: 5, weekdays: [2, 4, 6], isEnabled: false, skipNext: true)
        other.item = nil
        snapshots.append(other)
        for s in snapshots {
            let data = try JSONEncoder().encode(s)
            let back = try JSONDecoder().decode(Snapshot.self, from: data)
            #expect(back == s)
            let json = try #require(String(data: data, encoding: .utf8))
            #expect(json.contains("\"version\":1"))
        }
    }

    @Test func aBoxRestoredFromJSONIsTheBoxRestoredFromTheValue() throws {
        let e = try Self.evening()
        let snapshot = e.t.box.snapshot(at: e.t.now)
        let decoded = try JSONDecoder().decode(Snapshot.self, from: JSONEncoder().encode(snapshot))
        let boot = Moment(uptime: 5, wall: e.t.now.wall + 60)
        var a = Box(config: e.t.config, catalog: Fixture.catalog, seed: 1)
        var b = Box(config: e.t.config, catalog: Fixture.catalog, seed: 1)
        #expect(a.start(at: boot, restoring: snapshot) == b.start(at: boot, restoring: decoded))
        #expect(a.state == b.state)
    }

    @Test func timerChoicesAreReadableInJSON() throws {
        let data = try JSONEncoder().encode([TimerChoice.off, .minutes(30), .minutes(0.5), .endOfContent])
        #expect(String(data: data, encoding: .utf8) == "[\"off\",30,0.5,\"end\"]")
        #expect(try JSONDecoder().decode([TimerChoice].self, from: data) == [.off, .minutes(30), .minutes(0.5), .endOfContent])
        #expect(throws: DecodingError.self) {
            _ = try JSONDecoder().decode([TimerChoice].self, from: Data("[\"soon\"]".utf8))
        }
    }

    @Test func aVolumeEditedInTheConfigSinceTheSaveWins() throws {
        let e = try Self.evening()
        let snapshot = e.t.box.snapshot(at: e.t.now)
        var config = e.t.config
        config.audio.volume = 30
        var box = Box(config: config, catalog: Fixture.catalog, seed: 1)
        let commands = box.start(at: Moment(uptime: 5, wall: e.t.now.wall + 60), restoring: snapshot)
        #expect(commands.first == .setVolume(percent: 30))
    }
}
