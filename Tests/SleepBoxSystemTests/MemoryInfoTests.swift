import Foundation
import Testing
import SleepBoxSystem

/// `/proc/meminfo` read through a file in a temporary folder: the fields, the older kernels'
/// `MemFree`, and what is refused.
@Suite struct MemoryInfoTests {
    /// A Pi Zero 2 W's file (512 MB, 64 MB of it given to the GPU).
    static let zero2W = """
        MemTotal:         439068 kB
        MemFree:          254384 kB
        MemAvailable:     332012 kB
        Buffers:           14388 kB
        Cached:            85204 kB
        HugePages_Total:       0
        """

    func withFile(_ text: String?, _ body: (String) throws -> Void) throws {
        let folder = NSTemporaryDirectory() + "sleepbox-meminfo-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        if let text { try text.write(toFile: folder + "/meminfo", atomically: true, encoding: .utf8) }
        try body(folder + "/meminfo")
    }

    @Test func readsTotalAndAvailable() throws {
        try withFile(Self.zero2W) { path in
            #expect(MemoryInfo.read(path: path) == .success(MemoryInfo(totalBytes: 439_068 * 1024, availableBytes: 332_012 * 1024)))
        }
    }

    @Test func anOldKernelWithoutMemAvailableGivesMemFree() throws {
        try withFile("MemTotal: 948304 kB\nMemFree: 500000 kB\n") { path in
            #expect(MemoryInfo.read(path: path) == .success(MemoryInfo(totalBytes: 948_304 * 1024, availableBytes: 500_000 * 1024)))
        }
    }

    @Test func whatIsMissingOrUnreadableIsNamed() throws {
        try withFile("MemFree: 500000 kB\nMemAvailable: x kB\n") { path in
            #expect(MemoryInfo.read(path: path) == .failure(.missing(path: path, field: "MemTotal")))
        }
        try withFile("MemTotal: 948304 kB\nMemAvailable: 12 MB\n") { path in
            #expect(MemoryInfo.read(path: path) == .failure(.missing(path: path, field: "MemAvailable")))
        }
        try withFile(nil) { path in
            guard case .failure(.unreadable(let where_, _)) = MemoryInfo.read(path: path) else {
                Issue.record("a missing file was read")
                return
            }
            #expect(where_ == path)
        }
        try withFile(String(repeating: "MemTotal: 1 kB\n", count: 10_000)) { path in
            guard case .failure(.unreadable) = MemoryInfo.read(path: path) else {
                Issue.record("a file over the size limit was read")
                return
            }
        }
    }

    @Test func thisMachinesFileReads() throws {
        guard FileManager.default.fileExists(atPath: MemoryInfo.procPath) else { return }
        let info = try MemoryInfo.read().get()
        #expect(info.totalBytes > 0 && info.availableBytes <= info.totalBytes)
    }
}
