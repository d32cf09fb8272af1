import Testing
@testable import SleepBoxContent

/// The error thrown for `text`, or nil when it parses.
private func errorOf(_ text: String, _ path: String = "x.txt") -> ContentError? {
    do {
        _ = try ScriptParser.parse(text: text, path: path)
        return nil
    } catch {
        return error
    }
}

private let header = "title: T\nkind: story\nauthor: a\n---\n"

@Suite struct ScriptErrorTests {
    @Test func unknownKindNamesLineColumnAndTheRightSpelling() {
        #expect(errorOf("title: T\nkind: yoganidra\nauthor: a\n---\nHi.", "k.txt")?.description ==
            "k.txt:2:7: error: unknown kind \"yoganidra\"; did you mean yogaNidra? (one of yogaNidra, story, meditation, breathing, hypnosis, affirmation, poem, science, spelled exactly like this)")
        #expect(errorOf("title: T\nkind: ambient\nauthor: a\n---\nHi.", "k.txt")?.description ==
            "k.txt:2:7: error: a spoken script cannot be of kind ambient (that is for ambient/<id>.toml generators and recordings); use one of yogaNidra, story, meditation, breathing, hypnosis, affirmation, poem, science")
    }

    @Test func missingTitleIsReportedAtTheSeparator() {
        #expect(errorOf("kind: story\nauthor: a\n---\nHi.", "t.txt")?.description ==
            "t.txt:3:1: error: missing title: add a line title: <the name shown on the display> to the header, above ---")
        #expect(errorOf("title:   \nkind: story\nauthor: a\n---\nHi.", "t.txt")?.description ==
            "t.txt:1:10: error: title is empty: write the name shown on the display after title:")
    }

    @Test func badMarkersSayHowToWriteThem() {
        let cases: [(String, String)] = [
            ("(2x)", "(2x) is not a pause marker: \"x\" is not a unit: write a number followed by s (seconds) or m (minutes), e.g. (2s)"),
            ("(.8s)", "(.8s) is not a pause marker: write (0.8s): a number starts with a digit"),
            ("(1m30s)", "(1m30s) is not a pause marker: a marker is one number and one unit: write (90s)"),
            ("(2 s)", "(2 s) is not a pause marker: write (2s): a number then s or m, in lowercase, with no spaces"),
            ("(2S)", "(2S) is not a pause marker: write (2s): a number then s or m, in lowercase, with no spaces"),
            ("(10 seconds)", "(10 seconds) is not a pause marker: write (10s): a number then s or m, in lowercase, with no spaces"),
            ("(3)", "(3) is not a pause marker: it has no unit: write (3s) for seconds or (3m) for minutes"),
            ("(2,5s)", "(2,5s) is not a pause marker: use a decimal point, not a comma: (2.5s)"),
            ("(1.2.3s)", "(1.2.3s) is not a pause marker: 1.2.3 is not a number: write digits with an optional decimal part, e.g. (2.5s)"),
            ("(1h)", "(1h) is not a pause marker: markers are in seconds or minutes: write (60m)"),
        ]
        for (marker, message) in cases {
            #expect(errorOf(header + "Breathe in. \(marker) Out.", "m.txt")?.description == "m.txt:5:13: error: " + message)
        }
        #expect(errorOf(header + "Rest (1441m) now", "m.txt")?.description ==
            "m.txt:5:6: error: (1441m) is longer than a day (24h), the longest pause a script may ask for")
        #expect(errorOf(header + "Rest (2s", "m.txt")?.description ==
            "m.txt:5:6: error: (2s is missing its closing parenthesis: a pause marker is written like (2s)")
    }

    @Test func aFileWithoutTheSeparator() {
        #expect(errorOf("title: T\nkind: story\nauthor: a\nHello there.", "n.txt")?.description ==
            "n.txt:4:1: error: no --- line: a script is a header of key: value lines, then a line that is exactly ---, then the text")
        #expect(errorOf("title: T\nkind: story\nauthor: a\n--- \nHi.", "n.txt")?.description ==
            "n.txt:4:1: error: the line that ends the header must be exactly --- (three hyphens, nothing else on the line)")
    }

    @Test func aScriptWithNothingToSay() {
        #expect(errorOf(header + "\n# only a comment\n(5s)\n", "e.txt")?.description ==
            "e.txt:4:1: error: there is no text after ---: write the words the voice should read below this line")
    }

    @Test func textThatIsNotUTF8() {
        let bytes = Array((header + "Caf").utf8) + [0xE9] + Array(" au lait.".utf8)
        #expect(throws: ContentError(path: "u.txt", line: 5, column: 4,
                                     message: "the file is not UTF-8 text (an invalid byte here): save it as UTF-8")) {
            try ScriptParser.parse(bytes: bytes, path: "u.txt")
        }
    }

    @Test func aPoemNeedsItsSource() {
        #expect(errorOf("title: T\nkind: poem\nauthor: A\n---\nHi.", "p.txt")?.description ==
            "p.txt:2:1: error: a poem needs a source: add a line source: <book or collection>, <year> to the header (see \"Poems and rights\" in docs/content.md)")
    }

    @Test func everyProblemOfAFileIsReportedTogetherInLineOrder() throws {
        let text = "title: T\nTitle: U\nkind: story\ntitle: V\nauthr: me\nauthor: a\npauses: sometimes\nnot a key line\n---\nHi (2x)."
        let error = try #require(errorOf(text, "all.txt"))
        #expect(error.issues.map(\.description) == [
            "all.txt:2:1: error: header keys are lowercase: write title: instead of Title:",
            "all.txt:4:1: error: title is given twice (first on line 1); keep one",
            "all.txt:5:1: warning: unknown header key \"authr\" is ignored; did you mean author? (known keys: title, kind, author, source, narrator, description, language, pauses, series, part, category)",
            "all.txt:7:9: error: pauses must be auto or marked, not \"sometimes\"",
            "all.txt:8:1: error: expected key: value in the header (or a comment starting with #); the text goes below the --- line",
            "all.txt:10:4: error: (2x) is not a pause marker: \"x\" is not a unit: write a number followed by s (seconds) or m (minutes), e.g. (2s)",
        ])
        #expect(error.first?.line == 2)
        #expect(error.errors.count == 5)
    }

    @Test func warningsAloneDoNotStopAScript() throws {
        let s = try ScriptParser.parse(text: "title: T\nkind: story\nauthor: a\nmood: calm\nlanguage: fr\n---\nHi.", path: "w.txt")
        #expect(s.warnings.map(\.description) == [
            "w.txt:4:1: warning: unknown header key \"mood\" is ignored (known keys: title, kind, author, source, narrator, description, language, pauses, series, part, category)",
            "w.txt:5:11: note: language \"fr\": the bundled voices read en and de only; a voice for fr must be installed",
        ])
    }

    @Test func aMissingFileIsAnError() {
        #expect(throws: ContentError(path: "/nonexistent/sleepbox/x.txt", message: "cannot read the file: there is no such file")) {
            try ScriptParser.parse(fileAt: "/nonexistent/sleepbox/x.txt")
        }
        #expect(throws: ContentError(path: TestContent.bundled, message: "cannot read the file: it is a folder")) {
            try ScriptParser.parse(fileAt: TestContent.bundled)
        }
    }
}
