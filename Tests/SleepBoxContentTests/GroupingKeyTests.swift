import Testing
import SleepBoxCore
@testable import SleepBoxContent

/// The header keys `series`, `part` and `category` in spoken scripts and guided timelines: read
/// into the item, and every bad value an error naming the file, the line and the key.
@Suite struct GroupingKeyTests {
    private func scriptError(_ header: String, _ path: String = "g.txt") -> String? {
        do {
            _ = try ScriptParser.parse(text: header + "---\nHello.", path: path)
            return nil
        } catch {
            return error.description
        }
    }

    private func timelineError(_ keys: String, kind: String = "meditation", _ path: String = "g.timeline.toml") -> String? {
        do {
            _ = try TimelineParser.parse(text: timeline(keys, kind: kind), path: path)
            return nil
        } catch {
            return error.description
        }
    }

    private func timeline(_ keys: String, kind: String = "meditation") -> String {
        "title = \"T\"\nkind = \"\(kind)\"\nauthor = \"me\"\nlength = \"10m\"\n\(keys)\n[[segment]]\nat = \"0s\"\ntext = \"Hello.\"\n"
    }

    @Test func aScriptReadsItsSeriesPartAndCategory() throws {
        let med = try ScriptParser.parse(text: "title: T\nkind: meditation\nauthor: a\nseries: reactivity\npart: 3\n---\nHi.", path: "m.txt")
        #expect(med.header.series == SeriesPart(series: .reactivity, part: 3))
        #expect(med.header.category == nil)
        let story = try ScriptParser.parse(text: "title: T\nkind: story\nauthor: a\ncategory: asmr\n---\nHi.", path: "s.txt")
        #expect(story.header.category == .asmr)
        #expect(story.header.series == nil)
        #expect(story.warnings.isEmpty)
    }

    @Test func aScriptsBadSeriesValuesNameLineColumnAndKey() {
        let top = "title: T\nkind: meditation\nauthor: a\n"
        #expect(scriptError(top + "series: reactivty\npart: 2\n") ==
            "g.txt:4:9: error: unknown series \"reactivty\"; did you mean reactivity? (one of reactivity, spelled exactly like this)")
        #expect(scriptError(top + "series: reactivity\npart: 15\n") ==
            "g.txt:5:7: error: part 15 is out of range (1 to 14, the parts of the series reactivity)")
        #expect(scriptError(top + "series: reactivity\npart: 0\n") ==
            "g.txt:5:7: error: part 0 is out of range (1 to 14, the parts of the series reactivity)")
        #expect(scriptError(top + "series: reactivity\npart: three\n") ==
            "g.txt:5:7: error: part must be a whole number 1 to 14, the parts of the series reactivity, not \"three\"")
        #expect(scriptError(top + "series: reactivity\n") ==
            "g.txt:4:9: error: an item of a series needs its part: add part, its place in the series (from 1)")
        #expect(scriptError(top + "part: 2\n") ==
            "g.txt:4:7: error: part is an item's place in a series: add series (one of reactivity), or remove part")
        #expect(scriptError(top + "series: reactivity\npart: 2\npart: 3\n") ==
            "g.txt:6:1: error: part is given twice (first on line 5); keep one")
    }

    @Test func aScriptsCategoryIsAStorysOnly() {
        #expect(scriptError("title: T\nkind: story\nauthor: a\ncategory: nature journeys\n") ==
            "g.txt:4:11: error: unknown category \"nature journeys\" (one of fiction, nature, meditation, asmr, spelled exactly like this)")
        #expect(scriptError("title: T\nkind: story\nauthor: a\ncategory: fictoin\n") ==
            "g.txt:4:11: error: unknown category \"fictoin\"; did you mean fiction? (one of fiction, nature, meditation, asmr, spelled exactly like this)")
        #expect(scriptError("title: T\nkind: poem\nauthor: a\nsource: B, 1900\ncategory: fiction\n") ==
            "g.txt:5:11: error: only sleep stories (kind story) have a category, not poem: remove it")
        #expect(scriptError("title: T\nkind: story\nauthor: a\ncategory:\n") ==
            "g.txt:4:10: error: category is empty: write one of fiction, nature, meditation, asmr, or remove the line")
    }

    @Test func aTimelineReadsItsSeriesPartAndCategory() throws {
        let med = try TimelineParser.parse(text: timeline("series = \"reactivity\"\npart = 14"), path: "t.timeline.toml")
        #expect(med.series == SeriesPart(series: .reactivity, part: 14))
        #expect(med.warnings.isEmpty)
        let story = try TimelineParser.parse(text: timeline("category = \"nature\"", kind: "story"), path: "t.timeline.toml")
        #expect(story.category == .nature)
    }

    @Test func aTimelinesBadSeriesValuesNameTheLineOfTheKey() {
        #expect(timelineError("series = \"calm\"\npart = 2") ==
            "g.timeline.toml:5: error: series: unknown series \"calm\" (one of reactivity, spelled exactly like this)")
        #expect(timelineError("series = \"reactivity\"\npart = 15") ==
            "g.timeline.toml:6: error: part: 15 is out of range (1 to 14, the parts of the series reactivity)")
        #expect(timelineError("series = \"reactivity\"\npart = 0") ==
            "g.timeline.toml:6: error: part: 0 is out of range (1 to 14, the parts of the series reactivity)")
        #expect(timelineError("series = \"reactivity\"\npart = \"3\"") ==
            "g.timeline.toml:6: error: part: expected a whole number from 1, the item's place in its series, found a string (write 3 without quotes)")
        #expect(timelineError("series = \"reactivity\"") ==
            "g.timeline.toml:5: error: series: an item of a series needs its part: add part, its place in the series (from 1)")
        #expect(timelineError("part = 2") ==
            "g.timeline.toml:5: error: part: part is an item's place in a series: add series (one of reactivity), or remove part")
        #expect(timelineError("category = \"fiction\"") ==
            "g.timeline.toml:5: error: category: only sleep stories (kind story) have a category, not meditation: remove it")
        #expect(timelineError("category = \"ficton\"", kind: "story") ==
            "g.timeline.toml:5: error: category: unknown category \"ficton\"; did you mean fiction? (one of fiction, nature, meditation, asmr, spelled exactly like this)")
    }
}
