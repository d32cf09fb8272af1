import Testing
@testable import SleepBoxCore

/// A box that found no content (a program copied away from its checkout, no content folder) says
/// so on its idle screen, in the greeting's place, in the box's language.
@Suite struct NoContentTests {
    @Test func theIdleScreenSaysThatNoContentWasFound() throws {
        let empty = try BoxTester.started(catalog: Catalog(items: []))
        guard case .idle(let idle) = empty.screen() else { Issue.record("not idle: \(empty.screen())"); return }
        #expect(idle.greeting == "No content found")
        let library = try BoxTester.started()
        guard case .idle(let usual) = library.screen() else { Issue.record("not idle"); return }
        #expect(usual.greeting != "No content found")
        #expect(StringTable.standard.text(.noContent, in: .german) == "Keine Inhalte")
    }
}
