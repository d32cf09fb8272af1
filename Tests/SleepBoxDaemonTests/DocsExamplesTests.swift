import Foundation
import SleepBoxCore
import Testing
@testable import SleepBoxDaemon
@testable import SleepBoxConfig
@testable import SleepBoxSimulator

/// The example scripts and configurations in `docs/examples/` read without an error.
@Suite struct DocsExamplesTests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/examples")

    static func files(_ suffix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(suffix) }.sorted().map { directory.appendingPathComponent($0).path }
    }

    @Test(.enabled(if: !files(".jsonl").isEmpty), arguments: files(".jsonl"))
    func scriptReads(_ path: String) throws {
        let script = try SimulatorScript.load(path: path)
        #expect(!script.steps.isEmpty)
    }

    @Test(.enabled(if: !files(".toml").isEmpty), arguments: files(".toml"))
    func configReads(_ path: String) throws {
        let file = try ConfigFile(path: path, defaultTimeZone: ConfigFile.utc)
        #expect(file.config.timeZone.identifier == "Europe/Berlin")
        #expect(file.config.alarm != nil)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: directory.appendingPathComponent("night.jsonl").path)))
    func theNightScriptIsReadExactly() throws {
        let script = try SimulatorScript.load(path: Self.directory.appendingPathComponent("night.jsonl").path)
        #expect(script.steps.map(\.at) == [0, 20, 60, 150, 180, 210, 220, 240, 241, 29_820, 30_420, 30_600])
        #expect(script.steps[4].action == .hold(.skip, seconds: 1.8))
        #expect(script.endTime == 30_600)
    }
}
