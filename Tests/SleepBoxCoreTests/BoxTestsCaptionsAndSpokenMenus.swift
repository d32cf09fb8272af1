import Foundation
import SleepBoxCore
import Testing

/// Captions on the now-playing screen, and menus said aloud (`[voice] speak_menus`).
@Suite struct BoxCaptionsAndSpokenMenusTests {
    typealias Driver = BoxMenuTests.Driver

    // MARK: Captions

    static let lines = [
        CaptionLine(start: 2, end: 5.5, text: "Let your shoulders soften."),
        CaptionLine(start: 7, end: 12, text: "Breathe in slowly, and let the breath go."),
    ]

    /// A box with captions on or off, playing the first meditation from 0 at uptime 101.
    static func playing(captions: Bool) throws -> (Box, ItemID, Moment) {
        var config = try Fixture.config()
        config.display.captions = captions
        var box = Box(config: config, catalog: Fixture.catalog, seed: 7)
        let start = Moment(uptime: 100, wall: try utc(2026, 11, 23, 21, 30))
        _ = box.start(at: start, restoring: nil)
        let press = start.advanced(by: 1)
        _ = box.handle(.buttonPressed(.leaf), at: press)
        _ = box.handle(.buttonReleased(.leaf), at: press)
        let item = try #require(box.state.playback?.item)
        return (box, item, press)
    }

    static func caption(_ box: Box, at moment: Moment) -> String?? {
        guard case .nowPlaying(let screen) = box.display(at: moment).screen else { return .none }
        return .some(screen.caption)
    }

    @Test func theTimelineIsKeptOnceAndChangesNothingElse() throws {
        var (box, item, press) = try Self.playing(captions: true)
        var expected = box.state
        let at = press.advanced(by: 0.5)
        expected.alarmLog.checkedUntil = at.wall
        expected.reminderLog.checkedUntil = at.wall
        expected.captions = Captions(item: item, lines: Self.lines.reversed())
        #expect(box.handle(.captionsFound(item, lines: Self.lines.reversed()), at: at) == [])
        #expect(box.state == expected)
        #expect(box.state.captions?.lines == Self.lines, "kept in time order")
    }

    @Test func theScreenShowsTheSentenceAtThePositionAndNothingInAPause() throws {
        var (box, item, press) = try Self.playing(captions: true)
        #expect(Self.caption(box, at: press.advanced(by: 3)) == .some(nil), "no timeline yet: the usual screen")
        _ = box.handle(.captionsFound(item, lines: Self.lines), at: press.advanced(by: 0.5))
        #expect(Self.caption(box, at: press.advanced(by: 1)) == .some(""), "before the first sentence")
        #expect(Self.caption(box, at: press.advanced(by: 2)) == .some("Let your shoulders soften."))
        #expect(Self.caption(box, at: press.advanced(by: 5.4)) == .some("Let your shoulders soften."))
        #expect(Self.caption(box, at: press.advanced(by: 5.5)) == .some(""), "the pause after it")
        #expect(Self.caption(box, at: press.advanced(by: 9)) == .some("Breathe in slowly, and let the breath go."))
        #expect(Self.caption(box, at: press.advanced(by: 30)) == .some(""))
    }

    @Test func theDisplayWakesWhenTheSentenceChangesBetweenSeconds() throws {
        var (box, item, press) = try Self.playing(captions: true)
        _ = box.handle(.captionsFound(item, lines: [CaptionLine(start: 2.25, end: 3.6, text: "Rest.")]), at: press)
        // Position 2.0 at uptime 103: the line starts 0.25 s later, before the next whole second.
        let margin = Box.captionWakeMargin
        #expect(abs(box.nextDisplayChange(after: press.advanced(by: 2)) - (103.25 + margin)) < 1e-9)
        #expect(abs(box.nextDisplayChange(after: press.advanced(by: 3.5)) - (104.6 + margin)) < 1e-9)
        #expect(abs(box.nextDisplayChange(after: press.advanced(by: 3.7)) - (105 + margin)) < 1e-9, "then the item's next second")
    }

    @Test func captionsOffOrAnotherItemShowTheUsualScreen() throws {
        var (off, item, press) = try Self.playing(captions: false)
        _ = off.handle(.captionsFound(item, lines: Self.lines), at: press)
        #expect(Self.caption(off, at: press.advanced(by: 3)) == .some(nil))
        #expect(abs(off.nextDisplayChange(after: press.advanced(by: 2.5)) - (104 + Box.captionWakeMargin)) < 1e-9)
        var (on, _, start) = try Self.playing(captions: true)
        _ = on.handle(.captionsFound("poem-hope", lines: Self.lines), at: start)
        #expect(Self.caption(on, at: start.advanced(by: 3)) == .some(nil), "the timeline of an item not playing")
    }

    @Test func aPausedItemKeepsItsSentence() throws {
        var (box, item, press) = try Self.playing(captions: true)
        _ = box.handle(.captionsFound(item, lines: Self.lines), at: press)
        let pause = press.advanced(by: 3)
        _ = box.handle(.buttonPressed(.knob), at: pause)
        _ = box.handle(.buttonReleased(.knob), at: pause)
        #expect(box.state.phase.isPaused)
        #expect(Self.caption(box, at: pause.advanced(by: 60)) == .some("Let your shoulders soften."))
    }

    @Test func theTimelineFindsLinesAndChanges() {
        let captions = Captions(item: "x", lines: Self.lines)
        #expect(captions.line(at: 0) == nil)
        #expect(captions.line(at: 7) == Self.lines[1])
        #expect(captions.line(at: 12) == nil)
        #expect(captions.nextChange(after: 0) == 2)
        #expect(captions.nextChange(after: 2) == 5.5)
        #expect(captions.nextChange(after: 6) == 7)
        #expect(captions.nextChange(after: 12) == nil)
        #expect(Captions(item: "x", lines: []).line(at: 1) == nil)
    }

