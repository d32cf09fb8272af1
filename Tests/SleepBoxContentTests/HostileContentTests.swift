import Foundation
import SleepBoxAudio
import Testing
@testable import SleepBoxContent

private let header = "title: T\nkind: story\nauthor: a\n---\n"

/// Every error of `text` as `file:line:column: error: message`, or [] when it parses.
private func errors(_ text: String, _ path: String = "h.txt") -> [String] {
    do {
        _ = try ScriptParser.parse(text: text, path: path)
        return []
    } catch {
        return error.issues.filter { $0.severity == .error }.map(\.description)
    }
}

/// Content written to break the box: every malformed pause marker is an error with its file and
/// line, huge lines are read in linear time, and only regular files are read.
@Suite struct HostileContentTests {
    @Test(arguments: [
        ("(-1s)", "(-1s) is not a pause marker: a pause cannot be negative: write (1s) or remove it"),
        ("(+2s)", "(+2s) is not a pause marker: a marker has no sign: write (2s) or remove it"),
        ("(-0.5m)", "(-0.5m) is not a pause marker: a pause cannot be negative: write (0.5m) or remove it"),
        ("(-2x)", "(-2x) is not a pause marker: write a number without a sign followed by s (seconds) or m (minutes), e.g. (2s)"),
        ("(NaNs)", "(NaNs) is not a pause marker: NaN is not a number: write digits followed by s (seconds) or m (minutes), e.g. (2s)"),
        ("(nan m)", "(nan m) is not a pause marker: nan is not a number: write digits followed by s (seconds) or m (minutes), e.g. (2s)"),
        ("(infs)", "(infs) is not a pause marker: inf is not a number: write digits followed by s (seconds) or m (minutes), e.g. (2s)"),
        ("(Infinitym)", "(Infinitym) is not a pause marker: Infinity is not a number: write digits followed by s (seconds) or m (minutes), e.g. (2s)"),
        ("(-infs)", "(-infs) is not a pause marker: write a number without a sign followed by s (seconds) or m (minutes), e.g. (2s)"),
    ])
    func everyMalformedMarkerIsAnErrorWithItsLine(marker: String, message: String) {
        #expect(errors(header + "Breathe in. \(marker) Out.") == ["h.txt:5:13: error: " + message])
    }

    @Test(arguments: ["(- an aside -)", "(Nans and grandads)", "(Nans)", "(+ more)", "(inside)", "(infinite calm)"])
    func parenthesesThatAreNotAttemptsAtMarkersAreReadAloud(text: String) throws {
        let script = try ScriptParser.parse(text: header + "Breathe in \(text) and out.", path: "h.txt")
        #expect(script.parts.compactMap(\.text) == ["Breathe in \(text) and out."])
    }

