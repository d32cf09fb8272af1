import Foundation
import Testing
@testable import SleepBoxCompanion

@Suite("DeviceTokens")
struct DeviceTokensTests {
    func folder() -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tokens-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func aTokenIsKeptAsItsHashOnlyInAPrivateFile() throws {
        let dir = folder()
        var tokens = DeviceTokens(path: dir + "/devices")
        let token = try tokens.pair(epoch: 3, now: 100)
        #expect(token.count == 64)
        #expect(tokens.isPaired(token, epoch: 3))
        #expect(!tokens.isPaired(token, epoch: 4))
        let text = try String(contentsOfFile: dir + "/devices", encoding: .utf8)
        #expect(!text.contains(token))
        let mode = try FileManager.default.attributesOfItem(atPath: dir + "/devices")[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let (again, problem) = DeviceTokens.load(dir + "/devices")
        #expect(problem == nil)
        #expect(again.isPaired(token, epoch: 3))
        #expect(!again.isPaired(String(repeating: "0", count: 64), epoch: 3))
        #expect(!again.isPaired(nil, epoch: 3))
    }

    @Test func aNewEpochDropsOlderDevicesAndTheLimitTheOldest() throws {
        var tokens = DeviceTokens(path: nil)
        let old = try tokens.pair(epoch: 1, now: 0)
        let first = try tokens.pair(epoch: 2, now: 1)
        #expect(tokens.count(epoch: 1) == 0 && !tokens.isPaired(old, epoch: 1))
        for i in 0..<DeviceTokens.maximumDevices { _ = try tokens.pair(epoch: 2, now: 2 + i) }
        #expect(tokens.devices.count == DeviceTokens.maximumDevices)
        #expect(!tokens.isPaired(first, epoch: 2))
    }

    @Test func aBrokenFileIsNamedByLineAndKeptAside() throws {
        let dir = folder()
        let path = dir + "/devices"
        try "sleepbox-companion devices 1\nnot a device\n".write(toFile: path, atomically: true, encoding: .utf8)
        let (tokens, problem) = DeviceTokens.load(path)
        #expect(tokens.devices.isEmpty)
        #expect(problem?.description.contains("\(path), line 2") == true)
        #expect(FileManager.default.fileExists(atPath: path + ".bad"))
        try "x".write(toFile: dir + "/target", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir + "/link", withDestinationPath: dir + "/target")
        #expect(DeviceTokens.load(dir + "/link").1?.description.contains("symbolic link") == true)
    }
}
