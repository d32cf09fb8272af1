import Foundation
import Logging
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SleepBoxSystem

/// Rendered speech on disk, so that a greeting or a poem is synthesized once and then loads in a
/// millisecond: one file per clip in `directory` (the state directory's `speech-cache/`).
///
/// - Key: SHA-256 (OpenSSL's `SHA256`) of engine, voice name, rate, pitch, engine and voice
///   versions, output sample rate, loudness and text; the file is `<64 hex digits>.sbclip` in the format of `SpeechClipFile`.
/// - Writes are atomic: a hidden temporary file in the same directory, then `rename(2)`. A crash or
///   power cut leaves either the old state or a whole new file; leftovers are removed at start.
///   Files are not fsync'ed: a clip damaged by a power cut is detected on load and rendered again.
/// - Bounded by `maxBytes` (file sizes): after each store the least recently used files are deleted
///   until the total fits. Use is the file's modification time, set on store and on every hit, so
///   the order survives restarts.
/// - A file that is not a valid clip is deleted and reported as a miss; nothing here traps.
///
/// Thread-safe (one lock). One process should own a directory.
public final class SpeechCache: @unchecked Sendable {
    /// Counts since this cache was created.
    public struct Statistics: Sendable, Equatable {
        /// Loads that found a valid clip.
        public var hits = 0
        /// Loads that found nothing (or a damaged file).
        public var misses = 0
        /// Clips written.
        public var stores = 0
        /// Files deleted to stay within the bound.
        public var evictions = 0
        /// Damaged files deleted.
        public var corruptFiles = 0
        /// Writes that failed (disk full, read-only); the clip was still returned.
        public var failedWrites = 0
    }

    /// 1 GiB: about 93 minutes of speech at 48 kHz float (192 000 bytes a second), more than the
    /// bundled library's (the daemon sets the bound from `[voice] cache_mb`).
    public static let defaultMaxBytes = 1024 * 1024 * 1024
    /// "sbclip".
    public static let fileExtension = "sbclip"
    /// The folder name inside the state directory.
    public static let folderName = "speech-cache"

    /// Where the files are.
    public let directory: String
    /// The bound on the total size of the files, in bytes.
    public let maxBytes: Int

    private struct Entry {
        var bytes: Int
        var lastUse: Date
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var total = 0
    private var stats = Statistics()
    private let clock: @Sendable () -> Date
    private let logger: Logger
    /// The kinds of failure already logged: each is logged once, then only counted in
    /// `statistics` (a full disk fails every clip of a night's rendering ahead).
    private var loggedFailures: Set<FailureKind> = []

    /// What went wrong with a clip, for the log.
    private enum FailureKind: Hashable {
        case tooLarge, write, rename, damaged
    }

    /// A cache in `directory` (created if needed), holding at most `maxBytes`. Existing files are
    /// indexed, temporary leftovers deleted and the bound applied. `clock` stamps uses (tests pass
    /// their own). If the directory cannot be created, every load misses and every store fails
    /// (logged), and speech still works uncached.
    public init(directory: String, maxBytes: Int = SpeechCache.defaultMaxBytes,
                logger: Logger = Logger(label: "sleepbox.speech.cache"),
                clock: @escaping @Sendable () -> Date = { Date() }) {
        self.directory = directory
        self.maxBytes = max(0, maxBytes)
        self.logger = logger
        self.clock = clock
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            logger.warning("speech cache directory unusable", metadata: ["path": "\(directory)", "error": "\(error)"])
        }
        lock.lock()
        defer { lock.unlock() }
        scanLocked()
        evictLocked(keeping: nil)
    }

    /// The cache in `stateDirectory/speech-cache`.
    public convenience init(stateDirectory: String, maxBytes: Int = SpeechCache.defaultMaxBytes,
                            logger: Logger = Logger(label: "sleepbox.speech.cache")) {
        self.init(directory: stateDirectory + "/" + SpeechCache.folderName, maxBytes: maxBytes, logger: logger)
    }

    /// The key of a render: 64 hex digits of SHA-256 over the voice (engine, name, rate, pitch and
    /// the versions of engine and voice), the output sample rate, the loudness the clip was set to
    /// (nil: as the engine gave it) and the text, separated by NUL bytes. Wraps OpenSSL's `SHA256`.
    /// A new voice, a new version of one or another setting gives new keys: no stale clip plays.
    public static func key(voice: SpeechVoice, text: String, sampleRate: Int, loudness: Double? = nil) -> String {
        let level = loudness.map { String(format: "%.1fLUFS", $0) } ?? "raw"
        let fields = ["sleepbox-speech-v2", voice.engine, voice.name, String(voice.rate), String(voice.pitch),
                      voice.version, String(sampleRate), level, text]
        return SHA256Hex.digest(fields.joined(separator: "\u{0}"))
    }

    /// The file of `key`.
    public func path(forKey key: String) -> String {
        directory + "/" + key + "." + Self.fileExtension
    }

