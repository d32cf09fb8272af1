import Foundation
import Logging
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SleepBoxSystem

/// The bundled library's speech rendered ahead of time (the `sleepbox-speech` package,
/// `/usr/share/sleepbox/speech`): a read-only folder of clips in the speech cache's own format
/// and under its own keys (`<key>.flac`, `SpeechCache.key`), which `SpeechCache` reads before its
/// own folder.
///
/// Nothing here ever writes, touches or deletes a file: the folder belongs to the package. A file
/// that is not a valid clip (not a regular file, too large, damaged) is passed over, logged once,
/// and the speech cache renders that clip into its own folder. A changed text, voice, rate or
/// version gives another key, which is simply not here: only what changed is rendered on the box.
///
/// The index (the folder's names) is read once, when the box starts. Thread-safe.
public final class BundledSpeech: @unchecked Sendable {
    /// "speech": the folder's name among the box's data folders (`DataLocations`).
    public static let folderName = "speech"

    /// Where the clips are.
    public let directory: String
    /// The keys of the clips in the folder.
    public let keys: Set<String>

    private let lock = NSLock()
    private var damaged: Set<String> = []
    private var loggedDamage = false
    private let logger: Logger

    /// The clips in `directory` (none when it cannot be read).
    public init(directory: String, logger: Logger = Logger(label: "sleepbox.speech.bundled")) {
        self.directory = directory
        self.logger = logger
        let suffix = "." + SpeechCache.fileExtension
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        keys = Set(names.lazy.filter { $0.hasSuffix(suffix) && !$0.hasPrefix(".") }.map { String($0.dropLast(suffix.count)) })
    }

    /// The package's folder where the box's data folders are (`$SLEEPBOX_SHARE/speech`,
    /// `/usr/local/share/sleepbox/speech`, `/usr/share/sleepbox/speech`, or next to the program),
    /// nil when there is none.
    public static func find(environment: [String: String] = ProcessInfo.processInfo.environment,
                            logger: Logger = Logger(label: "sleepbox.speech.bundled")) -> BundledSpeech? {
        DataLocations.folder(folderName, environment: environment).map { BundledSpeech(directory: $0, logger: logger) }
    }

    /// How many clips the folder holds.
    public var count: Int { keys.count }

    /// The file of `key`.
    public func path(forKey key: String) -> String {
        directory + "/" + key + "." + SpeechCache.fileExtension
    }

    /// Whether the folder has a clip for `key` that has not turned out damaged.
    public func contains(key: String) -> Bool {
        keys.contains(key) && !lock.withLock { damaged.contains(key) }
    }

    /// The clip of `key` (mono, at the rate it was rendered at), nil when there is none or it is
    /// not a valid clip (then it is not asked for again).
    public func load(key: String) -> SpeechClip? {
        guard contains(key: key) else { return nil }
        let path = path(forKey: key)
        guard let bytes = SpeechCache.readFile(path), let decoded = SpeechClipFLAC.decodeFloats(bytes) else {
            markDamaged(key, path: path)
            return nil
        }
        return SpeechClip(samples: decoded.samples, sampleRate: decoded.sampleRate)
    }

    /// The length in seconds of the clip of `key`, from its FLAC header alone; nil when there is
    /// none or its header is not a clip's.
    public func duration(key: String) -> Double? {
        guard contains(key: key) else { return nil }
        let fd = open(path(forKey: key), O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        var header = [UInt8](repeating: 0, count: SpeechClipFLAC.headerSize)
        let got = header.withUnsafeMutableBytes { pread(fd, $0.baseAddress, SpeechClipFLAC.headerSize, 0) }
        guard got == SpeechClipFLAC.headerSize, let info = SpeechClipFLAC.header(header) else { return nil }
        return Double(info.frames) / Double(info.sampleRate)
    }

    private func markDamaged(_ key: String, path: String) {
        let first = lock.withLock { () -> Bool in
            damaged.insert(key)
            defer { loggedDamage = true }
            return !loggedDamage
        }
        if first {
            logger.warning("a pre-rendered speech clip is damaged and left as it is; the box renders that clip itself (reinstall sleepbox-speech to mend it; further ones are not logged)",
                           metadata: ["path": "\(path)"])
        }
    }
}
