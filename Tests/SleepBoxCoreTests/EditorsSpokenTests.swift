import Foundation
@testable import SleepBoxCore
import Testing

/// With speak-menus on, the Timers editors say their values on every turn and press, and the date
/// editor names the part it moves on to; the meditation timer's breathing pattern and white noise
/// are chosen on the box.
@Suite struct EditorsSpokenTests {
    typealias E = EditorsTests

    /// Each step's spoken words, in order (one step: a turn of one detent, or a press).
    static func say(_ box: inout Box, _ now: inout Moment, _ steps: [Int?]) -> [[String]] {
        steps.map { step in E.said(step.map { E.turn(&box, &now, $0) } ?? E.press(&box, &now)) }
    }

    @Test func theMeditationTimerSaysItsValuesOnEveryTurnAndPress() throws {
        var (box, now) = try E.box([.timers(TimersPage(list: .meditationTimer, selected: 1))], speakMenus: true)
        // Length: turn to it, open, one on, take; Sound: turn to it, open, one on, take; Breathing.
        let said = Self.say(&box, &now, [1, nil, 1, nil, 1, nil, 1, nil, 1, nil, 1, nil])
        #expect(said == [["Length, 10 min"], ["10 min"], ["15 min"], ["Length, 15 min"],
                         ["Sound, Silence"], ["Silence"], ["Rain"], ["Sound, Rain"],
                         ["Breathing, Off"], ["Off"], ["4-7-8"], ["Breathing, 4-7-8"]])
    }

    @Test func theBedtimeReminderSaysItsValuesAndTheTimesParts() throws {
        var (box, now) = try E.box([.timers(TimersPage(list: .bedtimeReminder, selected: 0))], speakMenus: true) {
            $0.reminder.schedule = AlarmSettings(hour: 22, minute: 15, isEnabled: false)
        }
        let said = Self.say(&box, &now, [1, nil, 1, nil, 1, nil, 1, nil, 1, nil])
        #expect(said == [["Reminder, Off"], ["Off"], ["On"], ["Reminder, On"],
                         ["Time, 22:15"], ["Hour 22"], ["Hour 23"], ["Minute 15"], ["Minute 16"], ["Time, 23:16"]])
    }

    @Test(arguments: [(Language.english, ["Month, November", "Month, December", "Day, 23", "Hour, 21"]),
                      (.german, ["Monat, November", "Monat, Dezember", "Tag, 23", "Stunde, 21"])])
    func theDateEditorNamesThePartItMovesOnTo(_ language: Language, _ words: [String]) throws {
        let fields = LocalFields(year: 2026, month: 11, day: 23, hour: 21, minute: 30, second: 0, weekday: 2)
        var (box, now) = try E.box([.clock(ClockEditor(from: fields))], language: language, speakMenus: true)
        let said = Self.say(&box, &now, [nil, 1, -1, nil, nil])
        #expect(said == [[words[0]], [words[1]], [words[0]], [words[2]], [words[3]]])
    }

    // MARK: - The meditation timer's pattern and sound

    /// The Breathing row offers off and the patterns: 4-4-4-4 chosen there is the guide's.
    @Test func theBreathingPatternIsChosenOnTheBox() throws {
        var (box, now) = try E.box([.timers(TimersPage(list: .meditationTimer, selected: 4))])
        #expect(box.settingLabels(.guide) == ["Off", "4-7-8", "4-4-4-4", "4-6", "5-5"])
        E.press(&box, &now)
        E.turn(&box, &now, 2)
        E.press(&box, &now)
        #expect(box.meditationChoice.guide && box.meditationChoice.pattern == "4-4-4-4")
        #expect(E.menu(box, now)?.rows[4].detail == "4-4-4-4")
        // Kept in the state file.
        let saved = try JSONDecoder().decode(Snapshot.self, from: JSONEncoder().encode(box.snapshot(at: now)))
        #expect(saved.meditationChoice?.pattern == "4-4-4-4")
        // Started: the guide breathes 4-4-4-4.
        E.turn(&box, &now, -3)
        E.press(&box, &now)
        let box4 = [BreathStep(.inhale, seconds: 4), BreathStep(.hold, seconds: 4), BreathStep(.exhale, seconds: 4),
                    BreathStep(.rest, seconds: 4)]
        #expect(box.state.session?.guide?.pattern == box4)
        // The configured pattern again is kept as the file's (nil).
        box.apply(.guide, 1)
        #expect(box.meditationChoice.pattern == nil && box.meditationChoice.guide)
    }

    @Test func aPatternTheStateFileCannotBreatheIsRejected() throws {
        let (box, now) = try E.box([])
        var snapshot = box.snapshot(at: now)
        snapshot.meditationChoice = MeditationChoice(minutes: 10, sound: nil, guide: true, bellEveryMinutes: 0, pattern: "4-x-8")
        let (valid, rejected) = snapshot.validated()
        #expect(valid.meditationChoice == nil)
        #expect(rejected.contains { $0.hasPrefix("meditationChoice") })
    }

    @Test func whiteNoiseIsOfferedAsTheTimersSound() throws {
        let (box, _) = try E.box([])
        #expect(box.settingLabels(.sound) == ["Silence", "Rain", "Ocean", "Forest", "Pink noise", "White noise"])
    }
}
