import Foundation
import Testing
@testable import SleepBoxHardware

@Suite struct BoardDetectionTests {
    @Test(arguments: [
        ("Raspberry Pi 5 Model B Rev 1.0", "pi-5"),
        ("Raspberry Pi 500 Rev 1.0", "pi-5"),
        ("Raspberry Pi Compute Module 5 Rev 1.0", "pi-5"),
        ("Raspberry Pi 4 Model B Rev 1.4", "pi-4"),
        ("Raspberry Pi 400 Rev 1.0", "pi-4"),
        ("Raspberry Pi Compute Module 4 Rev 1.0", "pi-4"),
        ("Raspberry Pi Compute Module 4S Rev 1.0", "pi-4"),
        ("Raspberry Pi 3 Model B Rev 1.2", "pi-3"),
        ("Raspberry Pi 3 Model B Plus Rev 1.3", "pi-3"),
        ("Raspberry Pi 3 Model A Plus Rev 1.0", "pi-3"),
        ("Raspberry Pi Compute Module 3 Plus Rev 1.0", "pi-3"),
        ("Raspberry Pi Zero 2 W Rev 1.0", "pi-zero-2w"),
        ("Raspberry Pi 5 Model B Rev 1.0\0", "pi-5"),
        ("  Raspberry Pi 4 Model B Rev 1.5\n", "pi-4"),
    ])
    func modelsMapToProfiles(model: String, profile: String) {
        #expect(BoardProfile.profileName(forModel: model) == profile)
    }

    @Test(arguments: [
        "Raspberry Pi Zero W Rev 1.1", "Raspberry Pi Zero Rev 1.3", "Raspberry Pi 2 Model B Rev 1.1",
        "Raspberry Pi Model B Rev 2", "Raspberry Pi 3000", "Raspberry Pi 45", "QEMU Virtual Machine", "",
    ])
    func otherModelsHaveNoProfile(model: String) {
        #expect(BoardProfile.profileName(forModel: model) == nil)
    }

    @Test func everyDetectedProfileIsShipped() {
        for (_, profile) in BoardProfile.modelPrefixes {
            #expect(BoardProfile.supportedNames.contains(profile))
        }
    }

    @Test func detectReadsTheFirstModelFileThatExists() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let model = directory + "/model"
        try Data("Raspberry Pi 5 Model B Rev 1.0\0".utf8).write(to: URL(fileURLWithPath: model))
        #expect(try BoardProfile.detect(modelPaths: [directory + "/missing", model]) == "pi-5")
    }

    @Test func anUnsupportedBoardIsNamed() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let model = directory + "/model"
        try Data("Raspberry Pi Zero W Rev 1.1\0".utf8).write(to: URL(fileURLWithPath: model))
        do {
            _ = try BoardProfile.detect(modelPaths: [model])
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "\(model): \"Raspberry Pi Zero W Rev 1.1\" is not a board the box has a profile for "
                    + "(pi-zero-2w, pi-3, pi-4, pi-5); name the profile to use, or write one for this board")
            #expect(error.first?.kind == .unsupported)
        }
    }

    @Test func noModelFileMeansNoDeviceTree() throws {
        do {
            _ = try BoardProfile.detect(modelPaths: ["/nonexistent/model", "/nonexistent/base/model"])
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "/nonexistent/model: cannot tell which Raspberry Pi this is "
                    + "(/nonexistent/model: No such file or directory; /nonexistent/base/model: No such file or directory); "
                    + "name the profile to use (pi-zero-2w, pi-3, pi-4, pi-5)")
            #expect(error.first?.kind == .unreadable(errno: ENOENT))
        }
    }

    private func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sleepbox-model-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
