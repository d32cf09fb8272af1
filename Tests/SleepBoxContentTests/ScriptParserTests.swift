import SleepBoxCore
import Testing
@testable import SleepBoxContent

/// A script file with a minimal header and `body`.
private func script(_ body: String, pauses: String? = nil) throws -> Script {
    var text = "title: T\nkind: story\nauthor: me\n"
    if let pauses { text += "pauses: \(pauses)\n" }
    return try ScriptParser.parse(text: text + "---\n" + body, path: "s.txt")
}

/// Line of the first body line in `script(_:)`: the header has 3 lines (4 with pauses) and ---.
private let firstBodyLine = 5

@Suite struct ScriptParserTests {
    @Test func bundledYogaNidraParsesToItsMarkedPauses() throws {
        let s = try ScriptParser.parse(fileAt: TestContent.path("yoga-nidra/nidra-short.txt"))
        #expect(s.header == ScriptHeader(
            title: "Yoga Nidra: Short Rest", kind: .yogaNidra, author: "sleepbox", narrator: "calm female",
            description: "A short yoga nidra: settle into the bed, set an intention, move your attention through the body, and rest.",
            language: "en", pauses: .marked, declaredPauses: .marked))
        #expect(Array(s.parts.prefix(10)) == [
            .speech("Lie down on your back, or in whatever way is comfortable for you tonight.", line: 10, column: 1),
            .pause(2, line: 10, column: 75),
            .speech("Let your arms rest a little away from your sides, the palms soft.", line: 11, column: 1),
            .pause(2, line: 11, column: 67),
            .speech("Let your eyes close.", line: 12, column: 1),
            .pause(4, line: 12, column: 22),
            .speech("This is a time for rest.", line: 14, column: 1),
            .pause(1, line: 14, column: 26),
            .speech("There is nothing to do, and nothing to get right.", line: 14, column: 31),
            .pause(2, line: 14, column: 81),
        ])
        // The rotation: every body part is its own stretch with exactly one second after it.
        let thumb = try #require(s.parts.firstIndex(of: .speech("Thumb.", line: 29, column: 18)))
        #expect(s.parts[thumb - 2 ... thumb + 1] == [
            .speech("Right hand.", line: 29, column: 1), .pause(1, line: 29, column: 13),
            .speech("Thumb.", line: 29, column: 18), .pause(1, line: 29, column: 25),
        ])
        #expect(s.parts.last == .pause(20, line: 50, column: 30))
        // 70 markers in the file (no two side by side), each after a stretch of speech.
        #expect(s.parts.count == 140)
        #expect(s.pauseSeconds == 173)
        #expect(s.warnings.isEmpty)
    }

    @Test func bundledPoemGetsAutomaticPauses() throws {
        let s = try ScriptParser.parse(fileAt: TestContent.path("poems/poem-sweet-and-low.txt"))
        #expect(s.header.source == "The Princess: A Medley, third edition, 1850")
        #expect(s.header.author == "Alfred, Lord Tennyson")
        let lines: [(Int, String, Double?)] = [
            (11, "Sweet and low, sweet and low,", 0.4), (12, "Wind of the western sea,", 0.4),
            (13, "Low, low, breathe and blow,", 0.4), (14, "Wind of the western sea!", 0.6),
            (15, "Over the rolling waters go,", 0.4), (16, "Come from the dying moon, and blow,", 0.4),
            (17, "Blow him again to me;", 0.4), (18, "While my little one, while my pretty one, sleeps.", 1.5),
            (20, "Sleep and rest, sleep and rest,", 0.4), (21, "Father will come to thee soon;", 0.4),
            (22, "Rest, rest, on mother's breast,", 0.4), (23, "Father will come to thee soon;", 0.4),
            (24, "Father will come to his babe in the nest,", 0.4), (25, "Silver sails all out of the west", 0.4),
            (26, "Under the silver moon:", 0.4), (27, "Sleep, my little one, sleep, my pretty one, sleep.", nil),
        ]
        var expected: [ScriptPart] = []
        for (line, text, pause) in lines {
            expected.append(.speech(text, line: line, column: 1))
            if let pause { expected.append(.pause(pause, line: line, column: text.count + 1)) }
        }
        #expect(s.parts == expected)
    }

    @Test func bundledStoryMarkersReplaceTheParagraphPause() throws {
        let s = try ScriptParser.parse(fileAt: TestContent.path("stories/story-night-train.txt"))
        #expect(s.header.pauses == .auto)
        #expect(Array(s.parts.prefix(4)) == [
            .speech("The train leaves the city a little after nine.", line: 11, column: 1),
            .pause(1.5, line: 11, column: 47),
            .speech("You have found your compartment near the end of the sleeping car.", line: 13, column: 1),
            .pause(0.6, line: 13, column: 66),
        ])
        // "(3s)" alone between two paragraphs: exactly 3 s instead of 1.5 s.
        let city = try #require(s.parts.firstIndex(of: .speech("The city thins out slowly.", line: 19, column: 1)))
        #expect(s.parts[city - 1] == .pause(3, line: 17, column: 1))
        // Markers on lines 17, 25, 33, 51 (3 s), 43 (4 s) and the final rest on line 57 (20 s).
        let marked = s.parts.filter { [3, 4, 20].contains($0.pauseSeconds ?? 0) }
        #expect(marked == [
            .pause(3, line: 17, column: 1), .pause(3, line: 25, column: 1), .pause(3, line: 33, column: 1),
            .pause(4, line: 43, column: 1), .pause(3, line: 51, column: 1), .pause(20, line: 57, column: 1),
        ])
        #expect(Set(s.parts.compactMap(\.pauseSeconds)) == [0.6, 1.5, 3, 4, 20])
        #expect(s.parts.last == .pause(20, line: 57, column: 1))
    }

    @Test func autoPausesFollowSentencesLinesAndBlankLines() throws {
        let s = try script("One. Two!\nThree, four\nfive?\n\n\nSix \"quoted.\" Seven")
        let l = firstBodyLine
        #expect(s.header.pauses == .auto)
        #expect(s.header.declaredPauses == nil)
        #expect(s.parts == [
            .speech("One.", line: l, column: 1), .pause(0.6, line: l, column: 5),
            .speech("Two!", line: l, column: 6), .pause(0.6, line: l, column: 10),
            .speech("Three, four", line: l + 1, column: 1), .pause(0.4, line: l + 1, column: 12),
            .speech("five?", line: l + 2, column: 1),
            // The line ends a sentence (0.6) and a blank line follows (1.5): the longest applies,
            // and several blank lines count as one.
            .pause(1.5, line: l + 2, column: 6),
            .speech("Six \"quoted.\"", line: l + 5, column: 1), .pause(0.6, line: l + 5, column: 14),
            .speech("Seven", line: l + 5, column: 15),
        ])
    }

    @Test func aMarkerReplacesTheAutomaticPauseWhereItStands() throws {
        let l = firstBodyLine
        // At the end of a line that ends a sentence: 3 s, not 0.6 s.
        #expect(try script("Hello there. (3s)\nNext line").parts == [
            .speech("Hello there.", line: l, column: 1), .pause(3, line: l, column: 14),
            .speech("Next line", line: l + 1, column: 1),
        ])
        // On a line of its own between paragraphs: 5 s, not 1.5 s.
        #expect(try script("A.\n\n(5s)\n\nB.", pauses: "auto").parts == [
            .speech("A.", line: l + 1, column: 1), .pause(5, line: l + 3, column: 1), .speech("B.", line: l + 5, column: 1),
        ])
        // In the middle of a sentence it adds its silence there; a short marker also replaces.
        #expect(try script("Breathe in (2s) and out. (0.2s)\nAgain.", pauses: "auto").parts == [
            .speech("Breathe in", line: l + 1, column: 1), .pause(2, line: l + 1, column: 12),
            .speech("and out.", line: l + 1, column: 17), .pause(0.2, line: l + 1, column: 26),
            .speech("Again.", line: l + 2, column: 1),
        ])
    }

    @Test func markedModeAddsOnlyMarkersAndMarkersAddUp() throws {
        let l = firstBodyLine
        let s = try script("Line one\nline two.\n\nline three (2s)\nRest. (5s) (5s)\nAgain. (1.5m) Last (0.6s)")
        #expect(s.header.pauses == .marked)
        #expect(s.parts == [
            .speech("Line one line two. line three", line: l, column: 1), .pause(2, line: l + 3, column: 12),
            .speech("Rest.", line: l + 4, column: 1), .pause(10, line: l + 4, column: 7),
            .speech("Again.", line: l + 5, column: 1), .pause(90, line: l + 5, column: 8),
            .speech("Last", line: l + 5, column: 15), .pause(0.6, line: l + 5, column: 20),
        ])
    }

    @Test func declaredModeWinsOverTheDefault() throws {
        let auto = try script("A (2s)\nB", pauses: "auto")
        #expect(auto.header.pauses == .auto)
        #expect(auto.parts.compactMap(\.pauseSeconds) == [2])
        let marked = try script("A.\nB.", pauses: "marked")
        #expect(marked.parts == [.speech("A. B.", line: firstBodyLine + 1, column: 1)])
    }

    @Test func parenthesisedTextIsReadAloud() throws {
        let s = try script("(Lullaby, oh lullaby!) Sleep now (in peace) (1891, 1924).")
        #expect(s.parts == [
            .speech("(Lullaby, oh lullaby!)", line: firstBodyLine, column: 1), .pause(0.6, line: firstBodyLine, column: 23),
            .speech("Sleep now (in peace) (1891, 1924).", line: firstBodyLine, column: 24),
        ])
    }

    @Test func commentsIndentationLineEndingsAndTheTitle() throws {
        let text = "title: Spoken?\r\nkind: poem\r\nauthor: A\r\nsource: B, 1900\r\n# approx: 1m\r\n---\r\n# a comment\r\n   Indented line\r\n# another\r\n  second\r\n"
        let s = try ScriptParser.parse(text: text, path: "p.txt")
        #expect(s.header.title == "Spoken?")
        #expect(s.parts == [
            .speech("Indented line", line: 8, column: 4), .pause(0.4, line: 8, column: 17),
            .speech("second", line: 10, column: 3),
        ])
    }

    @Test func leadingMarkerAndHeaderDetails() throws {
        let text = "\n# header comment\ntitle:  A: B  \nkind:meditation\nauthor: x\nnarrator:\ndescription: One: two.\n---\n(3s) Hello."
        let s = try ScriptParser.parse(text: text, path: "m.txt")
        #expect(s.header.title == "A: B")
        #expect(s.header.kind == .meditation)
        #expect(s.header.narrator == nil)
        #expect(s.header.description == "One: two.")
        #expect(s.parts == [.pause(3, line: 9, column: 1), .speech("Hello.", line: 9, column: 6)])
    }

    @Test func aByteOrderMarkIsIgnored() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("title: T\nkind: story\nauthor: a\n---\nHi.".utf8)
        #expect(try ScriptParser.parse(bytes: bytes, path: "b.txt").header.title == "T")
    }

    @Test func everyBundledScriptParsesWithoutWarnings() throws {
        var count = 0
        for folder in ContentFolder.allCases where folder.holdsSpokenItems {
            let names = try FileManager.default.contentsOfDirectory(atPath: TestContent.path(folder.rawValue))
            for name in names where name.hasSuffix(".txt") {
                let s = try ScriptParser.parse(fileAt: TestContent.path("\(folder.rawValue)/\(name)"))
                #expect(s.warnings.isEmpty, "\(name)")
                #expect(s.parts.first?.text != nil, "\(name) starts with speech")
                count += 1
            }
        }
        #expect(count == 50)
    }
}

import Foundation
