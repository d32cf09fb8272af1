import Foundation
import Testing
import SleepBoxSystem

@Suite struct TextFileTests {
    /// A fresh folder, removed after `body`.
    func withFolder(_ body: (String) throws -> Void) throws {
        let folder = NSTemporaryDirectory() + "sleepbox-textfile-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try body(folder)
    }

    @Test func readsTextWithoutTheByteOrderMark() throws {
        try withFolder { folder in
            let path = folder + "/a.toml"
            try Data([0xEF, 0xBB, 0xBF] + Array("volume = 30\né\n".utf8)).write(to: URL(fileURLWithPath: path))
            #expect(try TextFile.read(path: path) == "volume = 30\né\n")
        }
    }

    @Test func aMissingFileNamesPathAndErrno() throws {
        try withFolder { folder in
            let path = folder + "/none.toml"
            #expect(throws: TextFileError(path: path, cause: .unreadable(SystemError("open", errno: 2, path: path)))) {
                try TextFile.read(path: path)
            }
            do throws(TextFileError) {
                _ = try TextFile.read(path: path)
            } catch {
                #expect(error.errno == 2)
                #expect(error.line == nil)
                #expect(error.description == "\(path): cannot read: No such file or directory (errno 2)")
                #expect(error.message() == "cannot read the file: No such file or directory (errno 2)")
                #expect(error.message(reading: "the script") == "cannot read the script: No such file or directory (errno 2)")
            }
        }
    }

    @Test func aFolderIsNotAFile() throws {
        try withFolder { folder in
            do throws(TextFileError) {
                _ = try TextFile.read(path: folder)
                Issue.record("read a folder")
            } catch {
                #expect(error.description == "\(folder): cannot read: it is a folder, not a regular file")
                #expect(error.message() == "cannot read the file: it is a folder, not a regular file")
            }
        }
    }

    @Test func bytesThatAreNotUTF8NameTheirLine() throws {
        try withFolder { folder in
            let path = folder + "/bad.toml"
            try Data(Array("a = 1\nb = 2\nc = \"".utf8) + [0xFF, 0x22, 0x0A]).write(to: URL(fileURLWithPath: path))
            do throws(TextFileError) {
                _ = try TextFile.read(path: path)
                Issue.record("read bytes that are not UTF-8")
            } catch {
                #expect(error.cause == .notUTF8(line: 3))
                #expect(error.line == 3)
                #expect(error.errno == nil)
                #expect(error.description == "\(path):3: cannot read: not UTF-8 text")
                #expect(error.message() == "cannot read the file: it is not UTF-8 text")
            }
        }
    }

    @Test func aTruncatedSequenceAtTheEnd() throws {
        #expect(throws: TextFileError(path: "x", cause: .notUTF8(line: 2))) {
            try TextFile.text(of: Array("ok\né".utf8.dropLast()), path: "x")
        }
        #expect(try TextFile.text(of: [], path: "x") == "")
    }
}
