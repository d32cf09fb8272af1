import Foundation
import SleepBoxCore
import Testing

/// The night face (`[display] night_face`): no digits in the night hours, the time left on a
/// press of skip, the morning face, the large clock, the time said aloud, a missed alarm told.
@Suite struct BoxTestsNightFace {
    /// A box in Berlin with alarm 1 at 06:45 every day, started at local `hour`:`minute` on
    /// Tuesday 2026-11-24 (UTC+1).
    static func box(at hour: Int, _ minute: Int, face: NightFace = .noClock, speakMenus: Bool = false,
                    language: Language = .english, light: Bool = false, dawn: Bool = false,
                    alarm: AlarmSettings? = AlarmSettings(hour: 6, minute: 45)) throws -> Driver {
        var config = try Fixture.config(alarm: alarm, nightFace: face)
        config.menu.speakMenus = speakMenus
        config.language = language
        config.light.isPresent = light
        config.light.dawn = dawn
        config.light.dawnMinutes = 15
        var box = Box(config: config, catalog: Fixture.catalog, seed: 7)
        let wall = try utc(2026, 11, 23, 23, 0) + Double(((hour + 24) % 24) * 3600 + minute * 60) - (hour >= 12 ? 86_400 : 0)
        let now = Moment(uptime: 100, wall: wall)
        _ = box.start(at: now, restoring: nil)
        return Driver(box: box, now: now)
    }

    struct Driver {
        var box: Box
        var now: Moment

        var idle: IdleScreen? {
            if case .idle(let idle) = box.display(at: now).screen { return idle }
            return nil
        }

        @discardableResult
        mutating func send(_ event: Event, after seconds: Double = 0.1) -> [Command] {
            now = now.advanced(by: seconds)
            return box.handle(event, at: now)
        }

        @discardableResult
        mutating func press(_ button: Button) -> [Command] {
            send(.buttonPressed(button)) + send(.buttonReleased(button))
        }

        mutating func wait(_ seconds: Double) { send(.timePassed, after: seconds) }
    }

    @Test func theNightFaceShowsNoDigitsAndSkipShowsTheTimeLeftForAFewSeconds() throws {
        var d = try Self.box(at: 3, 0)
        #expect(d.idle?.face == .night)
        #expect(d.idle?.timeLeft == nil)
        let commands = d.press(.skip)
        #expect(d.idle?.face == .night)
        #expect(d.idle?.timeLeft == "About 4 hours until your alarm")
        // Nothing starts, nothing is said with the spoken menus off.
        #expect(d.box.state.phase == .idle)
        #expect(!commands.contains { if case .speakMenu = $0 { return true } else { return false } })
        d.wait(Box.timeLeftSeconds)
        #expect(d.idle?.face == .night)
        #expect(d.idle?.timeLeft == nil)
    }

    @Test(arguments: [
        (22, 0, "Plenty of time"), (2, 10, "Plenty of time"), (2, 20, "About 4 hours until your alarm"),
        (4, 0, "About 3 hours until your alarm"), (5, 0, "About 2 hours until your alarm"),
        (5, 10, "About 2 hours until your alarm"), (5, 40, "About an hour until your alarm"),
    ])
    func theTimeLeftIsRoundedNeverToTheMinute(hour: Int, minute: Int, text: String) throws {
        // Before the 06:45 alarm: 4 h 35 min at 02:10 is plenty, 4 h 25 min at 02:20 about 4 hours.
        var d = try Self.box(at: hour, minute)
        d.press(.skip)
        #expect(d.idle?.timeLeft == text)
    }

    @Test func withTheSpokenMenusTheTimeLeftIsSaidSoftly() throws {
        var d = try Self.box(at: 3, 0, speakMenus: true, language: .german)
        let commands = d.press(.skip)
        #expect(commands.contains(.speakMenu("Noch etwa 4 Stunden bis zum Wecker")))
        #expect(d.idle?.timeLeft == "Noch etwa 4 Stunden bis zum Wecker")
    }

