import Foundation
import Logging
import SleepBoxCore
import Testing
@testable import SleepBoxDaemon

/// The companion's switch as a file beside the control socket, in a folder of the test's own;
/// the pairing codes and the address.
@Suite struct CompanionFlagTests {
    static func folder() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sleepbox-companion-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func onKeepsTheEpochInTheFileOffTakesItAway() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let flag = CompanionFlag(directory: dir, logger: Logger(label: "test"))
        #expect(flag.path == dir + "/companion")
        #expect(flag.flagPath == flag.path)
        #expect(!FileManager.default.fileExists(atPath: flag.path), "nothing before the box says so")
        flag.keep(CompanionSwitch(enabled: true, epoch: 3))
        #expect(try String(contentsOfFile: flag.path, encoding: .utf8) == "epoch 3\n")
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: flag.path)[.posixPermissions] as? Int)
        #expect(mode == 0o644)
        #expect(flag.statusText == "on, epoch 3")
        flag.keep(CompanionSwitch(enabled: true, epoch: 4))
        #expect(try String(contentsOfFile: flag.path, encoding: .utf8) == "epoch 4\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["companion"], "no temporary file left")
        flag.keep(CompanionSwitch(enabled: false, epoch: 4))
        #expect(!FileManager.default.fileExists(atPath: flag.path))
        #expect(flag.statusText == "off")
        flag.keep(CompanionSwitch(enabled: false, epoch: 4))
        #expect(flag.failure == nil, "off twice is no error")
    }

    @Test func aFolderThatCannotBeWrittenIsToldNotFatal() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let flag = CompanionFlag(directory: dir + "/missing", logger: Logger(label: "test"))
        flag.keep(CompanionSwitch(enabled: true, epoch: 0))
        #expect(flag.failure != nil)
        #expect(flag.statusText.hasPrefix("cannot keep \(dir)/missing/companion"))
    }

    @Test func theSocketsFolder() {
        #expect(Daemon.socketDirectory("/run/sleepbox/control.sock") == "/run/sleepbox")
        #expect(Daemon.socketDirectory("control.sock") == ".")
    }

    @Test func codesAreSixDigits() {
        for _ in 0..<200 {
            let (code, address) = CompanionFlag().drawCode()
            #expect(Pairing.isCode(code))
            if let address { #expect(address.hasSuffix(":8080") && !address.hasPrefix("127.")) }
        }
    }

    /// Bits in the last, incomplete run of a million are drawn again (they would favour the low
    /// codes); the rest are taken modulo a million.
    @Test func noModuloBias() {
        let limit = UInt64.max - UInt64.max % 1_000_000
        var draws: [UInt64] = [UInt64.max, limit, limit - 1]
        let n = CompanionFlag.randomBelow(1_000_000) { draws.removeFirst() }
        #expect(n == (limit - 1) % 1_000_000)
        #expect(draws.isEmpty, "two draws refused, the third taken")
        var counts = [Int](repeating: 0, count: 10)
        for _ in 0..<20_000 { counts[Int(CompanionFlag.randomBelow(10))] += 1 }
        #expect(counts.allSatisfy { (1_700...2_300).contains($0) }, "\(counts)")
    }
}

extension CompanionFlag {
    /// A flag for drawing codes only (its folder is never written).
    convenience init() { self.init(directory: "/nonexistent-sleepbox-test", logger: Logger(label: "test")) }
}
