import Foundation
import SleepBoxCore
import Testing
@testable import SleepBoxContent

/// The library lets in only what the state file can keep: titles, authors and descriptions up to
/// `ContentItem.maximumTextBytes`, items up to `ContentItem.maximumSeconds` long.
@Suite struct ItemLimitTests {
    static func script(title: String, description: String = "One sentence.", body: String = "Hello there. (2s)") -> String {
        """
        title: \(title)
        kind: meditation
        author: me
        narrator: calm
        description: \(description)
        language: en
        ---
        \(body)
        """
    }

    func check(_ text: String) throws -> (entry: ContentEntry?, errors: [String], path: String) {
        let user = try TestContent.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: user) }
        let path = user + "/meditations/med-long.txt"
        try TestContent.write(text, to: path)
        let library = ContentLibrary.load(bundled: TestContent.bundled, user: user)
        let errors = library.check().filter { $0.path == path && $0.severity == .error }.map(\.message)
        return (library.entry("med-long"), errors, path)
    }

    @Test func aTitleOfTheStateFilesLimitIsLetInAndOneByteMoreIsNot() throws {
        let limit = ContentItem.maximumTextBytes
        let fits = try check(Self.script(title: String(repeating: "a", count: limit)))
        #expect(fits.errors.isEmpty)
        #expect(fits.entry?.item.title.utf8.count == limit)
        let long = try check(Self.script(title: String(repeating: "a", count: limit + 1)))
        #expect(long.errors == ["the title is 1001 bytes long, more than the 1000 an item may have: shorten it"])
        #expect(long.entry == nil)
    }

    @Test func aLongDescriptionIsAnErrorToo() throws {
        let long = try check(Self.script(title: "Fine", description: String(repeating: "ü", count: 600)))
        #expect(long.errors == ["the description is 1200 bytes long, more than the 1000 an item may have: shorten it"])
    }

    @Test func anItemLongerThanAYearIsAnError() throws {
        let pauses = String(repeating: "(86399s) ", count: 1_000)
        let long = try check(Self.script(title: "Forever", body: "Hello. " + pauses))
        #expect(long.entry == nil)
        #expect(long.errors.count == 1)
        #expect(long.errors.first?.hasSuffix("longer than a year (8760h), the most an item may: shorten it") == true)
    }
}
