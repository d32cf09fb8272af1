import Testing
@testable import SleepBoxCore

@Suite("String table")
struct StringTableTests {
    let table = StringTable.standard

    @Test(arguments: Language.allCases)
    func everyKeyIsTranslated(_ language: Language) {
        #expect(table.missingKeys(in: language).isEmpty)
    }

    /// A row that names a title says what it does before the title: a long title is cut at the
    /// row's end, and "Yoga Nidra: Deep Rest von vorn" showed as "Yoga Nidra: Deep Rest…", an
    /// item's name with no action.
    @Test(arguments: Language.allCases)
    func theRestartRowSaysItsActionFirst(_ language: Language) {
        let row = table.format(.restartItem, in: language, ["title": "A Title Far Too Long for Any Row of the Panel"])
        #expect(!row.hasPrefix("A Title"), "\(row)")
    }

    @Test func english() {
        #expect(table.text(.goodEvening, in: .english) == "Good evening")
        #expect(table.text(.readyForSleep, in: .english) == "Ready for sleep?")
        #expect(table.text(.windDown, in: .english) == "Wind down")
        #expect(table.text(.timerCancelled, in: .english) == "Timer off")
        #expect(table.text(.unavailable, in: .english) == "Cannot play this item")
        #expect(table.format(.volumePercent, in: .english, ["percent": "55"]) == "Volume 55%")
        #expect(table.idleGreeting(hour: 17, in: .english) == "Good evening")
        #expect(table.idleGreeting(hour: 4, in: .english) == "Ready for sleep?")
        #expect(table.idleGreeting(hour: 12, in: .english) == "Good afternoon")
        #expect(table.idleGreeting(hour: 19, in: .english) == "Wind down")
        #expect(table.idleGreeting(hour: 7, in: .english) == "Good morning")
        #expect(table.idleGreeting(hour: 4, wokenToday: true, in: .english) == "Good morning")
        #expect(TimerChoice.options(minutes: [15, 0.5]).map { table.timerLabel($0, in: .english) }
                == ["Off", "15 min", "0.5 min", "End of content"])
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
        #expect(table.idleGreeting(hour: 9, in: .german) == "Guten Morgen")
        #expect(table.idleGreeting(hour: 20, in: .german) == "Zur Ruhe kommen")
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
        #expect(Language(code: "de") == .german)
        #expect(Language(code: "de_AT.UTF-8") == .german)
        #expect(Language(code: "en-GB") == .english)
        #expect(Language(code: "English") == .english)
        #expect(Language(code: "fr") == nil)
        #expect(Language(code: "") == nil)
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
