import Foundation
import Logging
import Testing
@testable import SleepBoxSpeech

/// A cache that cannot write (a full disk, a folder that is a file) logs each kind of failure
/// once and counts the rest, instead of a line for every clip of a night's rendering ahead.
@Suite struct SpeechCacheFailureLogTests {
    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [String] = []
        func add(_ line: String) { lock.withLock { stored.append(line) } }
        var all: [String] { lock.withLock { stored } }
    }

    struct Collector: LogHandler {
        let lines: Lines
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) { lines.add("\(event.level): \(event.message)") }
    }

    @Test func eachFailureKindIsLoggedOnceAndCounted() throws {
        let dir = TemporaryDirectory("cache-fail")
        defer { dir.remove() }
        // The cache's folder is a file: nothing can be written under it.
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: dir.file("cache")))
        let lines = Lines()
        let logger = Logger(label: "test") { _ in Collector(lines: lines) }
        let cache = SpeechCache(directory: dir.file("cache"), maxBytes: 10_000, logger: logger)
        let clip = SpeechClip(samples: [Float](repeating: 0.1, count: 1_000), sampleRate: 48_000)
        for n in 0..<200 { cache.store(clip, key: "clip-\(n)") }
        // Noise: FLAC cannot make it smaller than about 2 bytes a sample.
        var seed: UInt32 = 1
        let noise: [Float] = (0..<20_000).map { _ in
            seed = seed &* 1_664_525 &+ 1_013_904_223
            return Float(Int32(bitPattern: seed)) / Float(Int32.max) * 0.9
        }
        let big = SpeechClip(samples: noise, sampleRate: 48_000)
        for n in 0..<50 { cache.store(big, key: "big-\(n)") }

        #expect(cache.statistics.failedWrites == 250)
        #expect(lines.all.filter { !$0.contains("directory unusable") } == [
            "warning: cannot write speech cache file (further ones are counted, not logged)",
            "info: speech clip larger than the cache bound, not cached (further ones are counted, not logged)",
        ])
    }
}
