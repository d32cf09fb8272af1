import Foundation
import Testing
@testable import SleepBoxDaemon

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

    @Test func idsComeFromTitles() {
        #expect(ContentTool.id(from: "The Lake Isle of Innisfree") == "my-the-lake-isle-of-innisfree")
        #expect(ContentTool.id(from: "  Évening -- Rest!  ") == "my-evening-rest")
    }

    @Test func aTextIsAddedWithItsHeaderAndRemovedAgain() throws {
        let folders = try Folders()
        defer { try? FileManager.default.removeItem(atPath: folders.root) }
        let added = try folders.tool().add(kind: .poem, title: "Rest", author: "me", source: "mine, 2026", file: folders.root + "/rest.txt")
        #expect(added == ContentTool.Addition(id: "my-rest", path: folders.state + "/user-content/poems/my-rest.txt", issues: [], kept: true))
        #expect(try String(contentsOfFile: added.path, encoding: .utf8)
                == "title: Rest\nkind: poem\nauthor: me\nsource: mine, 2026\n---\nRest now. (2s)\nSleep.\n")
        #expect(try folders.tool().list(json: false).contains { $0.hasPrefix("my-rest ") })
        try folders.tool().remove(id: "my-rest")
        #expect(!FileManager.default.fileExists(atPath: added.path))
    }

    @Test func aPoemWithoutItsSourceIsNotKept() throws {
        let folders = try Folders()
        defer { try? FileManager.default.removeItem(atPath: folders.root) }
        let added = try folders.tool().add(kind: .poem, title: "Rest", author: "me", source: nil, file: folders.root + "/rest.txt")
        #expect(!added.kept)
        #expect(added.issues.contains { $0.contains("error: a poem needs a source") })
        #expect(!FileManager.default.fileExists(atPath: added.path))
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
