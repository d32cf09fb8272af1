import Testing
@testable import SleepBoxCore

@Suite("Wake greeting")
struct WakeGreetingTests {
    let greeting = WakeGreeting()

    @Test func englishExactly() {
        #expect(greeting.text(hour: 6, minute: 45, weekday: 3, lastTitle: "The Lake Isle of Innisfree", in: .english)
                == "Good morning. It is six forty-five on Tuesday. Last night you fell asleep to The Lake Isle of Innisfree.")
        #expect(greeting.text(hour: 7, minute: 0, weekday: 1, lastTitle: nil, in: .english)
                == "Good morning. It is seven o'clock on Sunday.")
        #expect(greeting.text(hour: 5, minute: 5, weekday: 7, lastTitle: "  ", in: .english)
                == "Good morning. It is five oh five on Saturday.")
        #expect(greeting.text(hour: 14, minute: 30, weekday: 2, lastTitle: "Ocean Breathing", in: .english)
                == "Good afternoon. It is two thirty on Monday. Last night you fell asleep to Ocean Breathing.")
        #expect(greeting.text(hour: 19, minute: 12, weekday: 6, lastTitle: nil, in: .english)
                == "Good evening. It is seven twelve on Friday.")
        #expect(greeting.text(hour: 8, minute: 1, weekday: 4, lastTitle: "Are You Asleep?", in: .english)
                == "Good morning. It is eight oh one on Wednesday. Last night you fell asleep to Are You Asleep?")
    }

    @Test func germanExactly() {
        #expect(greeting.text(hour: 6, minute: 45, weekday: 3, lastTitle: "The Lake Isle of Innisfree", in: .german)
                == "Guten Morgen. Es ist Dienstag, Viertel vor sieben. Letzte Nacht bist du bei The Lake Isle of Innisfree eingeschlafen.")
        #expect(greeting.text(hour: 7, minute: 0, weekday: 1, lastTitle: nil, in: .german)
                == "Guten Morgen. Es ist Sonntag, sieben Uhr.")
        #expect(greeting.text(hour: 6, minute: 30, weekday: 5, lastTitle: nil, in: .german)
                == "Guten Morgen. Es ist Donnerstag, halb sieben.")
        #expect(greeting.text(hour: 6, minute: 12, weekday: 7, lastTitle: "Der Mond ist aufgegangen", in: .german)
                == "Guten Morgen. Es ist Samstag, sechs Uhr zwölf. Letzte Nacht bist du bei Der Mond ist aufgegangen eingeschlafen.")
        #expect(greeting.text(hour: 13, minute: 15, weekday: 2, lastTitle: nil, in: .german)
                == "Guten Tag. Es ist Montag, Viertel nach eins.")
    }

    @Test func englishTimes() {
        let cases: [(Int, Int, String)] = [
            (6, 45, "six forty-five"), (7, 0, "seven o'clock"), (7, 5, "seven oh five"), (7, 15, "seven fifteen"),
            (11, 59, "eleven fifty-nine"), (13, 20, "one twenty"), (0, 0, "midnight"), (12, 0, "noon"),
            (0, 30, "twelve thirty"), (12, 10, "twelve ten"), (23, 40, "eleven forty"),
        ]
        for (hour, minute, words) in cases {
            #expect(SpokenTime.english(hour: hour, minute: minute) == words, "\(hour):\(minute)")
        }
    }

    @Test func germanTimes() {
        let cases: [(Int, Int, String)] = [
            (6, 45, "Viertel vor sieben"), (6, 15, "Viertel nach sechs"), (6, 30, "halb sieben"),
            (7, 0, "sieben Uhr"), (1, 0, "ein Uhr"), (13, 0, "ein Uhr"), (1, 1, "ein Uhr eins"),
            (6, 21, "sechs Uhr einundzwanzig"), (6, 37, "sechs Uhr siebenunddreißig"),
            (12, 30, "halb eins"), (0, 0, "Mitternacht"), (12, 0, "Mittag"), (11, 45, "Viertel vor zwölf"),
            (23, 15, "Viertel nach elf"),
        ]
        for (hour, minute, words) in cases {
            #expect(SpokenTime.german(hour: hour, minute: minute) == words, "\(hour):\(minute)")
        }
        #expect(SpokenTime.german(hour: 6, minute: 45, colloquial: false) == "sechs Uhr fünfundvierzig")
        #expect(SpokenTime.german(hour: 6, minute: 30, colloquial: false) == "sechs Uhr dreißig")
    }

    @Test func numbers() {
        #expect((0...59).map(SpokenTime.englishNumber).count == Set((0...59).map(SpokenTime.englishNumber)).count)
        #expect(SpokenTime.englishNumber(40) == "forty" && SpokenTime.englishNumber(59) == "fifty-nine")
        #expect(SpokenTime.germanNumber(21) == "einundzwanzig" && SpokenTime.germanNumber(50) == "fünfzig")
        #expect(SpokenTime.germanNumber(16) == "sechzehn" && SpokenTime.germanNumber(17) == "siebzehn")
    }

    @Test func outOfRangeInputWrapsInsteadOfTrapping() {
        #expect(greeting.text(hour: 30, minute: 75, weekday: 0, lastTitle: nil, in: .english)
                == "Good morning. It is seven fifteen on Saturday.")
        #expect(SpokenTime.english(hour: -1, minute: 0) == "eleven o'clock")
        #expect(greeting.text(hour: 6, minute: 0, weekday: 15, lastTitle: nil, in: .german) == "Guten Morgen. Es ist Sonntag, sechs Uhr.")
    }
}
