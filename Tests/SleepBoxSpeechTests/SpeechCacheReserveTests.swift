import Foundation
import SleepBoxAudio
import Testing
@testable import SleepBoxSpeech

/// The speech cache leaves the state filesystem's last space to the state file and the history:
/// on a small filesystem (a 2 MB or 64 MB tmpfs) it stops short of the reserve, gives way when
/// the history grows, and at start gives back what it holds below the reserve. The free space is
/// read from a filesystem stand-in that counts the cache folder's real files.
@Suite("SpeechCache reserve")
struct SpeechCacheReserveTests {
    /// A filesystem of `size` bytes holding `others` bytes of other files and the cache's own
    /// files as they are on disk.
    final class Disk: @unchecked Sendable {
        let lock = NSLock()
        let size: Int
        var others: Int
        let folder: String
        init(size: Int, others: Int, folder: String) {
            self.size = size
            self.others = others
            self.folder = folder
        }

        var available: Int {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            let cached = names.reduce(0) { sum, name in
                let attributes = try? FileManager.default.attributesOfItem(atPath: folder + "/" + name)
                return sum + ((attributes?[.size] as? Int) ?? 0)
            }
            return lock.withLock { max(0, size - others - cached) }
        }

        var reader: SpaceReserve.Reader {
            { [self] _ in SpaceReserve.Reading(availableBytes: available, filesystemBytes: size) }
        }
    }

    @Test func theReserveIsAQuarterOfTheFilesystemWithinBounds() {
        #expect(SpaceReserve.bytes(filesystemBytes: 2_000_000) == 1 << 20)
        #expect(SpaceReserve.bytes(filesystemBytes: 64 << 20) == 16 << 20)
        #expect(SpaceReserve.bytes(filesystemBytes: 32 << 30) == 64 << 20)
    }

    @Test func storingNeverCutsIntoTheReserve() {
        let dir = TemporaryDirectory("reserve")
        defer { dir.remove() }
        let clip = SpeechCacheTests.fileBytes
        // 4 MiB keeps 1 MiB free; the rest leaves room for about 40 clips.
        let disk = Disk(size: 4 << 20, others: (3 << 20) - 40 * clip, folder: dir.path)
        let clock = ManualClock()
        let cache = SpeechCache(directory: dir.path, clock: { clock.now }, space: disk.reader)
        for i in 0..<100 {
            cache.store(FakeEngine.clip(for: "a", frames: 1_000), key: "k\(i)")
            clock.advance()
            #expect(disk.available >= 1 << 20, "after clip \(i)")
        }
        #expect(cache.count >= 35 && cache.count <= 40)
        // The newest are kept, the least recently used gave way.
        #expect(cache.contains(key: "k99") && !cache.contains(key: "k0"))
        #expect(cache.statistics.refusedForSpace == 0)
    }

    @Test func theCacheGivesWayToTheHistoryAndThenStopsStoring() {
        let dir = TemporaryDirectory("giveway")
        defer { dir.remove() }
        let clip = SpeechCacheTests.fileBytes
        let disk = Disk(size: 2 << 20, others: (1 << 20) - 20 * clip, folder: dir.path)
        let clock = ManualClock()
        let cache = SpeechCache(directory: dir.path, clock: { clock.now }, space: disk.reader)
        for i in 0..<20 {
            #expect(cache.store(FakeEngine.clip(for: "a", frames: 1_000), key: "k\(i)"))
            clock.advance()
        }
        // The history grows by ten clips' worth: the next clip takes the space of eleven old ones.
        disk.lock.withLock { disk.others += 10 * clip }
        #expect(cache.store(FakeEngine.clip(for: "a", frames: 1_000), key: "new"))
        #expect(disk.available >= 1 << 20)
        #expect(cache.count == 10)
        // Filled to the reserve by others: nothing is cached, and nothing is written.
        disk.lock.withLock { disk.others = (1 << 20) + 1 }
        #expect(!cache.store(FakeEngine.clip(for: "a", frames: 1_000), key: "late"))
        #expect(cache.count == 0)
        #expect(!cache.contains(key: "late"))
        #expect(cache.statistics.refusedForSpace == 1)
        #expect(cache.reserve?.shortfall(adding: 0) ?? 0 > 0)
    }

    @Test func atStartACacheBelowTheReserveGivesSpaceBack() {
        let dir = TemporaryDirectory("startup")
        defer { dir.remove() }
        let clock = ManualClock()
        let first = SpeechCache(directory: dir.path, clock: { clock.now })
        for i in 0..<10 {
            first.store(FakeEngine.clip(for: "a", frames: 1_000), key: "k\(i)")
            clock.advance()
        }
        let clip = SpeechCacheTests.fileBytes
        // The state filesystem has since filled: three clips' worth below the reserve.
        let disk = Disk(size: 2 << 20, others: (1 << 20) - 7 * clip, folder: dir.path)
        let second = SpeechCache(directory: dir.path, clock: { clock.now }, space: disk.reader)
        #expect(second.count == 7)
        #expect(disk.available >= 1 << 20)
        #expect(second.contains(key: "k9") && !second.contains(key: "k2"))
    }

    @Test func theRealFilesystemIsReadWithStatvfs() throws {
        let dir = TemporaryDirectory("statvfs")
        defer { dir.remove() }
        let reading = try #require(SpaceReserve.statvfsReader(dir.path))
        #expect(reading.filesystemBytes > 0)
        #expect(reading.availableBytes >= 0 && reading.availableBytes <= reading.filesystemBytes)
        #expect(SpaceReserve.statvfsReader(dir.path + "/missing/folder") == nil)
        let cache = SpeechCache(directory: dir.path)
        #expect(cache.reserve?.reading.filesystemBytes == reading.filesystemBytes)
    }
}
