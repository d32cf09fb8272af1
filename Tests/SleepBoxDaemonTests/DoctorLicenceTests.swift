import Foundation
import Testing
@testable import SleepBoxSound
@testable import SleepBoxTools

/// `sleepbox doctor` points to the voice's licence notes only where they are: installed with the
/// box, or in the checkout the program runs from.
@Suite struct DoctorLicenceTests {
    static let checkoutNotes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/voice-licence.md").path

    @Test func aCheckoutPointsToItsOwnNotes() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("licence-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let installation = try InstalledNaturalVoiceLayout.make(at: root)
        let check = Doctor.voiceCheck((.natural(installation, rate: 140), []))
        // Not installed: the checkout's notes (the test runs from the checkout's .build).
        #expect(Doctor.voiceLicencePath(installed: [root + "/no-such-voice-licence.md"]) == Self.checkoutNotes)
        if !FileManager.default.fileExists(atPath: "/usr/local/share/doc/sleepbox/voice-licence.md") {
            #expect(!check.detail.contains("/usr/local/share/doc/sleepbox/voice-licence.md"))
            #expect(check.detail.contains("MODEL_CARD, and " + Self.checkoutNotes))
        }
    }

    @Test func theInstalledNotesWinWhereTheyAre() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("voice-licence-\(UUID().uuidString).md").path
        #expect(FileManager.default.createFile(atPath: file, contents: Data("notes".utf8)))
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect(Doctor.voiceLicencePath(installed: [file]) == file)
    }

    /// The `sleepbox-voice` package's notes are found where it puts them, after an install's own.
    @Test func thePackagedNotesAreLookedFor() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("voice-licence-\(UUID().uuidString).md").path
        #expect(FileManager.default.createFile(atPath: file, contents: Data("notes".utf8)))
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect(Doctor.voiceLicencePath(installed: ["/nonexistent/voice-licence.md", file]) == file)
        if FileManager.default.fileExists(atPath: "/usr/share/doc/sleepbox-voice/voice-licence.md"),
           !FileManager.default.fileExists(atPath: "/usr/local/share/doc/sleepbox/voice-licence.md") {
            #expect(Doctor.voiceLicencePath() == "/usr/share/doc/sleepbox-voice/voice-licence.md")
        }
    }
}
