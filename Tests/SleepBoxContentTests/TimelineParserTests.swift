import Testing
import SleepBoxSystem
@testable import SleepBoxContent

private func errorOf(_ text: String, _ path: String = "t.timeline.toml") -> ContentError? {
    do {
        _ = try TimelineParser.parse(text: text, path: path)
        return nil
    } catch {
        return error
    }
}

/// A valid timeline's top, 6 lines.
private let top = """
title = "T"
kind = "meditation"
author = "me"
length = "2m"
start_delay = "3s"

"""

@Suite struct TimelineParserTests {
    @Test func bundledBreathingTimeline() throws {
        let t = try TimelineParser.parse(fileAt: TestContent.path("breathing/breath-478.timeline.toml"))
        #expect(t.title == "4-7-8 Breathing")
        #expect(t.kind == .breathing)
        #expect(t.author == "sleepbox")
        #expect(t.length == 390)
        #expect(t.startDelay == 3)
        #expect(t.totalSeconds == 393)
        #expect(!t.endBell)
        #expect(t.bellInterval == nil)
        #expect(t.segments.map(\.at) == [0, 340])
        #expect(t.segments.map(\.line) == [11, 21])
        #expect(Array(t.segments[0].parts.prefix(4)) == [
            .speech("This is four, seven, eight breathing, a slow and simple rhythm for the end of the day.", line: 13, column: 1),
            .pause(2, line: 13, column: 88),
            .speech("Lie comfortably, and let your shoulders drop away from your ears.", line: 13, column: 93),
            .pause(3, line: 13, column: 159),
        ])
        // Columns count within the string (the file column is 8 more: `text = "`).
        #expect(t.segments[0].parts.last == .pause(4, line: 13, column: 738))
        #expect(t.breathing == TimelineBreathing(
            pattern: [.init(.inhale, seconds: 4), .init(.hold, seconds: 7), .init(.exhale, seconds: 8), .init(.rest, seconds: 1)],
            cycles: 12, startsAt: 90, countAloud: true, line: 15))
        #expect(t.breathing?.endsAt == 330)
        #expect(t.warnings.isEmpty)
    }

    @Test func bundledTimelineWithInterjectionsAndBells() throws {
        let t = try TimelineParser.parse(fileAt: TestContent.path("meditations/med-counting-breaths.timeline.toml"))
        #expect(t.intervalBellTimes == [180, 360, 540])
        #expect(t.interjections.map(\.from) == [120, 200, 290, 380, 470])
        #expect(t.interjections.map(\.to) == [150, 260, 330, 440, 510])
        #expect(t.interjections.map(\.line) == [18, 27, 36, 45, 54])
        #expect(t.interjections.allSatisfy { $0.options.count == 3 })
        #expect(t.interjections[0].options[0].parts == [
            .speech("If you have lost count, that's fine. Begin again at one.", line: 21, column: 1),
        ])
        #expect(t.segments.map(\.at) == [0, 546])
        #expect(t.breathing == nil)
    }

    @Test func everyBundledTimelineParsesWithoutWarnings() throws {
        for path in ["breathing/breath-478", "breathing/breath-box", "breathing/breath-long-exhale",
                     "breathing/breath-relaxing-exhale", "meditations/med-counting-breaths"] {
            let t = try TimelineParser.parse(fileAt: TestContent.path(path + ".timeline.toml"))
            #expect(t.warnings.isEmpty, "\(path)")
        }
    }

    @Test func multiLineTextAndIntervalBells() throws {
        let t = try TimelineParser.parse(text: top + """
            bell_interval = "30s"
            end_bell = true

            [[segment]]
            at = "1m"
            text = \"\"\"
            First line. (2s)
            Second line.\"\"\"

            [[segment]]
            at = "0s"
            text = "Start."
            """, path: "m.timeline.toml")
        #expect(t.segments.map(\.at) == [0, 60])
        #expect(t.segments[1].parts == [
            .speech("First line.", line: 11, column: 1), .pause(2, line: 11, column: 13),
            .speech("Second line.", line: 11, column: 1),
        ])
        #expect(t.intervalBellTimes == [30, 60, 90])
        #expect(t.endBell)
    }

    @Test func badValuesNameTheLineOfTheKey() throws {
        let error = try #require(errorOf("""
            title = "T"
            kind = "meditaton"
            author = "me"
            length = 720
            start_delay = "3x"
            bell_interval = "0s"

            [[segment]]
            at = "0s"
            text = "Fine."

            [[segment]]
            at = "1m30"
            text = "Breathe (2x) out."

            [[interjection]]
            from = "2m"
            to = "1m"
            options = ["Fine.", ""]

            [breathing]
            pattern = ["inhale 4", "hold seven"]
            cycles = 0
            """))
        #expect(error.issues.map(\.description) == [
            "t.timeline.toml:2: error: kind: unknown kind \"meditaton\"; did you mean meditation? (a timeline is one of yogaNidra, story, meditation, breathing, hypnosis, affirmation, poem, science, usually meditation or breathing)",
            "t.timeline.toml:4: error: length: expected a duration string such as \"12m\", found a number; write \"720s\" for 720 seconds",
            "t.timeline.toml:5: error: start_delay: \"3x\" is not a duration: write numbers with a unit h, m or s, largest first, e.g. \"90s\", \"1m30s\", \"1.5m\"",
            "t.timeline.toml:6: error: bell_interval: must be more than 0s, e.g. \"3m\"; remove the key for no interval bells",
            "t.timeline.toml:13: error: segment 2, at: \"1m30\" is not a duration: write numbers with a unit h, m or s, largest first, e.g. \"90s\", \"1m30s\", \"1.5m\"",
            "t.timeline.toml:14: error: segment 2, text: (2x) is not a pause marker: \"x\" is not a unit: write a number followed by s (seconds) or m (minutes), e.g. (2s)",
            "t.timeline.toml:18: error: interjection 1, to: 1m is before from (2m): the window runs from from to to",
            "t.timeline.toml:19: error: interjection 1, options: entry 2: there is nothing to say: write the words the voice should read",
            "t.timeline.toml:21: error: [breathing]: missing starts_at: add starts_at = \"1m30s\"",
            "t.timeline.toml:22: error: [breathing] pattern: entry 2: \"hold seven\" is not a step: write inhale, hold, exhale or rest and the seconds (0.5s to 30s), e.g. \"hold 7\" or \"exhale 6.5\"",
            "t.timeline.toml:23: error: [breathing] cycles: 0 is out of range (1 to 10000)",
        ])
    }

    @Test func timesAfterTheEndAndMissingKeys() throws {
        let error = try #require(errorOf("""
            title = "T"
            kind = "breathing"
            length = "1m"

            [[segment]]
            text = "No time."

            [[segment]]
            at = "1m"
            text = "Too late."

            [breathing]
            pattern = ["inhale 4", "exhale 6"]
            cycles = 7
            starts_at = "0s"
            """))
        #expect(error.issues.map(\.description) == [
            "t.timeline.toml: error: missing author: add author = \"sleepbox\" or your name",
            "t.timeline.toml:5: error: segment 1: missing at: add at = \"0s\"",
            "t.timeline.toml:9: error: segment 2, at: 1m is not before the end of the item (length = \"1m\"): move it earlier or make length longer",
            "t.timeline.toml:12: error: [breathing]: the breathing phase ends at 1m10s (starts_at 0s + 7 cycles of 10s), after the end of the item (length = \"1m\"): use fewer cycles or make length longer",
        ])
    }

    @Test func timesAreAtMostADay() throws {
        #expect(errorOf("title = \"T\"\nkind = \"meditation\"\nauthor = \"me\"\nlength = \"99999999999999999999h\"\n[[segment]]\nat = \"0s\"\ntext = \"Hi.\"\n")?.description ==
            "t.timeline.toml:4: error: length: \"99999999999999999999h\" is longer than a day (24h), the longest time a content file may give")
        #expect(DurationText.format(1e300) == "1e+300s")
    }

    @Test func syntaxErrorsHaveLineAndColumn() throws {
        let error = try #require(errorOf("title = \"T\"\nkind = \"meditation\nauthor = \"me\"\n"))
        #expect(error.issues.count == 1)
        #expect(error.first?.line == 2)
        #expect(error.first?.column != nil)
        #expect(error.first?.message.hasPrefix("TOML syntax error: ") == true)
    }

    /// toml++ asserts (aborting the process) on these instead of reporting an error: they must
    /// be caught before it sees them.
    @Test func tableHeadersThatWouldCrashTOMLPlusPlusAreSyntaxErrors() throws {
        let message = "TOML syntax error: a table name must start with a letter, a digit, - or _, or be quoted, as in [breathing] or [[segment]]"
        for (text, line, column) in [("[(x]\n", 1, 2), ("[[(2s)segment]]\n", 1, 3), ("title = \"T\"\n[\n", 2, 2),
                                     ("[[[x]]]\n", 1, 3), ("[ [x]]\n", 1, 3), ("[#]\n", 1, 2), ("[\r\n", 1, 2),
                                     ("a = \"\"\"\n[(x]\"\"\"\n[\u{00A0}x]\n", 3, 2)] {
            #expect(errorOf(text) == ContentError(kind: .syntax, path: "t.timeline.toml", line: line, column: column, message: message), "\(text)")
        }
        #expect(errorOf("a = [1, }]\n") == ContentError(kind: .syntax, path: "t.timeline.toml", line: 1, column: 9,
                                                       message: "TOML syntax error: a } where the list expects a value or ]"))
        #expect(errorOf("a = [\n  # note\n  }\n") == ContentError(kind: .syntax, path: "t.timeline.toml", line: 3, column: 3,
                                                                  message: "TOML syntax error: a } where the list expects a value or ]"))
        #expect(errorOf("a = [\u{2028}1]\n") == ContentError(kind: .syntax, path: "t.timeline.toml", line: 1, column: 6,
                                                             message: "TOML syntax error: a Unicode line or paragraph separator is not allowed; use a plain line break"))
        // Inside strings and arrays nothing is a header.
        #expect(errorOf(top + "x = [\n  [1, 2],\n]\ns = \"\"\"\n[(no header]\"\"\"\n[breathing]\npattern = [\"inhale 1\"]\ncycles = 1\nstarts_at = \"0s\"\n") == nil)
    }

    @Test func aTimelineNeedsSomethingToDo() throws {
        #expect(errorOf(top)?.description ==
            "t.timeline.toml: error: a timeline needs at least one [[segment]] (at and text) or a [breathing] table")
    }

    @Test func unknownKeysAreWarningsWithTheirLine() throws {
        let t = try TimelineParser.parse(text: top + """
            volume = 3

            [[segment]]
            at = "0s"
            txt = "typo"
            text = "Hello."

            [breathing]
            pattern = ["inhale 4"]
            cycles = 2
            starts_at = "10s"
            count_out_loud = true
            """, path: "w.timeline.toml")
        #expect(t.warnings.map(\.description) == [
            "w.timeline.toml:6: warning: volume: unknown key \"volume\" is ignored (keys known in a timeline: title, kind, author, description, narrator, language, length, start_delay, end_bell, bell_interval, series, part, category, segment, interjection, breathing)",
            "w.timeline.toml:10: warning: segment 1, txt: unknown key \"txt\" is ignored; did you mean text? (keys known in a [[segment]]: at, text)",
            "w.timeline.toml:17: warning: [breathing] count_out_loud: unknown key \"count_out_loud\" is ignored (keys known in [breathing]: pattern, cycles, starts_at, count_aloud)",
        ])
    }

    @Test func durationStrings() {
        #expect(DurationText.seconds("90s") == 90)
        #expect(DurationText.seconds("1m30s") == 90)
        #expect(DurationText.seconds("1.5m") == 90)
        #expect(DurationText.seconds("8h") == 28_800)
        #expect(DurationText.seconds("0s") == 0)
        #expect(DurationText.seconds("1h2m3.5s") == 3723.5)
        for bad in ["", "90", "s", ".5m", "1s30m", "1m1m", "1 m", "-1s", "1.s", "1x"] {
            #expect(DurationText.seconds(bad) == nil, "\(bad)")
        }
        #expect(DurationText.format(90) == "1m30s")
        #expect(DurationText.format(0) == "0s")
        #expect(DurationText.format(3723.45) == "1h2m3.5s")
        #expect(DurationText.format(600) == "10m")
    }
}