    // MARK: Spoken menus

    /// The same input on a box that speaks menus and one that does not: the states stay equal
    /// (saying a row changes nothing), and the commands differ by the spoken rows alone.
    struct Pair {
        var spoken: Driver
        var silent: Driver

        init() throws {
            spoken = try Driver(speakMenus: true)
            silent = try Driver()
        }

        mutating func run(_ step: (inout Driver) -> [Command], sourceLocation: SourceLocation = #_sourceLocation) -> [Command] {
            let said = step(&spoken)
            let plain = step(&silent)
            #expect(spoken.box.state == silent.box.state, sourceLocation: sourceLocation)
            #expect(said.filter { if case .speakMenu = $0 { return false } else { return true } } == plain,
                    sourceLocation: sourceLocation)
            return said
        }
    }

    @Test func eachRowTheKnobReachesIsSaidAndANewListSaysItsTitle() throws {
        var pair = try Pair()
        #expect(pair.run { $0.holdKnob() } == [.speakMenu("Library. Featured tonight")])
        #expect(pair.run { $0.send(.knobTurned(detents: 1), after: 0.3) } == [.speakMenu("Favorites")])
        #expect(pair.run { $0.send(.knobTurned(detents: 2), after: 0.3) } == [.speakMenu("Sleep stories")],
                "a fast turn says only where the knob stopped")
        #expect(pair.run { $0.send(.knobTurned(detents: -1), after: 0.3) } == [.speakMenu("Yoga nidra")])
        #expect(pair.run { $0.send(.knobTurned(detents: 1), after: 0.3) } == [.speakMenu("Sleep stories")])
        #expect(pair.run { $0.pressKnob(after: 0.5) } == [.speakMenu("Sleep stories. The Fox")])
        // Its details: the title with its length, then each row; held, back to the list.
        #expect(pair.run { $0.pressKnob(after: 0.5) } == [.speakMenu("The Fox, 25 min")])
        #expect(pair.run { $0.holdKnob() } == [.speakMenu("The Fox")])
        #expect(pair.run { $0.send(.knobTurned(detents: -1), after: 0.3) } == [.speakMenu("Back")])
        #expect(pair.run { $0.send(.knobTurned(detents: -1), after: 0.3) } == [], "clamped at the first row: nothing new")
        #expect(pair.run { $0.pressKnob(after: 0.5) } == [.speakMenu("Library. Sleep stories")])
        #expect(pair.run { $0.send(.buttonPressed(.leaf), after: 0.5) + $0.send(.buttonReleased(.leaf), after: 0.1) }
                == [.play("med-breath", from: 0), .persist], "the leaf closes the menu and plays: nothing to say")
        #expect(pair.silent.menu == nil)
    }

    @Test func theSettingsSayEachRowWithItsValue() throws {
        var pair = try Pair()
        _ = pair.run { $0.holdKnob() }
        #expect(pair.run { $0.send(.knobTurned(detents: 30), after: 0.3) } == [.speakMenu("Settings")], "the library's last row")
        #expect(pair.run { $0.pressKnob(after: 0.5) } == [.speakMenu("Settings. Alarms, 0")], "no alarm set")
        var said: [Command] = []
        for _ in 0..<9 { said += pair.run { $0.send(.knobTurned(detents: 1), after: 0.3) } }
        #expect(said == ["Clock", "Display", "Sound", "Voice speed, 140 wpm", "Language, English", "Speak menus, On", "Connect, Off",
                         "About"]
            .map { Command.speakMenu($0) }, "a list's row by name, a setting with its value; the last turn is clamped")
    }

    @Test func anItemComingSoonSaysSo() throws {
        var pair = try Pair()
        _ = pair.run { $0.holdKnob() }
        _ = pair.run { $0.send(.knobTurned(detents: 4), after: 0.3) }
        #expect(pair.run { $0.pressKnob(after: 0.5) } == [.speakMenu("Meditations. Body Scan")])
        #expect(pair.run { $0.send(.knobTurned(detents: 1), after: 0.3) } == [.speakMenu("Ocean, soon")])
    }

    @Test func theSleepTimerSaysEachChoice() throws {
        var pair = try Pair()
        #expect(pair.run { $0.send(.buttonPressed(.timer), after: 1) + $0.send(.buttonReleased(.timer), after: 0.1) }
                == [.speakMenu("Sleep timer. Off")])
        #expect(pair.run { $0.send(.knobTurned(detents: 2), after: 0.3) } == [.speakMenu("30 min")])
        #expect(pair.run { $0.send(.buttonPressed(.timer), after: 0.3) + $0.send(.buttonReleased(.timer), after: 0.1) }
                == [.speakMenu("45 min")], "the timer button steps the choice too")
    }

    @Test func nothingIsSaidOutsideMenusOrWithTheSettingOff() throws {
        var pair = try Pair()
        #expect(pair.run { $0.send(.knobTurned(detents: 2), after: 1) } == [.setVolume(percent: 60), .persist], "the volume is not a menu")
        var silent = try Driver()
        #expect(!silent.holdKnob().contains { if case .speakMenu = $0 { return true } else { return false } })
    }

    @Test func germanRowsAreSaidInGerman() throws {
        var d = try Driver(language: .german, speakMenus: true)
        #expect(d.holdKnob() == [.speakMenu("Bibliothek. Für heute Abend")])
    }
}
