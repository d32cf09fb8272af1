import Foundation
import Testing
@testable import SleepBoxDaemon
@testable import SleepBoxTools

/// `sleepbox content add` and `remove` on an owner's folder: ids from titles, the header written,
/// an item with an error not kept, and the bundled items out of reach.
@Suite struct ContentToolTests {
    /// An empty bundled library, an empty state folder, and a configuration naming both.
    struct Folders {
        let root = FileManager.default.temporaryDirectory.path + "/sleepbox-content-" + UUID().uuidString
        var config: String { root + "/sleepbox.toml" }
        var state: String { root + "/state" }

        init() throws {
            try FileManager.default.createDirectory(atPath: root + "/content/poems", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
            try "[paths]\ncontent = \"\(root)/content\"\n".write(toFile: config, atomically: true, encoding: .utf8)
            try "title: Bundled\nkind: poem\nauthor: someone\nsource: a book, 1900\n---\nHush.\n"
                .write(toFile: root + "/content/poems/poem-bundled.txt", atomically: true, encoding: .utf8)
            try "Rest now. (2s)\nSleep.\n".write(toFile: root + "/rest.txt", atomically: true, encoding: .utf8)
        }

        func tool() throws -> ContentTool { try ContentTool(configPath: config, stateDirectory: state) }
    }

    @Test func idsComeFromTheKindAndTheTitle() {
        #expect(ContentTool.id(from: "The Lake Isle of Innisfree", prefix: "poem") == "poem-the-lake-isle-of-innisfree")
        #expect(ContentTool.id(from: "  Évening -- Rest!  ", prefix: "story") == "story-evening-rest")
        #expect(ContentTool.id(from: "夜", prefix: "poem") == "poem")
    }

    /// Every file and folder below `path`, to show that a failed add changed nothing.
    static func tree(_ path: String) -> [String] {
        (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? []).sorted()
    }

    @Test func aTextIsAddedWithItsHeaderAndRemovedAgain() throws {
        let folders = try Folders()
        defer { try? FileManager.default.removeItem(atPath: folders.root) }
        let added = try folders.tool().add(kind: .poem, title: "Rest", author: "me", source: "mine, 2026", file: folders.root + "/rest.txt")
        #expect(added == ContentTool.Addition(id: "poem-rest", path: folders.state + "/user-content/poems/poem-rest.txt", issues: [], kept: true))
        #expect(try String(contentsOfFile: added.path, encoding: .utf8)
                == "title: Rest\nkind: poem\nauthor: me\nsource: mine, 2026\n---\nRest now. (2s)\nSleep.\n")
        #expect(try folders.tool().list(json: false).contains { $0.hasPrefix("poem-rest ") })
        try folders.tool().remove(id: "poem-rest")
        #expect(!FileManager.default.fileExists(atPath: added.path))
    }

