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
/// - Key: SHA-256 (GNU Nettle, `SHA256Hex`) of engine, voice name, rate, pitch, engine and voice
///   versions, output sample rate, loudness and text; the file is `<64 hex digits>.flac`, mono
///   16-bit FLAC at the voice's own rate (`SpeechClipFLAC`): the bundled library's speech in
///   about 90 MiB instead of 757 MiB of 48 kHz float. Loaded as it is (`CachedSpeech.voiceClip`):
///   a program resamples each clip as it plays; the greeting is resampled whole.
/// - Files of the earlier format (`<key>.sbclip`, float at the output rate, `SpeechClipFile`) are
///   indexed and counted against the bound; `loadLegacy` reads one so that `CachedSpeech` can
///   convert it instead of rendering it again, `store` deletes the old file of its key, and
///   `removeLegacy` deletes those nobody asked for (after the library was rendered ahead).
/// - Writes are atomic: the whole file is encoded in memory, written with one `write(2)` to a
///   hidden temporary file in the same directory, `fdatasync`ed, then `rename(2)`d over, so a
///   power cut leaves a clip whole or not there (without the sync, 35 clips came out cut short in
///   20 power cuts of the stand-in Pi; one sync per clip is a few a second while rendering ahead).
///   A file damaged anyway (an SD card's own cache) never loads as sound (the FLAC header, the
///   declared sample count and every frame's CRC are checked): it is deleted and rendered again.
///   Leftover temporary files are removed at start.
/// - Bounded by `maxBytes` (file sizes): after each store the least recently used files are deleted
///   until the total fits. Use is the file's modification time, set on store and on every hit, so
///   the order survives restarts.
/// - Keeps a reserve of free space on its filesystem (`SpaceReserve`): before a clip is written,
///   the least recently used files are deleted until it fits above the reserve, and when the
///   cache is empty and it still does not, the clip is not cached (the state file and the history
///   come first). Applied at start too, so a filesystem filled by something else gets space back.
/// - A file that is not a valid clip is deleted and reported as a miss; nothing here traps.
/// - `bundled`, the package's pre-rendered speech (`BundledSpeech`), is asked first: a clip there
///   is used as it is and never written, touched, counted against the bound or evicted.
///
/// Thread-safe (one lock, not held while encoding or decoding). One process should own a directory.
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
        /// Files of the earlier format read for conversion.
        public var legacyLoads = 0
        /// Clips not cached because the filesystem's free space is down to the reserve.
        public var refusedForSpace = 0
        /// Loads (counted in `hits` too) that found the clip in `bundled`.
        public var bundledHits = 0
    }

    /// 1 GiB: about 13 hours of speech as FLAC at 22,050 Hz (some 22 kB a second), far more than
    /// the bundled library's (the daemon sets the bound from `[voice] cache_mb`).
    public static let defaultMaxBytes = 1024 * 1024 * 1024
    /// "flac".
    public static let fileExtension = "flac"
    /// "sbclip": the earlier format, converted or deleted.
    public static let legacyExtension = "sbclip"
    /// The folder name inside the state directory.
    public static let folderName = "speech-cache"

    /// Where the files are.
    public let directory: String
    /// The bound on the total size of the files, in bytes.
    public let maxBytes: Int
    /// The pre-rendered speech read before this folder, read-only; nil when none is installed.
    public let bundled: BundledSpeech?

    struct Entry {
        var bytes: Int
        var lastUse: Date
        /// A file of the earlier format (`legacyExtension`).
        var legacy = false
    }

    private let lock = NSLock()
    /// The files indexed, by key (under `lock`; `SpeechCache+Files` reads the folder into it).
    var entries: [String: Entry] = [:]
    var total = 0
    private var stats = Statistics()
    private let clock: @Sendable () -> Date
    private let space: SpaceReserve.Reader
    private let logger: Logger
    /// The kinds of failure already logged: each is logged once, then only counted in
    /// `statistics` (a full disk fails every clip of a night's rendering ahead).
    private var loggedFailures: Set<FailureKind> = []

    /// What went wrong with a clip, for the log.
    private enum FailureKind: Hashable {
        case tooLarge, write, rename, damaged, space
    }

    /// A cache in `directory` (created if needed), holding at most `maxBytes`. Existing files are
    /// indexed, temporary leftovers deleted and the bound applied. `clock` stamps uses (tests pass
    /// their own), `space` reads the filesystem's free space (tests pass their own). If the
    /// directory cannot be created, every load misses and every store fails (logged), and speech
    /// still works uncached. `creating: false` only reads a folder that is there (a check that
    /// must leave no folder behind). `bundled` is read first, never written.
    public init(directory: String, maxBytes: Int = SpeechCache.defaultMaxBytes, creating: Bool = true,
                bundled: BundledSpeech? = nil, logger: Logger = Logger(label: "sleepbox.speech.cache"),
                clock: @escaping @Sendable () -> Date = { Date() },
                space: @escaping SpaceReserve.Reader = SpaceReserve.statvfsReader) {
        self.directory = directory
        self.maxBytes = max(0, maxBytes)
        self.bundled = bundled
        self.logger = logger
        self.clock = clock
        self.space = space
        do {
            if creating { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
        } catch {
            logger.warning("speech cache directory unusable", metadata: ["path": "\(directory)", "error": "\(error)"])
        }
        lock.lock()
        defer { lock.unlock() }
        scanLocked()
        evictLocked(keeping: nil)
        _ = makeRoomLocked(for: 0)
    }

    /// The free space now and what the cache keeps of it; nil when it cannot be read.
    public var reserve: SpaceReserve? { space(directory).map(SpaceReserve.init) }

    /// The cache in `stateDirectory/speech-cache`.
    public convenience init(stateDirectory: String, maxBytes: Int = SpeechCache.defaultMaxBytes,
                            logger: Logger = Logger(label: "sleepbox.speech.cache")) {
        self.init(directory: stateDirectory + "/" + SpeechCache.folderName, maxBytes: maxBytes, logger: logger)
    }

    /// The key of a render: 64 hex digits of SHA-256 over the voice (engine, name, rate, pitch and
    /// the versions of engine and voice), the output sample rate, the loudness the clip was set to
    /// (nil: as the engine gave it) and the text, separated by NUL bytes (`SHA256Hex`, Nettle).
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

    /// The file of `key` in the earlier format.
    public func legacyPath(forKey key: String) -> String {
        directory + "/" + key + "." + Self.legacyExtension
    }

    /// The length in seconds of the clip stored under `key`, from its FLAC header alone (the
    /// library asks this for every spoken stretch at start, so it must not read whole clips); nil
    /// when there is none, the header is not a clip file's or the file is of the earlier format
    /// (so that rendering ahead converts it).
    public func duration(key: String) -> Double? {
        if let seconds = bundled?.duration(key: key) { return seconds }
        lock.lock()
        let known = entries[key].map { !$0.legacy } ?? false
        lock.unlock()
        // Not in the index: no file to open (a cold cache answers every stretch at once).
        guard known else { return nil }
        let fd = open(path(forKey: key), O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: SpeechClipFLAC.headerSize)
        let got = header.withUnsafeMutableBytes { pread(fd, $0.baseAddress, SpeechClipFLAC.headerSize, 0) }
        guard got == SpeechClipFLAC.headerSize, let info = SpeechClipFLAC.header(header) else { return nil }
        return Double(info.frames) / Double(info.sampleRate)
    }

    /// The clip stored under `key` (mono, at the rate it was stored at, each sample a multiple of
    /// 1/32768), marking it as just used; nil when there is none. A damaged file is deleted (and
    /// counted in `statistics.corruptFiles`) and gives nil.
    public func load(key: String) -> SpeechClip? {
        if let clip = bundled?.load(key: key) {
            lock.withLock { stats.hits += 1; stats.bundledHits += 1 }
            return clip
        }
        let path = path(forKey: key)
        let known = lock.withLock { entries[key].map { !$0.legacy } ?? false }
        guard known, let bytes = Self.readFile(path) else {
            lock.withLock {
                if entries[key]?.legacy == false { forgetLocked(key) }
                stats.misses += 1
            }
            return nil
        }
        guard let decoded = SpeechClipFLAC.decodeFloats(bytes) else {
            lock.withLock {
                logOnceLocked(.damaged, "damaged speech cache file deleted", ["path": "\(path)", "bytes": "\(bytes.count)"])
                removeLocked(key)
                stats.corruptFiles += 1
                stats.misses += 1
            }
            return nil
        }
        lock.withLock {
            noteUseLocked(key: key, path: path, bytes: bytes.count)
            stats.hits += 1
        }
        return SpeechClip(samples: decoded.samples, sampleRate: decoded.sampleRate)
    }

    /// The clip of `key` in the earlier format (float at the rate it was rendered at), for
    /// conversion; nil when there is none. A damaged one is deleted. Not a use: `store` replaces it.
    public func loadLegacy(key: String) -> SpeechClip? {
        let path = legacyPath(forKey: key)
        guard lock.withLock({ entries[key]?.legacy == true }) else { return nil }
        let bytes = Self.readFile(path)
        let clip = bytes.flatMap { bytes in bytes.withUnsafeBytes { SpeechClipFile.decode($0) } }
        lock.withLock {
            if clip == nil {
                logOnceLocked(.damaged, "damaged speech cache file deleted", ["path": "\(path)"])
                removeLocked(key)
                stats.corruptFiles += 1
            } else {
                stats.legacyLoads += 1
            }
        }
        return clip
    }

    /// Deletes every file of the earlier format; returns how many there were.
    @discardableResult
    public func removeLegacy() -> Int {
        lock.withLock {
            let old = entries.filter(\.value.legacy).map(\.key)
            for key in old { removeLocked(key) }
            return old.count
        }
    }

    /// The keys of the clips in the current format, sorted.
    public var keys: [String] {
        lock.withLock { entries.filter { !$0.value.legacy }.map(\.key).sorted() }
    }

    /// How many files of the earlier format are left.
    public var legacyCount: Int {
        lock.withLock { entries.values.filter(\.legacy).count }
    }

    /// Stores `clip` under `key` atomically, rounded to 16 bits (see `quantized`) as FLAC at its
    /// own rate, deletes the key's file of the earlier format, and applies the bound, evicting the
    /// least recently used other files. Returns false (and logs) when the clip could not be encoded
    /// or written or is larger than the whole bound.
    @discardableResult
    public func store(_ clip: SpeechClip, key: String) -> Bool {
        let encoded = SpeechClipFLAC.encode(Self.int16(clip.samples), sampleRate: clip.sampleRate)
        let path = path(forKey: key)
        let temporary = directory + "/." + key + "." + UUID().uuidString + ".part"
        let tooLarge = (encoded?.count ?? 0) > maxBytes
        // Written outside the lock: a long clip must not hold up a load on another thread.
        let roomy = encoded.map { bytes in !tooLarge && lock.withLock { makeRoomLocked(for: bytes.count) } } ?? false
        let written = roomy && Self.writeFile(encoded ?? [], to: temporary)
        lock.lock()
        defer { lock.unlock() }
        guard let bytes = encoded else {
            logOnceLocked(.write, "cannot encode speech cache file", ["rate": "\(clip.sampleRate)"])
            stats.failedWrites += 1
            return false
        }
        guard !tooLarge else {
            logOnceLocked(.tooLarge, "speech clip larger than the cache bound, not cached",
                          ["bytes": "\(bytes.count)", "maxBytes": "\(maxBytes)"], level: .info)
            stats.failedWrites += 1
            return false
        }
        guard roomy else {
            logOnceLocked(.space, "the state filesystem's free space is down to its reserve: speech not cached",
                          ["path": "\(directory)", "reserve": "\(reserve.map(\.summary) ?? "?")"])
            stats.refusedForSpace += 1
            return false
        }
        guard written else {
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
        if entries[key]?.legacy == true { removeLocked(key) }
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

    /// Whether a file for `key` is indexed here or in `bundled` (it may still turn out damaged on load).
    public func contains(key: String) -> Bool {
        bundled?.contains(key: key) == true || lock.withLock { entries[key] != nil }
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
        Self.touch(path, now)
        if let old = entries.updateValue(Entry(bytes: bytes, lastUse: now), forKey: key) { total -= old.bytes }
        total += bytes
    }

    /// Deletes the least recently used files until `bytes` more fit above the reserve of free
    /// space; false when they do not even with the cache empty. True when the space is unknown.
    private func makeRoomLocked(for bytes: Int) -> Bool {
        guard let reading = space(directory) else { return true }
        var short = SpaceReserve(reading: reading).shortfall(adding: bytes)
        while short > 0 {
            guard let victim = entries.min(by: { ($0.value.lastUse, $0.key) < ($1.value.lastUse, $1.key) }) else { return false }
            removeLocked(victim.key)
            stats.evictions += 1
            short -= victim.value.bytes
        }
        return true
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
        guard let gone = entries.removeValue(forKey: key) else {
            unlink(path(forKey: key))
            return
        }
        unlink(gone.legacy ? legacyPath(forKey: key) : path(forKey: key))
        total -= gone.bytes
    }

    /// Drops `key` from the index without touching files (its file is gone).
    private func forgetLocked(_ key: String) {
        if let gone = entries.removeValue(forKey: key) { total -= gone.bytes }
    }
}
