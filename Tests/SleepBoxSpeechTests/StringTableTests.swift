import SleepBoxCore
import Testing
@testable import SleepBoxSpeech

@Suite("String table")
struct StringTableTests {
    let table = StringTable.standard

    @Test(arguments: StringTable.Language.allCases)
    func everyKeyIsTranslated(_ language: StringTable.Language) {
        #expect(table.missingKeys(in: language).isEmpty)
    }

    @Test func englishMatchesTheCoresStrings() {
        #expect(table.text(.goodEvening, in: .english) == Strings.goodEvening)
        #expect(table.text(.readyForSleep, in: .english) == Strings.readyForSleep)
        #expect(table.text(.windDown, in: .english) == Strings.windDown)
        #expect(table.text(.timerOff, in: .english) == Strings.timerOff)
        #expect(table.text(.timerEndOfContent, in: .english) == Strings.endOfContent)
        #expect(table.text(.timerCancelled, in: .english) == Strings.timerCancelled)
        #expect(table.text(.nothingToPlay, in: .english) == Strings.nothingToPlay)
        #expect(table.text(.unavailable, in: .english) == Strings.unavailable)
        for hour in 0..<24 {
            #expect(table.idleGreeting(hour: hour, in: .english) == Strings.idleGreeting(hour: hour))
        }
        for choice in TimerChoice.options(minutes: [15, 30, 0.5]) {
            #expect(table.timerLabel(choice, in: .english) == choice.label)
        }
    }

    @Test func german() {
        #expect(table.text(.goodEvening, in: .german) == "Guten Abend")
        #expect(table.text(.readyForSleep, in: .german) == "Bereit zum Schlafen?")
        #expect(table.text(.goodMorning, in: .german) == "Guten Morgen")
        #expect(table.text(.timerCancelled, in: .german) == "Timer aus")
        #expect(table.text(.comingSoon, in: .german) == "Demnächst")
        #expect(table.text(.nothingToPlay, in: .german) == "Nichts zum Abspielen")
        #expect(table.idleGreeting(hour: 18, in: .german) == "Guten Abend")
        #expect(table.idleGreeting(hour: 23, in: .german) == "Bereit zum Schlafen?")
        #expect(table.idleGreeting(hour: 9, in: .german) == "Zur Ruhe kommen")
        #expect(table.timerLabel(.off, in: .german) == "Aus")
        #expect(table.timerLabel(.minutes(30), in: .german) == "30 Min.")
        #expect(table.timerLabel(.minutes(0.5), in: .german) == "0,5 Min.")
        #expect(table.timerLabel(.endOfContent, in: .german) == "Bis zum Ende")
        #expect(table.modeName(.poetry, in: .german) == "Gedichte")
    }

    @Test func weekdays() {
        #expect((1...7).map { table.weekday($0, in: .english) }
                == ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"])
        #expect((1...7).map { table.weekday($0, in: .german, short: true) } == ["So", "Mo", "Di", "Mi", "Do", "Fr", "Sa"])
        #expect(table.weekday(3, in: .english, short: true) == "Tue")
        #expect(table.weekday(4, in: .german) == "Mittwoch")
        #expect(table.weekday(0, in: .english) == "Saturday" && table.weekday(-6, in: .english) == "Sunday")
    }

    @Test func languageCodes() {
        #expect(StringTable.Language(code: "de") == .german)
        #expect(StringTable.Language(code: "de_AT.UTF-8") == .german)
        #expect(StringTable.Language(code: "en-GB") == .english)
        #expect(StringTable.Language(code: "English") == .english)
        #expect(StringTable.Language(code: "fr") == nil)
        #expect(StringTable.Language(code: "") == nil)
    }

    @Test func missingTextsFallBackToEnglishThenTheKey() {
        var custom = StringTable([.english: [.goodMorning: "Morning!"], .german: [:]])
        #expect(custom.text(.goodMorning, in: .german) == "Morning!")
        #expect(custom.text(.comingSoon, in: .german) == "comingSoon")
        custom.set(.goodMorning, in: .german, to: "Moin!")
        #expect(custom.text(.goodMorning, in: .german) == "Moin!")
        #expect(custom.missingKeys(in: .german).count == StringTable.Key.allCases.count - 1)
    }

    @Test func formatFillsPlaceholders() {
        #expect(table.format(.wakeLastNight, in: .english, ["title": "Rain"]) == "Last night you fell asleep to Rain.")
        #expect(table.format(.timerMinutes, in: .english, [:]) == "{minutes} min")
    }
}