    @Test func aDawnOfFifteenMinutesLeavesTheNightFaceToTheLastMinutes() throws {
        var d = try Self.box(at: 6, 22, light: true, dawn: true)
        #expect(d.idle?.face == .night)
        d.press(.skip)
        #expect(d.idle?.timeLeft == "Your alarm is in 20 minutes")
        // The dawn begins at 06:30: the morning face shows the time again.
        d.wait(8 * 60)
        #expect(d.idle?.face == .clock)
        #expect(d.idle?.minute == 30)
    }

    @Test func theMorningFaceComesAnHourBeforeAnAlarmWithoutADawnAndStaysAfterIt() throws {
        var d = try Self.box(at: 5, 44)
        #expect(d.idle?.face == .night)
        d.wait(60)
        #expect(d.idle?.face == .clock)
        #expect(d.idle?.greeting == "Good morning")
        // The alarm rings at 06:45 and is stopped; the night hours last until 07:00, the clock stays.
        d.wait(61 * 60)
        #expect(d.box.state.phase.isAlarmActive)
        d.send(.buttonPressed(.leaf))
        d.send(.buttonHeld(.leaf, seconds: 2.5), after: 2.5)
        d.send(.buttonReleased(.leaf))
        #expect(d.box.state.phase == .idle)
        d.wait(60)
        #expect(d.idle?.face == .clock)
    }

    @Test func withoutAnAlarmTheNightFaceHoldsUntilTheNightEnds() throws {
        var d = try Self.box(at: 6, 50, alarm: nil)
        #expect(d.idle?.face == .night)
        d.press(.skip)
        #expect(d.idle?.timeLeft == "No alarm set")
        d.wait(10 * 60)
        #expect(d.idle?.face == .clock)
    }

    @Test func aSecondPressWhileTheTimeLeftShowsDoesWhatSkipDoes() throws {
        var d = try Self.box(at: 3, 0)
        d.press(.leaf)
        #expect(d.box.state.mode == .meditation)
        // The meditation ends; the mode stays on, the idle screen is back.
        guard let item = d.box.state.playback?.item else { Issue.record("nothing plays"); return }
        d.send(.itemFinished(item), after: 600)
        #expect(d.box.state.phase == .idle)
        // Its completion screen (dimmed at night, as every screen) takes the first press.
        guard case .completion? = d.box.state.overlay else { Issue.record("no completion screen"); return }
        d.press(.skip)
        #expect(d.box.state.overlay == nil && d.idle?.face == .night)
        d.press(.skip)
        #expect(d.box.state.phase == .idle)
        #expect(d.idle?.timeLeft == "About 4 hours until your alarm")
        d.press(.skip)
        #expect(d.box.state.phase.isRunning)
    }

    @Test func theLargeClockShowsTheTimeAtNightAndTheClockByDay() throws {
        var d = try Self.box(at: 3, 0, face: .largeClock)
        #expect(d.idle?.face == .largeClock)
        #expect(d.idle?.hour == 3)
        d.wait(5 * 3600)
        #expect(d.idle?.face == .clock)
    }

    @Test func theClockFaceStaysAllNight() throws {
        let d = try Self.box(at: 3, 0, face: .clock)
        #expect(d.idle?.face == .clock)
    }

    @Test func onTheClockSkipWithTheBoxOffSaysTheTimeAndTheAlarm() throws {
        var d = try Self.box(at: 3, 10, face: .clock, speakMenus: true)
        #expect(d.press(.skip).contains(.speakMenu("It is ten past three. Your alarm is at a quarter to seven.")))
        var g = try Self.box(at: 3, 10, face: .largeClock, speakMenus: true, language: .german)
        #expect(g.press(.skip).contains(.speakMenu("Es ist zehn nach drei. Dein Wecker klingelt um Viertel vor sieben.")))
        var none = try Self.box(at: 14, 25, speakMenus: true, alarm: AlarmSettings(hour: 6, minute: 45, weekdays: [2]))
        #expect(none.press(.skip).contains(.speakMenu("It is twenty-five past two. Your alarm is on Monday at a quarter to seven.")))
        // Without the spoken menus the press does nothing, as before.
        var quiet = try Self.box(at: 14, 25)
        #expect(quiet.press(.skip).isEmpty)
        #expect(quiet.box.state.overlay == nil)
    }

