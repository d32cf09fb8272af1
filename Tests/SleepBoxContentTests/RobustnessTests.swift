import Foundation
import SleepBoxCore
import Testing
@testable import SleepBoxContent

/// Damaged files never crash the parsers or the builder: they parse or they throw.
@Suite struct RobustnessTests {
    private static let pieces: [String] = ["(", ")", "(2s)", "(0s)", "(9999999999m)", "(.5s)", "\n", "\n\n", "#", "---",
                                           "\"", "\"\"\"", "[", "]", "[[segment]]", "=", "at = \"", "1m", "99999999999h",
                                           ":", "kind: poem", "\u{0}", "é", "\r\n", "inhale 0", "cycles = -1", " ", "[[[", "[\n", "{", "}", "'", "\"\"\"\n"]

    /// `text` with `count` random edits.
    private static func mutate(_ text: String, _ random: inout SplitMix64, count: Int) -> String {
        var chars = Array(text)
        for _ in 0..<count {
            let at = chars.isEmpty ? 0 : Int(random.next() % UInt64(chars.count))
            switch random.next() % 3 {
            case 0 where !chars.isEmpty:
                chars.remove(at: at)
            default:
                let piece = pieces[Int(random.next() % UInt64(pieces.count))]
                chars.insert(contentsOf: piece, at: at)
            }
        }
        return String(chars)
    }

    @Test func mutatedScriptsAndTimelinesParseOrThrow() throws {
        var random = SplitMix64(seed: 2024)
        let files = ["yoga-nidra/nidra-short.txt", "poems/poem-stars.txt", "breathing/breath-box.timeline.toml",
                     "meditations/med-counting-breaths.timeline.toml", "ambient/ambient-rain.toml",
                     "recordings/rec-harbour-at-dusk.toml"]
        let builder = ProgramBuilder(speech: FakeSpeech())
        var parsed = 0
        for file in files {
            let original = try ContentText.read(path: TestContent.path(file))
            for round in 0..<200 {
                let text = Self.mutate(original, &random, count: 1 + round % 6)
                do {
                    if file.hasSuffix(".txt") {
                        let script = try ScriptParser.parse(text: text, path: file)
                        if round % 40 == 0 { _ = try? builder.plan(script, id: "x") }
                    } else if file.hasSuffix(".timeline.toml") {
                        let timeline = try TimelineParser.parse(text: text, path: file)
                        _ = ContentLibrary.layoutIssues(timeline, timing: SpeechTiming(), format: .engine)
                        if round % 40 == 0 { _ = try? builder.plan(timeline, id: "x", seed: UInt64(round)) }
                    } else if file.hasPrefix("ambient") {
                        _ = try AmbientParser.parse(text: text, path: file)
                    } else {
                        _ = try RecordingParser.parse(text: text, path: file)
                    }
                    parsed += 1
                } catch {
                    #expect(!error.issues.isEmpty)
                    #expect(error.issues.contains { $0.severity == .error })
                }
            }
        }
        #expect(parsed > 0)
    }

    @Test func arbitraryBytes() {
        var random = SplitMix64(seed: 7)
        for length in 0..<200 {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            _ = try? ScriptParser.parse(bytes: bytes, path: "r.txt")
            _ = try? TimelineParser.parse(text: String(decoding: bytes, as: UTF8.self), path: "r.timeline.toml")
        }
    }
}
