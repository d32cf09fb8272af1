import Foundation
import Testing
import SleepBoxTOML
@testable import SleepBoxDaemon
@testable import SleepBoxConfig

/// `sleepbox config check` validates what `run` validates (the board profile and the pins
/// included), refuses lengths too short to mean anything, and reports a flood of unknown keys in
/// a screenful.
@Suite struct ConfigCheckTests {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sleepbox-check-\(UUID().uuidString)").path
    static let boardFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("board").path

    private func write(_ text: String) throws -> String {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let path = dir + "/sleepbox.toml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func failure(_ path: String, board: String? = nil) -> SetupFailure? {
        do {
            _ = try ConfigCheck.check(path: path, boardPath: board, detectsBoard: false)
            return nil
        } catch {
            return error
        }
    }

    @Test func aPinOnAnotherPinsLineIsRefusedAsRunRefusesIt() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = try write("[board]\nprofile = \"\(Self.boardFolder)/pi-4.toml\"\n[pins]\nleaf = 27\n")
        let error = try #require(failure(path))
        #expect(error.message == "\(path):4: [pins] leaf: line 27 is already skip's (\(Self.boardFolder)/pi-4.toml:27); every pin needs its own line")
        #expect(error.exitCode == 78)
    }

    @Test func aGoodFileWithANamedBoardHasItsPinsChecked() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = try write("[board]\nprofile = \"\(Self.boardFolder)/pi-4.toml\"\n[pins]\nleaf = 23\n")
        #expect(try ConfigCheck.check(path: path, detectsBoard: false) == ["\(path): OK (board pi-4, pins checked)"])
        let auto = try write("[pins]\nleaf = 23\n")
        #expect(try ConfigCheck.check(path: auto, detectsBoard: false).last?.hasPrefix("[board] profile = \"auto\": the board is detected on the Pi") == true)
        #expect(failure(auto, board: "\(Self.boardFolder)/pi-4.toml") == nil)
    }

    @Test func lengthsTooShortToMeanAnythingAreRefused() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = try write("[alarm]\nauto_stop_minutes = 1e-308\nsnooze_minutes = 0.001\n[timer]\nchoices = [0.0001]\n")
        #expect(failure(path)?.message == """
            \(path):2: [alarm] auto_stop_minutes: 1e-308 is out of range (1 to 240 minutes)
            \(path):3: [alarm] snooze_minutes: 0.001 is out of range (1 to 60 minutes)
            \(path):5: [timer] choices: entry 1: 0.0001 is out of range (0.1 to 1440 minutes)
            """)
    }

    @Test func theFirstTwentyUnknownKeysAreListedAndTheRestCounted() throws {
        let text = "[alarm]\n" + (0..<5_000).map { "k\($0) = 1\n" }.joined()
        do {
            _ = try ConfigFile(text: text, path: "sleepbox.toml", defaultTimeZone: ConfigFile.utc)
            Issue.record("accepted 5,000 unknown keys")
        } catch {
            #expect(error.issues.count == TOMLReader.unknownKeysListed + 1)
            #expect(error.issues.prefix(20).map(\.line) == (2...21).map { $0 })
            #expect(error.issues.first?.message.hasPrefix("[alarm] k0: unknown key.") == true)
            #expect(error.issues.last?.line == 22)
            #expect(error.issues.last?.message == "[alarm] k20 and 4979 more: 4980 unknown keys from here on, not listed one by one (the first 20 are)")
            #expect(error.issues.last?.severity == .error)
        }
    }

    @Test func aConfigurationFileHasAtMostSixtyFourKilobytes() {
        let text = "[alarm]\n" + String(repeating: "# a comment line of some length\n", count: 3_000)
        do {
            _ = try ConfigFile(text: text, path: "sleepbox.toml", defaultTimeZone: ConfigFile.utc)
            Issue.record("accepted \(text.utf8.count) bytes")
        } catch {
            #expect(error.description == "sleepbox.toml: the file is \(text.utf8.count) bytes; a configuration file may have at most 65536 (the sample with every key and its comments has about 10,000)")
        }
    }
}
