import Foundation
import Testing
import SleepBoxSystem

/// The one reader of the box's files: a FIFO is refused without waiting for a writer, a file over
/// the limit without reading it, a link where none is followed; each reason in words.
@Suite struct RegularFileTests {
    func withFolder(_ body: (String) throws -> Void) throws {
        let folder = NSTemporaryDirectory() + "sleepbox-regularfile-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try body(folder)
    }

    @Test(.timeLimit(.minutes(1)))
    func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        try withFolder { folder in
            let path = folder + "/profile.toml"
            #expect(mkfifo(path, 0o600) == 0)
            #expect(RegularFile.read(path, limit: 1 << 20) == .failure(.notRegular("a FIFO")))
            do throws(TextFileError) {
                _ = try TextFile.read(path: path)
                Issue.record("read a FIFO")
            } catch {
                #expect(error.description == "\(path): cannot read: it is a FIFO, not a regular file")
                #expect(error.message(reading: "the board profile") == "cannot read the board profile: it is a FIFO, not a regular file")
            }
        }
    }

    @Test func aFileOverTheLimitIsRefusedAndOneAtTheLimitIsRead() throws {
        try withFolder { folder in
            let path = folder + "/big.toml"
            try Data(count: 100).write(to: URL(fileURLWithPath: path))
            #expect(RegularFile.read(path, limit: 99) == .failure(.tooLarge(size: 100, limit: 99)))
            #expect(RegularFile.read(path, limit: 100) == .success([UInt8](repeating: 0, count: 100)))
            #expect(RegularFile.Failure.tooLarge(size: 100, limit: 99).reason == "it is 100 bytes, more than the 99 it may have")
        }
    }

    @Test func aLinkIsFollowedUnlessTheCallerSaysNot() throws {
        try withFolder { folder in
            try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/real"))
            try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: folder + "/real")
            #expect(RegularFile.read(folder + "/link", limit: 10) == .success(Array("x".utf8)))
            #expect(RegularFile.read(folder + "/link", limit: 10, followingLinks: false).failure?.errno == ELOOP)
            #expect(RegularFile.read(folder, limit: 10) == .failure(.notRegular("a folder")))
        }
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let f) = self { return f }
        return nil
    }
}