    @Test func aLineOfOpeningParenthesesIsReportedWhereItIs() {
        #expect(errors(header + "\n" + String(repeating: "(", count: 40)) ==
            ["h.txt:6:1: error: there are no words to read, only punctuation or brackets: write the words the voice should read"])
    }

    /// Both took hours before (each `(` searched the rest of the line; 16,000 took 31 s).
    @Test(.timeLimit(.minutes(1)))
    func hugeLinesOfParenthesesAndOpenMarkersAreReadInLinearTime() throws {
        let parens = String(repeating: "(", count: 400_000)
        #expect(errors(header + parens).count == 1)
        let open = String(repeating: "(2s", count: 200_000)
        #expect(errors(header + "Words " + open).count == 1)
        let nested = String(repeating: "(1", count: 200_000) + String(repeating: " ", count: 200_000) + ")"
        #expect(errors(header + "Words " + nested) == [])
        // 200,000 sentences joined into one stretch of speech (marked: no pause between them).
        let sentences = String(repeating: "Calm. ", count: 200_000)
        let script = try ScriptParser.parse(text: "title: T\nkind: story\nauthor: a\npauses: marked\n---\n" + sentences, path: "h.txt")
        #expect(script.parts.count == 1)
        #expect(script.parts.first?.text?.count == 6 * 200_000 - 1)
    }

    private func temporaryFolder() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sleepbox-hostile-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func aFIFONamedAsAScriptIsRefusedWithoutWaiting() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(mkfifo(dir + "/s.txt", 0o644) == 0)
        #expect(throws: ContentError(path: dir + "/s.txt",
                                     message: "cannot read the file: it is not a regular file (a FIFO, a device or a socket)")) {
            try ScriptParser.parse(fileAt: dir + "/s.txt")
        }
        #expect(throws: ContentError(path: "/dev/zero",
                                     message: "cannot read the file: it is not a regular file (a FIFO, a device or a socket)")) {
            try ScriptParser.parse(fileAt: "/dev/zero")
        }
    }

    @Test func aFIFONamedAsASoundFileIsRefusedWithoutWaiting() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(mkfifo(dir + "/r.wav", 0o644) == 0)
        let error = #expect(throws: AudioError.self) { try FileSource(path: dir + "/r.wav") }
        #expect(error?.description.contains("is not a regular file") == true, "\(String(describing: error))")
    }

    @Test func aScriptLargerThanTheLimitIsRefused() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/big.txt"
        try (header + String(repeating: "Calm words. ", count: ContentText.sizeLimit / 12 + 1)).write(toFile: path, atomically: false, encoding: .utf8)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(throws: ContentError(path: path, message: "the file is \(size) bytes, more than the \(ContentText.sizeLimit) a content file may have: split it")) {
            try ScriptParser.parse(fileAt: path)
        }
    }

    @Test func aTimelineThatCannotBePreparedFailsTheLoadAsTheCheckReportsIt() throws {
        let user = try TestContent.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: user) }
        let words = Array(repeating: "breathe", count: 200).joined(separator: " ")
        let file = user + "/breathing/breath-long.timeline.toml"
        try TestContent.write("""
            title = "Long"
            kind = "breathing"
            author = "Me"
            length = "30s"

            [[segment]]
            at = "0s"
            text = "\(words)."

            [breathing]
            pattern = ["inhale 4", "exhale 4"]
            cycles = 2
            starts_at = "10s"
            """, to: file)
        let library = ContentLibrary.load(bundled: TestContent.bundled, user: user)
        let loadErrors = library.problems.filter { $0.path == file && $0.severity == .error }.map(\.description)
        let checkErrors = ContentLibrary.checkFile(at: file).filter { $0.severity == .error }.map(\.description)
        #expect(loadErrors.count == 2)
        #expect(loadErrors == checkErrors)
        // Loaded but never picked: the box cannot prepare it.
        #expect(library.entry("breath-long")?.item.isAvailable == false)
        #expect(!library.catalog().playableIDs(.meditation).contains("breath-long"))
    }

    @Test func checkingOneOwnerFileReportsItsClashWithABundledID() throws {
        let user = try TestContent.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: user) }
        let file = user + "/stories/story-night-train.txt"
        try TestContent.write(try ContentText.read(path: TestContent.path("stories/story-night-train.txt")), to: file)
        let library = ContentLibrary.load(bundled: TestContent.bundled, user: user)
        #expect(library.check(fileAt: file).map(\.description) == [
            "\(file): error: the id \"story-night-train\" is already used by the bundled item \(TestContent.path("stories/story-night-train.txt")); your items must not reuse a bundled id: rename this file (this item is left out)",
        ])
        // The bundled file itself is no clash.
        #expect(library.check(fileAt: TestContent.path("stories/story-night-train.txt")).isEmpty)
    }

    /// Bells every millisecond of a day-long item were 86 million bells (and as many seconds).
    @Test func aBellIntervalShorterThanABellIsAnError() throws {
        let text = """
            title = "Bells"
            kind = "meditation"
            author = "Me"
            length = "24h"
            bell_interval = "0.001s"

            [[segment]]
            at = "0s"
            text = "Hello."
            """
        let error = #expect(throws: ContentError.self) { try TimelineParser.parse(text: text, path: "b.timeline.toml") }
        #expect(error?.issues.map(\.description) == [
            "b.timeline.toml:5: error: bell_interval: must be at least 10s (bells closer together ring over each other), e.g. \"3m\"; remove the key for no interval bells",
        ])
    }
}
