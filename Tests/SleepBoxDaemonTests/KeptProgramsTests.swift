import SleepBoxContent
import SleepBoxCore
import Testing
@testable import SleepBoxSound

/// The sound side keeps the programs of the items opened last: the newest, the oldest let go.
@Suite struct KeptProgramsTests {
    @Test func theNewestAreKeptAndTheOldestLetGo() {
        var kept = KeptPrograms(capacity: 2)
        kept.keep("a", .audio(path: "/a.flac"))
        kept.keep("b", .audio(path: "/b.flac"))
        kept.keep("a", .audio(path: "/a2.flac"))
        kept.keep("c", .audio(path: "/c.flac"))
        #expect(kept.ids == ["a", "c"], "b was the oldest once a was opened again")
        #expect(kept["b"] == nil)
        if case .audio(let path)? = kept["a"] { #expect(path == "/a2.flac") } else { Issue.record("a not kept") }
        kept.removeAll()
        #expect(kept.ids.isEmpty && kept["c"] == nil)
    }
}