    @Test func aPoemWithoutItsSourceIsRefusedNamingTheOptionAndNothingIsWritten() throws {
        let folders = try Folders()
        defer { try? FileManager.default.removeItem(atPath: folders.root) }
        let tool = try folders.tool()
        let before = Self.tree(folders.state)
        #expect {
            try tool.add(kind: .poem, title: "The Evening Lamp", source: nil, file: folders.root + "/rest.txt")
        } throws: { error in
            guard case ContentToolError.option("--source", let why) = error else { return false }
            return why.contains("a poem needs its source")
        }
        #expect(Self.tree(folders.state) == before)
        #expect(FileManager.default.fileExists(atPath: folders.root + "/rest.txt"))
        // Given the option, the same command adds it under the documented id.
        let added = try folders.tool().add(kind: .poem, title: "The Evening Lamp", source: "mine, 2026", file: folders.root + "/rest.txt")
        #expect(added.kept && added.id == "poem-the-evening-lamp")
    }

    @Test func aTextWithAnErrorLeavesTheLibraryAsItWasAndNamesTheOwnersLine() throws {
        let folders = try Folders()
        defer { try? FileManager.default.removeItem(atPath: folders.root) }
        try "Rest now.\nBreathe (2 s) slowly.\n".write(toFile: folders.root + "/bad.txt", atomically: true, encoding: .utf8)
        let tool = try folders.tool()
        let before = Self.tree(folders.state)
        let added = try tool.add(kind: .story, title: "Bad", source: nil, file: folders.root + "/bad.txt")
        #expect(!added.kept)
        #expect(added.issues.count == 1, "\(added.issues)")
        #expect(added.issues.first?.hasPrefix(folders.root + "/bad.txt:2:9: error: ") == true)
        #expect(Self.tree(folders.state) == before)
    }

    @Test func aTextWithItsOwnHeaderKeepsItsKeysAndGetsNoSecondHeader() throws {
        let folders = try Folders()
        defer { try? FileManager.default.removeItem(atPath: folders.root) }
        try "title: Old\nauthor: Sara Teasdale\nsource: Flame and Shadow, 1920\nnarrator: calm female\n---\nStars over snow.\n"
            .write(toFile: folders.root + "/stars.txt", atomically: true, encoding: .utf8)
        let added = try folders.tool().add(kind: .poem, title: "Stars", source: nil, file: folders.root + "/stars.txt")
        #expect(added.kept && added.issues.isEmpty)
        #expect(try String(contentsOfFile: added.path, encoding: .utf8)
                == "title: Stars\nkind: poem\nauthor: Sara Teasdale\nsource: Flame and Shadow, 1920\nnarrator: calm female\n---\nStars over snow.\n")
    }

    @Test func idsAreMadeUniqueAndAGivenIdIsChecked() throws {
        let folders = try Folders()
        defer { try? FileManager.default.removeItem(atPath: folders.root) }
        let first = try folders.tool().add(kind: .story, title: "Rest", source: nil, file: folders.root + "/rest.txt")
        let second = try folders.tool().add(kind: .story, title: "Rest", source: nil, file: folders.root + "/rest.txt")
        #expect([first.id, second.id] == ["story-rest", "story-rest-2"])
        // A bundled title gets its own id, never the bundled one.
        let bundled = try folders.tool().add(kind: .poem, title: "Bundled", source: "a book, 1900", file: folders.root + "/rest.txt")
        #expect(bundled.id == "poem-bundled-2")
        let mine = try folders.tool().add(kind: .story, title: "Rest", id: "my-rest", source: nil, file: folders.root + "/rest.txt")
        #expect(mine.id == "my-rest" && mine.kept)
        let before = Self.tree(folders.state)
        #expect {
            try folders.tool().add(kind: .poem, title: "X", id: "poem-bundled", source: "a, 1", file: folders.root + "/rest.txt")
        } throws: { error in
            guard case ContentToolError.option("--id", let why) = error else { return false }
            return why.contains("already used by") && why.contains("poem-bundled.txt")
        }
        #expect(throws: ContentToolError.self) {
            try folders.tool().add(kind: .story, title: "X", id: "Bad Id", source: nil, file: folders.root + "/rest.txt")
        }
        #expect {
            try folders.tool().add(kind: .story, title: "夜", source: nil, file: folders.root + "/rest.txt")
        } throws: { error in
            guard case ContentToolError.option("--id", _) = error else { return false }
            return true
        }
        #expect(Self.tree(folders.state) == before)
    }

    @Test func checkTakesSeveralFilesAndFoldersAndGivesEachLength() throws {
        let folders = try Folders()
        defer { try? FileManager.default.removeItem(atPath: folders.root) }
        try FileManager.default.createDirectory(atPath: folders.root + "/mine/stories", withIntermediateDirectories: true)
        try "title: Walk\nkind: story\nauthor: me\n---\nOne two three four five six seven eight nine ten. (50s)\n"
            .write(toFile: folders.root + "/mine/stories/story-walk.txt", atomically: true, encoding: .utf8)
        try "title: Bad\nkind: story\nauthor: me\n---\nWait (2 s).\n"
            .write(toFile: folders.root + "/mine/stories/story-bad.txt", atomically: true, encoding: .utf8)
        let tool = try folders.tool()
        let good = tool.check(paths: [folders.root + "/content/poems/poem-bundled.txt", folders.root + "/mine/stories/story-walk.txt"])
        #expect(good.errors == 0)
        #expect(good.summary == "2 files, 0 errors")
        #expect(good.issues.last == folders.root + "/mine/stories/story-walk.txt: story-walk, ~0:55 (estimated at 130 words a minute and its pauses), 0 errors")
        let folder = tool.check(paths: [folders.root + "/mine"])
        #expect(folder.errors == 1)
        #expect(folder.summary == "2 files, 1 error")
        #expect(folder.issues.filter { $0.hasSuffix(" error") || $0.hasSuffix(" errors") } == [
            folders.root + "/mine/stories/story-bad.txt: left out, 1 error",
            folders.root + "/mine/stories/story-walk.txt: story-walk, ~0:55 (estimated at 130 words a minute and its pauses), 0 errors"])
        #expect(folder.issues.contains { $0.hasPrefix(folders.root + "/mine/stories/story-bad.txt:5:6: error:") })
        let missing = tool.check(paths: [folders.root + "/nowhere.txt", folders.root + "/mine/stories/story-walk.txt"])
        #expect(missing.errors == 1)
    }

    @Test func listNeverCutsAnId() throws {
        let folders = try Folders()
        defer { try? FileManager.default.removeItem(atPath: folders.root) }
        let long = "poem-hope-is-the-thing-with-feathers-that-perche"
        #expect(long.count == 48)
        try "title: Hope\nkind: poem\nauthor: Emily Dickinson\nsource: Poems, 1891\n---\nHope.\n"
            .write(toFile: folders.root + "/content/poems/\(long).txt", atomically: true, encoding: .utf8)
        let lines = try folders.tool().list(json: false)
        #expect(lines.contains { $0.hasPrefix(long + " ") })
        // The columns stay in line: every kind starts in the same column.
        #expect(Set(lines.map { $0.range(of: " poem ")?.lowerBound.utf16Offset(in: $0) }).count == 1)
    }

    /// The JSON lines carry what docs/content.md's library table is made from: the author and
    /// the header's source (a poem's book and year) beside the length.
    @Test func listAsJSONGivesTheAuthorAndTheCredit() throws {
        let folders = try Folders()
        defer { try? FileManager.default.removeItem(atPath: folders.root) }
        let lines = try folders.tool().list(json: true)
        #expect(lines.count == 1)
        let line = try #require(lines.first)
        #expect(line.hasPrefix(#"{"id":"poem-bundled","title":"Bundled","kind":"poem","#))
        #expect(line.contains(#""author":"someone""#))
        #expect(line.contains(#""credit":"a book, 1900""#))
    }

    /// The JSON names the voice that really reads each spoken item on this box (espeak-ng here,
    /// in the item's own language for one in the other), keeps the header's wish apart as
    /// `narratorInHeader`, and gives every description.
    @Test func listAsJSONNamesTheVoiceThatReadsEachItemAndItsDescription() throws {
        let folders = try Folders()
        defer { try? FileManager.default.removeItem(atPath: folders.root) }
        try FileManager.default.createDirectory(atPath: folders.root + "/content/meditations", withIntermediateDirectories: true)
        try "title: Rest\nkind: meditation\nauthor: sleepbox\nnarrator: calm female\ndescription: A short rest.\nlanguage: en\n---\nRest.\n"
            .write(toFile: folders.root + "/content/meditations/med-rest.txt", atomically: true, encoding: .utf8)
        try "title: Ruhe\nkind: meditation\nauthor: sleepbox\ndescription: Eine kurze Ruhe.\nlanguage: de\n---\nRuhe.\n"
            .write(toFile: folders.root + "/content/meditations/med-ruhe.txt", atomically: true, encoding: .utf8)
        for (language, english, german) in [("en", "espeak-ng en-us", "espeak-ng de"), ("de", "espeak-ng en-us", "espeak-ng de")] {
            try "language = \"\(language)\"\n[paths]\ncontent = \"\(folders.root)/content\"\n[voice]\nengine = \"espeak\"\n"
                .write(toFile: folders.config, atomically: true, encoding: .utf8)
            let lines = try folders.tool().list(json: true)
            let rest = try #require(lines.first { $0.contains(#""id":"med-rest""#) })
            #expect(rest.contains(#""narrator":"\#(english)""#), "\(rest)")
            #expect(rest.contains(#""narratorInHeader":"calm female""#))
            #expect(rest.contains(#""description":"A short rest.""#))
            let ruhe = try #require(lines.first { $0.contains(#""id":"med-ruhe""#) })
            #expect(ruhe.contains(#""narrator":"\#(german)""#), "\(ruhe)")
            #expect(!ruhe.contains("narratorInHeader"))
            #expect(ruhe.contains(#""description":"Eine kurze Ruhe.""#))
            // A poem without a description has none; a text is read by the box's voice.
            let poem = try #require(lines.first { $0.contains(#""id":"poem-bundled""#) })
            #expect(!poem.contains("description") && poem.contains(#""narrator":"espeak-ng"#))
        }
    }

    @Test func bundledItemsAndStrangersCannotBeRemoved() throws {
        let folders = try Folders()
        defer { try? FileManager.default.removeItem(atPath: folders.root) }
        let tool = try folders.tool()
        #expect(throws: ContentToolError.bundled("poem-bundled")) { try tool.remove(id: "poem-bundled") }
        #expect(throws: ContentToolError.noItem("my-nothing")) { try tool.remove(id: "my-nothing") }
        #expect(throws: ContentToolError.notAnID("Bad Id")) { try tool.remove(id: "Bad Id") }
    }
}
