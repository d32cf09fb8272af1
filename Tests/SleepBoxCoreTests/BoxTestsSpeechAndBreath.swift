import Foundation
import SleepBoxCore
import Testing

/// The sleep-timer fade waits for a pause in speech; a breathing exercise drives the breathing
/// screen and the LED.
@Suite struct BoxSpeechAndBreathTests {
    /// Meditation started at uptime 100 (position 0) with a 15-minute timer set at once.
    static let longCatalog = Catalog(items: [ContentItem(id: "med-long", title: "Long Rest", kind: .meditation, duration: 3600)])

    static func withTimer(grace: Double = 45, catalog: Catalog = longCatalog) throws -> (Box, ItemID, Moment) {
        var config = try Fixture.config(timerChoices: [15])
        config.timer.speechGraceSeconds = grace
        var box = Box(config: config, catalog: catalog, seed: 7)
        let start = Moment(uptime: 100, wall: try utc(2026, 11, 23, 21, 30))
        _ = box.start(at: start, restoring: nil)
        _ = box.handle(.buttonPressed(.leaf), at: start)
        _ = box.handle(.buttonReleased(.leaf), at: start)
        let item = try #require(box.state.playback?.item)
        // Timer: press, one detent to 15 min, commit with the knob.
        _ = box.handle(.buttonPressed(.timer), at: start)
        _ = box.handle(.buttonReleased(.timer), at: start)
        _ = box.handle(.knobTurned(detents: 1), at: start)
        _ = box.handle(.buttonPressed(.knob), at: start)
        _ = box.handle(.buttonReleased(.knob), at: start)
        #expect(box.state.timer?.deadline == 1000, "\(String(describing: box.state.timer))")
        return (box, item, start)
    }