    @Test func theNightFaceIsAnOwnerSetting() throws {
        var d = try Self.box(at: 3, 0)
        d.send(.settingChanged("display.night_face", "large_clock"))
        #expect(d.idle?.face == .largeClock)
        #expect(d.box.state.settings.nightFace == .largeClock)
        let setting = try #require(OwnerSetting.named("display.night_face"))
        #expect(setting.values == ["no_clock", "clock", "large_clock"])
        #expect(setting.display("no_clock", Words(language: .german)) == "Keine Uhr")
        #expect(BoxConfig().display.nightFace == .noClock)
    }

    @Test func aMissedAlarmIsToldUntilAButtonIsPressed() throws {
        var d = try Self.box(at: 6, 0, face: .clock)
        // The box is off from 06:00 to 08:00: the 06:45 alarm is past the catch-up limit.
        d.wait(2 * 3600)
        #expect(d.box.state.phase == .idle)
        #expect(d.idle?.missedAlarm == MissedAlarmNotice(title: "Missed: alarm 06:45", reason: "The box was off"))
        // A turn of the knob is no press: the notice is back when the volume bar goes.
        d.send(.knobTurned(detents: 1))
        d.wait(3)
        #expect(d.idle?.missedAlarm == MissedAlarmNotice(title: "Missed: alarm 06:45", reason: "The box was off"))
        d.press(.skip)
        #expect(d.idle?.missedAlarm == nil)
        #expect(d.box.state.alarmLog.untold == nil)
    }

    @Test func anAlarmMissedOnAnEarlierDayNamesItsDay() throws {
        // Off from Tuesday 06:00 to Wednesday 06:30: Tuesday's alarm is the last one missed
        // (Wednesday's, 15 minutes ahead, has not come yet).
        var d = try Self.box(at: 6, 0, face: .clock)
        d.wait(24.5 * 3600)
        #expect(d.idle?.missedAlarm?.title == "Missed: alarm Tue 06:45")
    }

    @Test func anAlarmMissedWhileTheClockWasUntrustedSaysSo() throws {
        var d = try Self.box(at: 6, 0, language: .german)
        d.send(.clockSourceChanged(.untrusted))
        // The clock is set, two hours on: the alarm was missed while it could not be trusted.
        d.send(.clockSourceChanged(.setByHand), after: 2 * 3600)
        #expect(d.idle?.missedAlarm == MissedAlarmNotice(title: "Verpasst: Wecker 06:45", reason: "Uhr war nicht gestellt"))
        #expect(d.idle?.face == .clock)
    }

    @Test func aMissedAlarmSurvivesARestart() throws {
        var d = try Self.box(at: 6, 0)
        d.wait(2 * 3600)
        let saved = try JSONDecoder().decode(Snapshot.self, from: JSONEncoder().encode(d.box.snapshot(at: d.now)))
        #expect(saved.alarmLog.untold == MissedAlarm(instant: try utc(2026, 11, 24, 5, 45), slot: 0, clockWasUntrusted: false))
        var restarted = Box(config: d.box.config, catalog: Fixture.catalog, seed: 7)
        let later = d.now.advanced(by: 5)
        _ = restarted.start(at: later, restoring: saved)
        guard case .idle(let idle) = restarted.display(at: later).screen else { Issue.record("not idle"); return }
        #expect(idle.missedAlarm?.title == "Missed: alarm 06:45")
    }
}