    /// The length in seconds of the clip stored under `key`, from its header alone (the library
    /// asks this for every spoken stretch at start, so it must not read whole clips); nil when
    /// there is none or the header is not a clip file's.
    public func duration(key: String) -> Double? {
        lock.lock()
        let known = entries[key] != nil
        lock.unlock()
        // Not in the index: no file to open (a cold cache answers every stretch at once).
        guard known else { return nil }
        let fd = open(path(forKey: key), O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: SpeechClipFile.headerSize)
        let got = header.withUnsafeMutableBytes { pread(fd, $0.baseAddress, SpeechClipFile.headerSize, 0) }
        guard got == SpeechClipFile.headerSize, Array(header.prefix(4)) == SpeechClipFile.magic else { return nil }
        let rate = header.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 4, as: UInt32.self).littleEndian }
        let count = header.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self).littleEndian }
        guard rate > 0 else { return nil }
        return Double(count) / Double(rate)
    }

    /// The clip stored under `key`, marking it as just used; nil when there is none. A damaged file
    /// is deleted (and counted in `statistics.corruptFiles`) and gives nil.
    public func load(key: String) -> SpeechClip? {
        lock.lock()
        defer { lock.unlock() }
        let path = path(forKey: key)
        guard let data = FileManager.default.contents(atPath: path) else {
            if let gone = entries.removeValue(forKey: key) { total -= gone.bytes }
            stats.misses += 1
            return nil
        }
        guard let clip = data.withUnsafeBytes({ SpeechClipFile.decode($0) }) else {
            logOnceLocked(.damaged, "damaged speech cache file deleted", ["path": "\(path)", "bytes": "\(data.count)"])
            removeLocked(key)
            stats.corruptFiles += 1
            stats.misses += 1
            return nil
        }
        noteUseLocked(key: key, path: path, bytes: data.count)
        stats.hits += 1
        return clip
    }

    /// Stores `clip` under `key` atomically and applies the bound, evicting the least recently used
    /// other files. Returns false (and logs) when the clip could not be written or is larger than the
    /// whole bound.
    @discardableResult
    public func store(_ clip: SpeechClip, key: String) -> Bool {
        let bytes = SpeechClipFile.encode(clip)
        lock.lock()
        defer { lock.unlock() }
        guard bytes.count <= maxBytes else {
            logOnceLocked(.tooLarge, "speech clip larger than the cache bound, not cached",
                          ["bytes": "\(bytes.count)", "maxBytes": "\(maxBytes)"], level: .info)
            stats.failedWrites += 1
            return false
        }
        let path = path(forKey: key)
        let temporary = directory + "/." + key + "." + UUID().uuidString + ".part"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes)) else {
            logOnceLocked(.write, "cannot write speech cache file", ["path": "\(temporary)"])
            stats.failedWrites += 1
            return false
        }
        guard rename(temporary, path) == 0 else {
            let reason = SystemError.reason(errno: errno)
            unlink(temporary)
            logOnceLocked(.rename, "cannot rename speech cache file", ["path": "\(path)", "error": "\(reason)"])
            stats.failedWrites += 1
            return false
        }
        noteUseLocked(key: key, path: path, bytes: bytes.count)
        stats.stores += 1
        evictLocked(keeping: key)
        return true
    }

    /// Logs `message` the first time a failure of `kind` happens in this cache's life, saying that
    /// later ones are only counted.
    private func logOnceLocked(_ kind: FailureKind, _ message: String, _ metadata: Logger.Metadata,
                               level: Logger.Level = .warning) {
        guard loggedFailures.insert(kind).inserted else { return }
        logger.log(level: level, "\(message) (further ones are counted, not logged)", metadata: metadata)
    }

    /// Whether a file for `key` is indexed (it may still turn out damaged on load).
    public func contains(key: String) -> Bool {
        lock.withLock { entries[key] != nil }
    }

    /// Deletes the clip of `key`, if any.
    public func remove(key: String) {
        lock.withLock { removeLocked(key) }
    }

    /// Deletes every clip.
    public func removeAll() {
        lock.withLock {
            for key in Array(entries.keys) { removeLocked(key) }
        }
    }

    /// The total size of the cached files in bytes.
    public var byteCount: Int {
        lock.withLock { total }
    }

    /// How many clips are cached.
    public var count: Int {
        lock.withLock { entries.count }
    }

    /// Hits, misses, stores, evictions, damaged files and failed writes so far.
    public var statistics: Statistics {
        lock.withLock { stats }
    }

    // MARK: - Under the lock

    /// Indexes `key`'s file at `path`, of `bytes`, as used now, and sets its modification time to
    /// match (the order of use survives restarts).
    private func noteUseLocked(key: String, path: String, bytes: Int) {
        let now = clock()
        touch(path, now)
        if let old = entries.updateValue(Entry(bytes: bytes, lastUse: now), forKey: key) { total -= old.bytes }
        total += bytes
    }

    private func scanLocked() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        let suffix = "." + Self.fileExtension
        for name in names {
            let path = directory + "/" + name
            if name.hasPrefix("."), name.hasSuffix(".part") {
                unlink(path)
                continue
            }
            // lstat(2): a Foundation attributes dictionary per file costs more than the stat itself,
            // and the library's cache holds some 1500 clips.
            var st = stat()
            guard name.hasSuffix(suffix), lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { continue }
            let size = Int(st.st_size)
            let modified = Date(timeIntervalSince1970: Double(st.st_mtim.tv_sec) + Double(st.st_mtim.tv_nsec) / 1e9)
            entries[String(name.dropLast(suffix.count))] = Entry(bytes: size, lastUse: modified)
            total += size
        }
    }

    private func evictLocked(keeping kept: String?) {
        while total > maxBytes {
            // Oldest use first; the key as a tie-break keeps the order deterministic.
            guard let victim = entries.filter({ $0.key != kept })
                .min(by: { ($0.value.lastUse, $0.key) < ($1.value.lastUse, $1.key) })?.key else { return }
            removeLocked(victim)
            stats.evictions += 1
            logger.debug("speech cache eviction", metadata: ["key": "\(victim)"])
        }
    }

    private func removeLocked(_ key: String) {
        unlink(path(forKey: key))
        if let gone = entries.removeValue(forKey: key) { total -= gone.bytes }
    }

    private func touch(_ path: String, _ date: Date) {
        try? FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: path)
    }
}
