import Testing
import SleepBoxCore
@testable import SleepBoxContent

/// `ContentEntry.spokenParts`, what the voice says in an item: everything the box renders ahead
/// and the sleepbox-speech package holds, so nothing is left to render on a box that has it.
@Suite struct SpokenPartsTests {
    private let library = ContentLibrary.load(bundled: TestContent.bundled)

    private func texts(_ id: ItemID) -> [String] {
        library.entries.first { $0.id == id }.map { $0.spokenParts.joined().compactMap(\.text) } ?? []
    }

    /// Box breathing counts its first rounds aloud ("in", "hold", "out"): each word is a stretch
    /// of its own, once, beside the segments.
    @Test func aBreathingPatternCountedAloudSaysItsWords() {
        let box = texts("breath-box")
        #expect(box.first?.hasPrefix("This is box breathing.") == true)
        for word in ["in", "hold", "out"] {
            #expect(box.filter { $0 == word }.count == 1, "\(word) in \(box)")
        }
    }

    /// A timeline that does not count aloud says only its segments and interjections.
    @Test func noWordsWithoutCountingAloud() throws {
        let silent = try #require(library.entries.first { entry in
            if case .timeline(let timeline) = entry.body { return timeline.breathing.map { !$0.countAloud } ?? true }
            return false
        })
        let words = silent.spokenParts.joined().compactMap(\.text)
        #expect(!words.contains("in") && !words.contains("hold") && !words.contains("out"), "\(silent.id)")
    }
}
