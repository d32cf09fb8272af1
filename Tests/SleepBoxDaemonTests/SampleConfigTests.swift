import Foundation
import SleepBoxCore
import Testing
@testable import SleepBoxDaemon
import SleepBoxTOML
import SleepBoxSystem
@testable import SleepBoxConfig

/// `config/sleepbox.toml`, the commented sample shipped with the box: every setting is written
/// as `#key = value` with its factory value, explanations as `# text`.
@Suite struct SampleConfigTests {
    /// The package root, found from this file's place in `Tests/SleepBoxDaemonTests/`.
    static let samplePath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("config/sleepbox.toml").path

    static func sampleText() throws -> String { try TextFile.read(path: samplePath) }

    /// The sample with every `#key = value` line switched on.
    static func uncommented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            if line.hasPrefix("#"), let first = line.dropFirst().first, first.isLetter { return String(line.dropFirst()) }
            return String(line)
        }.joined(separator: "\n")
    }

    static let utc = ConfigFile.utc

    @Test func theSampleAsShippedIsTheFactorySetting() throws {
        let file = try ConfigFile(path: Self.samplePath, defaultTimeZone: Self.utc)
        #expect(file == ConfigFile(config: BoxConfig(timeZone: Self.utc)))
    }

    @Test func everyValueShownInTheSampleIsTheDefault() throws {
        let text = Self.uncommented(try Self.sampleText())
        let file = try ConfigFile(text: text, path: "sleepbox.toml", defaultTimeZone: Self.utc)

        // Only the three examples differ from the factory setting: the time zone, the alarm time
        // and the light's chip (without it the box has no light).
        var expected = BoxConfig(timeZone: TimeZone(identifier: "Europe/Berlin") ?? Self.utc)
        expected.alarm = AlarmSettings(hour: 6, minute: 45, weekdays: Set(1...7), isEnabled: true)
        expected.light.isPresent = true
        #expect(file.devices.light.chip == 0)
        #expect(file.config == expected)
        #expect(file.language == .english)

        // The voice: the English voice named as the language would pick it, and the example model
        // (read, but unused while the engine is espeak).
        var voice = VoiceSettings()
        voice.name = "en-us"
        voice.piperModel = "/opt/piper/voices/en_US-lessac-medium.onnx"
        #expect(file.devices.voice == voice)
        #expect(file.devices.voice.espeakName == VoiceSettings().espeakName)
    }

    @Test func theSampleShowsEveryKeyOnce() throws {
        let text = try Self.sampleText()
        let locator = TOMLKeyLocator(text: Self.uncommented(text))
        // `[[alarms]]` is shown as a commented example table (its keys would land in the table
        // above when switched on one by one).
        #expect(text.contains("\n#[[alarms]]\n# time = "))
        var keys = ConfigSchema.topLevelKeys.filter { $0 != "alarms" } + ConfigSchema.tableNames
        for table in ConfigSchema.tableNames {
            keys += (ConfigSchema.tableKeys[table] ?? []).map { "\(table).\($0)" }
        }
        let missing = keys.filter { locator.lines[$0] == nil }
        #expect(missing == [])
        #expect(Set(locator.lines.keys) == Set(keys))
        for key in ConfigSchema.topLevelKeys where key != "alarms" {
            let count = text.split(separator: "\n").filter { $0.hasPrefix("#\(key) = ") }.count
            #expect(count == 1, "\(key)")
        }
    }

    @Test func theSampleErrorExampleHasTheRightLine() throws {
        let text = Self.uncommented(try Self.sampleText()).replacingOccurrences(of: "time = \"06:45\"", with: "time = \"6:75\"")
        do {
            _ = try ConfigFile(text: text, path: "sleepbox.toml", defaultTimeZone: Self.utc)
            Issue.record("accepted 6:75")
        } catch {
            let example = #"sleepbox.toml:\#(error.first?.line ?? 0): [alarm] time: "6:75" is not a time of day (HH:MM, 00:00-23:59)"#
            #expect(error.description == example)
            #expect(try Self.sampleText().contains("#     " + example))
        }
    }
}
