import Foundation
import SleepBoxCore
import Testing

/// The ambient bed under the content, the confirmation tick, and an item that cannot be played.
@Suite struct BedCueFailureTests {
    static func box(bed: String? = nil, cues: Bool = false) throws -> (Box, Moment) {
        var config = try Fixture.config(timerChoices: [15])
        config.playback.ambientBed = bed
        config.audio.confirmationCues = cues
        var box = Box(config: config, catalog: Fixture.catalog, seed: 7)
        let now = Moment(uptime: 100, wall: try utc(2026, 11, 23, 21, 30))
        _ = box.start(at: now, restoring: nil)
        return (box, now)
    }

    @Test func theBedStartsWithTheContentAndGoesWithIt() throws {
        var (box, t) = try Self.box(bed: "rain")
        let start = box.handle(.buttonPressed(.leaf), at: t)
        #expect(start.first == .startBed("rain", level: 0.15))
        #expect(start.count == 3 && start[2] == .persist)
        #expect(box.state.bedPlaying)
        _ = box.handle(.buttonReleased(.leaf), at: t.advanced(by: 0.2))
        // Into poetry: a crossfade, the bed plays on.
        t = t.advanced(by: 10)
        let cross = box.handle(.buttonPressed(.leaf), at: t)
        #expect(!cross.contains(.stopBed) && !cross.contains { if case .startBed = $0 { return true } else { return false } })
        _ = box.handle(.buttonReleased(.leaf), at: t.advanced(by: 0.2))
        // Off: the bed fades with the content.
        t = t.advanced(by: 10)
        let off = box.handle(.buttonPressed(.leaf), at: t)
        #expect(off.first == .stopBed)
        #expect(off.contains(.rampGain(to: 0, over: 1.5, curve: .equalPower)))
        #expect(!box.state.bedPlaying)
    }

    @Test func withoutABedNothingIsStarted() throws {
        var (box, t) = try Self.box()
        let start = box.handle(.buttonPressed(.leaf), at: t)
        #expect(!start.contains { if case .startBed = $0 { return true } else { return false } })
        t = t.advanced(by: 1)
        #expect(!box.state.bedPlaying)
    }

    @Test func theBedStopsWhenAnItemEndsAndTheBoxGoesQuiet() throws {
        var (box, t) = try Self.box(bed: "ocean")
        _ = box.handle(.buttonPressed(.leaf), at: t)
        let item = try #require(box.state.playback?.item)
        t = t.advanced(by: Fixture.duration(item))
        let end = box.handle(.itemFinished(item), at: t)
        #expect(end.contains(.stopBed))
        #expect(box.state.phase == .idle && !box.state.bedPlaying)
    }

    @Test func theTickConfirmsTheTimerWhenAskedFor() throws {
        var (box, t) = try Self.box(cues: true)
        _ = box.handle(.buttonPressed(.timer), at: t)
        _ = box.handle(.buttonReleased(.timer), at: t.advanced(by: 0.1))
        t = t.advanced(by: 1)
        _ = box.handle(.knobTurned(detents: 1), at: t)
        t = t.advanced(by: 0.5)
        let commit = box.handle(.buttonPressed(.knob), at: t)
        #expect(commit.contains(.playCue(.tick)))
        #expect(box.state.timer?.choice == .minutes(15))
        _ = box.handle(.buttonReleased(.knob), at: t.advanced(by: 0.1))
        t = t.advanced(by: 5)
        // A running timer opens at its value: Off, taken, cancels it with a tick.
        _ = box.handle(.buttonPressed(.timer), at: t)
        _ = box.handle(.buttonReleased(.timer), at: t.advanced(by: 0.1))
        _ = box.handle(.knobTurned(detents: -1), at: t.advanced(by: 0.5))
        let cancel = box.handle(.buttonPressed(.knob), at: t.advanced(by: 1))
        #expect(cancel.contains(.playCue(.tick)) && box.state.timer == nil)
    }

    @Test func anItemThatCannotBePlayedIsDroppedAndTheBoxMovesOn() throws {
        var (box, t) = try Self.box()
        _ = box.handle(.buttonPressed(.leaf), at: t)
        let bad = try #require(box.state.playback?.item)
        t = t.advanced(by: 0.05)
        let failed = box.handle(.itemFailed(bad, reason: "x.ogg: not a supported audio file"), at: t)
        // It says so and moves on to the next item (not idle, not "completed").
        let next = try #require(box.state.playback?.item)
        #expect(next != bad)
        #expect(failed.withoutRecords == [.stop, .play(next, from: 0), .persist])
        #expect(box.state.unplayable == [bad] && !box.state.contentCompleted)
        #expect(box.display(at: t).screen == .message("Cannot play this item"))
        // Every later pick avoids it.
        for _ in 0..<6 {
            _ = box.handle(.buttonReleased(.skip), at: t)
            t = t.advanced(by: 5)
            _ = box.handle(.buttonPressed(.skip), at: t)
            t = t.advanced(by: 0.1)
            _ = box.handle(.buttonReleased(.skip), at: t)
            t = t.advanced(by: 2)
            #expect(box.state.playback?.item != bad)
        }
    }

    @Test func whenNoOtherItemCanPlayTheBoxGoesQuiet() throws {
        var (box, t) = try Self.box()
        _ = box.handle(.buttonPressed(.leaf), at: t)
        let pool = box.catalog.playableIDs(.meditation)
        for id in pool {
            t = t.advanced(by: 0.05)
            guard let playing = box.state.playback?.item else { break }
            _ = box.handle(.itemFailed(playing, reason: "x: cannot prepare it"), at: t)
            _ = id
        }
        #expect(box.state.phase == .idle)
        #expect(box.state.unplayable == Set(pool))
        #expect(!box.state.contentCompleted)
    }
}
