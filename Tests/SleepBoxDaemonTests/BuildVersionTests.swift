import Foundation
import SleepBoxSystem
import Testing
@testable import SleepBoxDaemon
@testable import SleepBoxRunner

/// The version the about screen shows is the one the `VERSION` file gives the packages.
@Suite struct BuildVersionTests {
    @Test func theVersionIsTheVersionFiles() throws {
        let path = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("VERSION").path
        let text = try TextFile.read(path: path)
        #expect(BuildVersion.current == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
