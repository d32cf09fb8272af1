import Foundation
import SleepBoxCore
import Testing

/// Lengths: an estimated length gives way to the measured one everywhere, and the measured one
/// survives a restart (an estimate never replaces it), so the resume point and the remaining
/// time agree before and after.
@Suite struct BoxLengthTests {
    /// The story's length estimated at 8:12; its speech, rendered, lasts 10:33.
    static let estimate = 492.0
    static let real = 633.0
    static let catalog = Catalog(items: [
        ContentItem(id: "story-fox", title: "The Fox", kind: .story, duration: estimate, durationIsEstimate: true),
        ContentItem(id: "story-owl", title: "The Owl", kind: .story, duration: 900),
    ])

    /// A box in the evening that plays the story from the menu (Featured, Favorites, Sleep
    /// stories: the third row; a press on its row opens its details, a press there plays it).
    static func playing() throws -> (box: Box, now: Moment) {
        var box = Box(config: try Fixture.config(), catalog: catalog, seed: 3)
        var now = Moment(uptime: 100, wall: try utc(2026, 11, 23, 21, 30))
        _ = box.start(at: now, restoring: nil)
        let events: [Event] = [.buttonPressed(.knob), .buttonHeld(.knob, seconds: 0.8), .buttonReleased(.knob), .knobTurned(detents: 2),
                               .buttonPressed(.knob), .buttonReleased(.knob), .buttonPressed(.knob), .buttonReleased(.knob),
                               .buttonPressed(.knob), .buttonReleased(.knob)]
        for event in events {
            now = now.advanced(by: 0.5)
            _ = box.handle(event, at: now)
        }
        #expect(box.state.playback?.item == "story-fox")
        return (box, now)
    }

    func nowPlaying(_ box: Box, at now: Moment) throws -> NowPlayingScreen {
        guard case .nowPlaying(let screen) = box.display(at: now).screen else { throw CancellationError() }
        return screen
    }

    @Test func aMeasuredLengthReplacesTheEstimateEverywhere() throws {
        var (box, now) = try Self.playing()
        #expect(try nowPlaying(box, at: now).duration == Self.estimate)
        now = now.advanced(by: 1)
        let before = box.state
        let commands = box.handle(.lengthMeasured("story-fox", seconds: Self.real), at: now)
        #expect(commands == [.persist], "a length measured is saved at once, as every saved field is")
        var expected = before
        expected.measuredLengths = ["story-fox": Self.real]
        expected.lastPersistUptime = now.uptime
        expected.alarmLog.checkedUntil = now.wall
        expected.reminderLog.checkedUntil = now.wall
        #expect(box.state == expected, "only the measured length is new in the state")
        #expect(box.catalog.item("story-fox") == ContentItem(id: "story-fox", title: "The Fox", kind: .story, duration: Self.real))
        #expect(try nowPlaying(box, at: now).duration == Self.real)
        // The menu lists it at its real length: 11 min, not 8 (Sleep stories is the fifth row
        // while something plays: Restart and the favourite's row head the list).
        for event: Event in [.buttonPressed(.knob), .buttonHeld(.knob, seconds: 0.8), .buttonReleased(.knob), .knobTurned(detents: 4),
                             .buttonPressed(.knob), .buttonReleased(.knob)]  {
            now = now.advanced(by: 0.5)
            _ = box.handle(event, at: now)
            if case .menu(let menu) = box.display(at: now).screen, menu.title == "Sleep stories" { break }
        }
        guard case .menu(let menu) = box.display(at: now).screen else { throw CancellationError() }
        #expect(menu.rows.map(\.detail) == [nil, "11 min", "15 min"])
        // A length for an item the box does not know, or no length at all, changes nothing.
        let known = box.state
        _ = box.handle(.lengthMeasured("story-none", seconds: 10), at: now)
        _ = box.handle(.lengthMeasured("story-owl", seconds: .nan), at: now)
        #expect(box.state == known)
    }

    @Test func theResumePointAndTheRemainingTimeAgreeAcrossARestart() throws {
        var (box, now) = try Self.playing()
        _ = box.handle(.lengthMeasured("story-fox", seconds: Self.real), at: now)
        // Nine and a half minutes in: past the estimate's end.
        now = now.advanced(by: 570)
        _ = box.handle(.timePassed, at: now)
        let before = try nowPlaying(box, at: now)
        #expect(before.elapsed == 570 && before.duration == Self.real)
        let snapshot = box.snapshot(at: now)
        #expect(snapshot.measuredLengths == ["story-fox": Self.real])
        #expect(snapshot.progress["story-fox"]?.duration == Self.real)

        // After a power cut, the library has only the estimate again (its speech not cached).
        var restarted = Box(config: try Fixture.config(), catalog: Self.catalog, seed: 3)
        let boot = Moment(uptime: 2, wall: now.wall + 60)
        let commands = restarted.start(at: boot, restoring: snapshot)
        // It resumes a little before where it was (the restart's rewind), never clamped to the estimate.
        let rewind = try Fixture.config().playback.resumeRewindSeconds
        #expect(commands.withoutRecords == [.setVolume(percent: 50), .play("story-fox", from: 570 - rewind), .persist])
        let after = try nowPlaying(restarted, at: boot)
        #expect(after.elapsed == before.elapsed - rewind && after.duration == before.duration)
        #expect(restarted.catalog.item("story-fox")?.duration == Self.real)
        #expect(restarted.state.progress["story-fox"]?.duration == Self.real)
        #expect(restarted.snapshot(at: boot).measuredLengths == ["story-fox": Self.real])
    }

    @Test func aLengthTheLibraryKnowsExactlyNowWinsOverOneSavedBefore() throws {
        var (box, now) = try Self.playing()
        _ = box.handle(.lengthMeasured("story-fox", seconds: Self.real), at: now)
        now = now.advanced(by: 30)
        let snapshot = box.snapshot(at: now)
        // Another voice has rendered it since: the library knows its new length exactly.
        var exact = Self.catalog
        exact.items[0] = ContentItem(id: "story-fox", title: "The Fox", kind: .story, duration: 700)
        var restarted = Box(config: try Fixture.config(), catalog: exact, seed: 3)
        _ = restarted.start(at: Moment(uptime: 2, wall: now.wall + 60), restoring: snapshot)
        #expect(restarted.catalog.item("story-fox")?.duration == 700)
        #expect(restarted.state.progress["story-fox"]?.duration == 700)
        #expect(restarted.state.measuredLengths == ["story-fox": 700])
    }
}
