import Testing
import SleepBoxTOML

@Suite struct TOMLKeyLocatorTests {
    @Test func findsTopLevelKeysTablesAndTheirKeys() {
        let locator = TOMLKeyLocator(text: """
            # comment = not a key
            time_zone = "Europe/Berlin"   # trailing comment

            [alarm]
              time = "06:45"
            days=["mon"]
            [ audio ]
            volume = 40
            """)
        #expect(locator.lines == [
            "time_zone": 2, "alarm": 4, "alarm.time": 5, "alarm.days": 6, "audio": 7, "audio.volume": 8,
        ])
    }

    @Test func skipsWhatLooksLikeKeysInsideValues() {
        let locator = TOMLKeyLocator(text: """
            [timer]
            choices = [
              15,   # a = 1
              [30], "[pools]",
              {x = 1},
            ]
            note = \"\"\"
            fake = 1
            [fake]
            \"\"\"
            literal = '''
            also = "fake"
            '''
            hash = "# not = a comment"
            after = 1
            """)
        #expect(locator.lines == [
            "timer": 1, "timer.choices": 2, "timer.note": 7, "timer.literal": 11, "timer.hash": 14, "timer.after": 15,
        ])
    }

    @Test func understandsDottedQuotedKeysAndArraysOfTables() {
        let locator = TOMLKeyLocator(text: """
            alarm.time = "06:45"
            "quoted.key" = 1
            [[shows]]
            name = "a"
            [alarm . extra]
            x = 1
            """)
        #expect(locator.line(of: ["alarm", "time"]) == 1)
        #expect(locator.line(of: ["alarm"]) == 1)
        #expect(locator.line(of: ["quoted.key"]) == 2)
        #expect(locator.line(of: ["shows"]) == 3)
        #expect(locator.line(of: ["shows", "name"]) == 4)
        #expect(locator.line(of: ["alarm", "extra"]) == 5)
        #expect(locator.line(ofDotted: "alarm.extra.x") == 6)
    }

    @Test func fallsBackToTheEnclosingKey() {
        let locator = TOMLKeyLocator(text: "\n\nalarm = { time = \"06:45\", days = \"weekends\" }\n")
        #expect(locator.line(of: ["alarm", "days"]) == 3)
        #expect(locator.line(of: ["nothing", "here"]) == nil)
    }

    @Test func survivesBrokenText() {
        let locator = TOMLKeyLocator(text: "[unclosed\nkey = \"unterminated\n= 3\n]]]\nx = [[[\n\"\"\"")
        #expect(locator.line(of: ["unclosed"]) == 1)
        #expect(locator.line(of: ["unclosed", "key"]) == 2)
    }
}
