import Foundation
@testable import SleepBoxCore
import Testing

/// The end of a practice (the completion screen, said with the spoken menus by day), the 4-7-8
/// guide's pause, the interval chime, and a guided session's phase on the playing screen.
struct CompletionTests {
    typealias Driver = BoxTestsHistory.Driver

    static func config(speakMenus: Bool = true) throws -> BoxConfig {
        var config = try Fixture.config()
        config.menu.speakMenus = speakMenus
        return config
    }

    /// 15:00 in Berlin: not night.
    static func afternoon() throws -> Double { try utc(2026, 11, 23, 14, 0) }

    @Test func theTimerWithItsGuideEndsOnTheCompletionScreenSaidAfterTheBell() throws {
        var d = try Driver(config: Self.config(), wall: Self.afternoon())
        d.send(.ownerRequested(.meditation(MeditationChoice(minutes: 10, sound: nil, guide: true, bellEveryMinutes: 0))))
        d.send(.ownerRequested(.startMeditation))
        d.send(.timePassed, after: 600)
        #expect(d.commands.contains(.playCue(.closingBell)))
        #expect(!d.commands.contains { if case .speakMenu = $0 { return true } else { return false } },
                "not over the closing bell")
        let screen = Screen.completion(CompletionScreen(title: "Well done", subject: "Meditation timer",
                                                        lines: ["10 min", "29 cycles of 4-7-8", "Streak: 1 night"]))
        #expect(d.box.display(at: d.now).screen == screen)
        // Once the bell has rung out, said once.
        d.send(.timePassed, after: Completion.afterBellSeconds)
        #expect(d.commands.contains(.speakMenu("Well done. Meditation timer, 10 minutes. 29 cycles of 4-7-8. Streak: 1 night.")))
        d.send(.timePassed, after: 5)
        #expect(!d.commands.contains { if case .speakMenu = $0 { return true } else { return false } })
        // A minute after the end it goes by itself.
        d.send(.timePassed, after: 60)
        #expect(d.box.display(at: d.now).screen.name == "idle")
    }

    @Test func atNightItIsShownButNotSaidAndAnyButtonOnlyPutsItAway() throws {
        var d = try Driver(config: Self.config())   // 22:30 in Berlin
        d.send(.ownerRequested(.startMeditation))
        d.send(.timePassed, after: 600)
        d.send(.timePassed, after: 20)
        #expect(d.box.display(at: d.now).screen.name == "completion")
        #expect(!d.commands.contains { if case .speakMenu = $0 { return true } else { return false } })
        d.press(.leaf)
        #expect(d.box.state.overlay == nil && d.box.state.mode == .off && d.box.state.playback == nil,
                "the leaf only put the screen away")
    }

    @Test func theGuidesPauseAfterTheOutBreathAndTheIntervalChime() throws {
        var config = try Self.config(speakMenus: false)
        config.meditation.bellEveryMinutes = 1
        var d = try Driver(config: config)
        d.send(.ownerRequested(.meditation(MeditationChoice(minutes: 5, sound: nil, guide: true, bellEveryMinutes: 1))))
        d.send(.ownerRequested(.startMeditation))
        let start = d.now
        var steps: [(Double, BreathStep)] = []
        var chimes: [Double] = []
        while d.now.uptime < start.uptime + 65 {
            d.send(.timePassed, after: 0.5)
            for case .playCue(let cue) in d.commands {
                if case .breath(let step) = cue { steps.append(((d.now.uptime - start.uptime).rounded(), step)) }
                if cue == .chime { chimes.append((d.now.uptime - start.uptime).rounded()) }
            }
        }
        // In 4, hold 7, out 8, pause 1; again.
        #expect(steps.prefix(5).map { $0.0 } == [5, 9, 16, 24, 25])
        #expect(steps.prefix(5).map(\.1) == [BreathStep(.inhale, seconds: 4), BreathStep(.hold, seconds: 7),
                                             BreathStep(.exhale, seconds: 8), BreathStep(.rest, seconds: 1),
                                             BreathStep(.inhale, seconds: 4)])
        #expect(chimes == [60], "the interval bell is the short chime")
    }

    /// "Bell sound: Long" on the box (or `interval_bell = "bell"`): the interval bells are the long bell.
    @Test func theLongBellChosenOnTheBoxRingsTheIntervals() throws {
        var d = try Driver(config: Self.config(speakMenus: false))
        var choice = MeditationChoice(minutes: 5, sound: nil, guide: false, bellEveryMinutes: 1)
        choice.intervalBell = .bell
        d.send(.ownerRequested(.meditation(choice)))
        d.send(.ownerRequested(.startMeditation))
        d.send(.timePassed, after: 60)
        #expect(d.commands.contains(.playCue(.meditationBell)) && !d.commands.contains(.playCue(.chime)))
        #expect(d.box.settingLabels(.bellSound) == ["Short", "Long"] && d.box.settingIndex(.bellSound) == 1)
    }

    @Test func aGuidedSessionShowsItsPhaseAndEndsOnTheCompletionScreen() throws {
        var item = ContentItem(id: "med-guided", title: "Guided", kind: .meditation, duration: 600)
        item.phases = [GuidedPhase.Mark(.opening, startsAt: 0), GuidedPhase.Mark(.teaching, startsAt: 120),
                       GuidedPhase.Mark(.silence, startsAt: 240), GuidedPhase.Mark(.closing, startsAt: 510)]
        var box = Box(config: try Self.config(speakMenus: false), catalog: Catalog(items: [item]), seed: 1)
        var now = Moment(uptime: 100, wall: try Self.afternoon())
        _ = box.start(at: now, restoring: nil)
        _ = box.handle(.ownerRequested(.play("med-guided")), at: now)
        var phases: [String?] = []
        for at in [10.0, 130, 300, 520] {
            let moment = now.advanced(by: at)
            guard case .nowPlaying(let playing) = box.display(at: moment).screen else { Issue.record("not playing"); return }
            phases.append(playing.phase)
        }
        #expect(phases == ["Opening", "Teaching", "Silence", "Closing"])
        now = now.advanced(by: 600)
        _ = box.handle(.itemFinished("med-guided"), at: now)
        #expect(box.display(at: now).screen == .completion(CompletionScreen(title: "Well done", subject: "Guided",
                                                                            lines: ["10 min", "Streak: 1 night"])))
    }
}