    @Test func theFadeWaitsForTheNextPauseAndSavesThatPlace() throws {
        var (box, item, start) = try Self.withTimer()
        _ = box.handle(.speechPausesFound(item, pauses: [880...882, 905.5...907, 1000...1001]), at: start.advanced(by: 1))
        // 15 min in, the voice is mid-sentence (the last pause ended at 882 s, the next is at 905.5 s).
        let due = start.advanced(by: 900)
        let atDeadline = box.handle(.timePassed, at: due)
        #expect(atDeadline == [.persist])
        #expect(box.state.phase == .playing(Playback(item: item, position: 0, anchor: 100)))
        #expect(box.state.timer == SleepTimer(choice: .minutes(15), deadline: 1005.5, length: 900, waitingForPause: true))
        #expect(box.nextDeadline.uptime == 1005.5)
        #expect(box.timerRemaining(at: due) == 0, "the countdown shows it has run out")
        // The sentence ends: the fade begins there, and that is where the item resumes next time.
        let pause = Moment(uptime: 1005.5, wall: due.wall + 5.5)
        let fade = box.handle(.timePassed, at: pause)
        #expect(fade == [.rampGain(to: 0, over: 30, curve: .decibelLinear), .persist])
        #expect(box.state.phase == .fadingOut(Playback(item: item, position: 905.5, anchor: 1005.5),
                                              since: 1005.5, until: 1035.5, reason: .sleepTimer))
        #expect(box.state.progress[item]?.position == 905.5)
        #expect(box.state.timer == nil)
        #expect(box.resumePosition(item) == 905.5)
    }

    @Test func inAPauseTheFadeBeginsAtOnce() throws {
        var (box, item, start) = try Self.withTimer()
        _ = box.handle(.speechPausesFound(item, pauses: [899...901.5]), at: start.advanced(by: 1))
        let fade = box.handle(.timePassed, at: start.advanced(by: 900))
        #expect(fade == [.rampGain(to: 0, over: 30, curve: .decibelLinear), .persist])
        #expect(box.state.progress[item]?.position == 900)
    }

    @Test func aPauseBeyondTheGraceIsNotWaitedFor() throws {
        var (box, item, start) = try Self.withTimer(grace: 10)
        _ = box.handle(.speechPausesFound(item, pauses: [880...882, 915...916]), at: start.advanced(by: 1))
        let fade = box.handle(.timePassed, at: start.advanced(by: 900))
        #expect(fade == [.rampGain(to: 0, over: 30, curve: .decibelLinear), .persist])
        #expect(box.state.progress[item]?.position == 900)
    }

    @Test func pausesOfAnotherItemOrAGraceOfZeroFadeAtOnce() throws {
        var (box, item, start) = try Self.withTimer()
        _ = box.handle(.speechPausesFound("poem-lake", pauses: [905...906]), at: start.advanced(by: 1))
        #expect(box.handle(.timePassed, at: start.advanced(by: 900)).first == .rampGain(to: 0, over: 30, curve: .decibelLinear))
        var (zero, zeroItem, zeroStart) = try Self.withTimer(grace: 0)
        _ = zero.handle(.speechPausesFound(zeroItem, pauses: [905...906]), at: zeroStart.advanced(by: 1))
        #expect(zero.handle(.timePassed, at: zeroStart.advanced(by: 900)).first == .rampGain(to: 0, over: 30, curve: .decibelLinear))
        _ = item
    }

    @Test func speechPausesFindTheFadeStart() {
        let speech = SpeechPauses(item: "a", pauses: [10...12, 30...31])
        #expect(speech.fadeStart(after: 5, grace: 10) == 10)
        #expect(speech.fadeStart(after: 11, grace: 10) == 11)
        #expect(speech.fadeStart(after: 15, grace: 10) == nil)
        #expect(speech.fadeStart(after: 25, grace: 10) == 30)
        #expect(speech.fadeStart(after: 40, grace: 10) == 40, "no speech follows")
    }

    // MARK: Breathing

    /// 4-7-8 breathing from 10 s: inhale 4, hold 7, exhale 8, rest 1, three cycles.
    static let guide = BreathingGuide(pattern: [BreathStep(.inhale, seconds: 4), BreathStep(.hold, seconds: 7),
                                                BreathStep(.exhale, seconds: 8), BreathStep(.rest, seconds: 1)],
                                      cycles: 3, startsAt: 10)

    @Test func theGuideKnowsTheBreathAtEverySecond() throws {
        let g = Self.guide
        #expect(g.phase(at: 9.9) == nil)
        #expect(g.phase(at: 10) == BreathPhase(step: .inhale, progress: 0, cycle: 0, stepIndex: 0, stepSeconds: 4))
        #expect(g.phase(at: 12) == BreathPhase(step: .inhale, progress: 0.5, cycle: 0, stepIndex: 0, stepSeconds: 4))
        #expect(g.phase(at: 14) == BreathPhase(step: .hold, progress: 0, cycle: 0, stepIndex: 1, stepSeconds: 7))
        #expect(g.phase(at: 23) == BreathPhase(step: .exhale, progress: 0.25, cycle: 0, stepIndex: 2, stepSeconds: 8))
        #expect(g.phase(at: 29.5) == BreathPhase(step: .rest, progress: 0.5, cycle: 0, stepIndex: 3, stepSeconds: 1))
        #expect(g.phase(at: 30)?.cycle == 1)
        #expect(g.phase(at: 69.99)?.step == .rest)
        #expect(g.phase(at: 70) == nil)
        #expect(g.endsAt == 70)
        #expect(g.fullness(try #require(g.phase(at: 12))) == 0.5)
        #expect(g.fullness(try #require(g.phase(at: 16))) == 1, "holding in")
        #expect(g.fullness(try #require(g.phase(at: 23))) == 0.75)
        #expect(g.fullness(try #require(g.phase(at: 29.5))) == 0)
        let box = BreathingGuide(pattern: [BreathStep(.inhale, seconds: 4), BreathStep(.hold, seconds: 4),
                                           BreathStep(.exhale, seconds: 4), BreathStep(.hold, seconds: 4)],
                                 cycles: 2, startsAt: 0)
        #expect(box.fullness(try #require(box.phase(at: 13))) == 0, "holding out")
    }

    static let breathingCatalog = Catalog(items: [
        ContentItem(id: "breath-478", title: "4-7-8 Breathing", kind: .breathing, duration: 80, breathing: guide),
    ])

    @Test func theScreenAndTheLightFollowTheBreath() throws {
        var config = try Fixture.config()
        config.pools[.meditation] = [.breathing]
        var box = Box(config: config, catalog: Self.breathingCatalog, seed: 7)
        let start = Moment(uptime: 100, wall: try utc(2026, 11, 23, 21, 30))
        _ = box.start(at: start, restoring: nil)
        _ = box.handle(.buttonPressed(.leaf), at: start)
        _ = box.handle(.buttonReleased(.leaf), at: start.advanced(by: 0.1))
        // Before the breathing phase: the usual now-playing screen; the display wakes for the first breath.
        #expect(box.display(at: start.advanced(by: 5)).screen.name == "nowPlaying")
        #expect(box.nextDisplayChange(after: start.advanced(by: 9.5)) == 110)
        #expect(!box.breathLight(at: start.advanced(by: 5)))
        let inhale = start.advanced(by: 11)
        #expect(box.display(at: inhale).screen == .breathing(BreathingScreen(
            title: "4-7-8 Breathing", step: .inhale, label: "Breathe in", fullness: 0.25, secondsLeft: 3, cycle: 1,
            cycles: 3, isPaused: false, timerRemaining: nil)))
        #expect(box.breathLight(at: inhale))
        #expect(box.nextDisplayChange(after: inhale) == inhale.uptime + Box.breathFrameSeconds)
        let hold = start.advanced(by: 20)
        #expect(box.breathLight(at: hold), "the light stays on while the breath is held in")
        guard case .breathing(let held) = box.display(at: hold).screen else { Issue.record("no breathing screen"); return }
        #expect(held.label == "Hold" && held.fullness == 1 && held.secondsLeft == 1)
        let exhale = start.advanced(by: 23)
        #expect(!box.breathLight(at: exhale))
        guard case .breathing(let out) = box.display(at: exhale).screen else { Issue.record("no breathing screen"); return }
        #expect(out.label == "Breathe out" && out.fullness == 0.75 && out.secondsLeft == 6)
        // After the last breath: back to now playing.
        #expect(box.display(at: start.advanced(by: 75)).screen.name == "nowPlaying")
        // Paused: the screen stands still and the light goes out.
        _ = box.handle(.buttonPressed(.knob), at: start.advanced(by: 12))
        _ = box.handle(.buttonReleased(.knob), at: start.advanced(by: 12.1))
        #expect(!box.breathLight(at: start.advanced(by: 13)))
        guard case .breathing(let paused) = box.display(at: start.advanced(by: 50)).screen else {
            Issue.record("no breathing screen while paused")
            return
        }
        #expect(paused.isPaused && paused.step == .inhale)
    }

    @Test func theBreathingWordsAreGermanInGerman() throws {
        var config = try Fixture.config()
        config.language = .german
        config.pools[.meditation] = [.breathing]
        var box = Box(config: config, catalog: Self.breathingCatalog, seed: 7)
        let start = Moment(uptime: 100, wall: try utc(2026, 11, 23, 21, 30))
        _ = box.start(at: start, restoring: nil)
        _ = box.handle(.buttonPressed(.leaf), at: start)
        guard case .breathing(let s) = box.display(at: start.advanced(by: 26)).screen else {
            Issue.record("no breathing screen")
            return
        }
        #expect(s.label == "Ausatmen")
        _ = box.handle(.buttonReleased(.leaf), at: start.advanced(by: 0.1))
        _ = box.handle(.buttonPressed(.timer), at: start.advanced(by: 30))
        _ = box.handle(.buttonReleased(.timer), at: start.advanced(by: 30.1))
        guard case .timerChoice(let choice) = box.display(at: start.advanced(by: 30.2)).screen else {
            Issue.record("no timer choice")
            return
        }
        #expect(choice.options == ["Aus", "15 Min.", "30 Min.", "45 Min.", "60 Min.", "90 Min.", "Bis zum Ende"])
    }
}
