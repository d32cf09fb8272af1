import Foundation
import SleepBoxSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The speech cache's samples and files: 16-bit samples, one `read(2)` for a clip, a synced
/// write for a new one, the time of use as the file's modification time.
extension SpeechCache {
    /// `clip` as the cache keeps it: each sample rounded to 16 bits (a multiple of 1/32768,
    /// within -1...32767/32768; NaN becomes 0). Loading a stored clip gives exactly this.
    public static func quantized(_ clip: SpeechClip) -> SpeechClip {
        SpeechClip(samples: floats(int16(clip.samples)), sampleRate: clip.sampleRate)
    }

    static func int16(_ samples: [Float]) -> [Int16] {
        samples.map { x in
            guard x.isFinite else { return 0 }
            return Int16((max(-1, min(32_767.0 / 32_768, x)) * 32_768).rounded())
        }
    }

    static func floats(_ samples: [Int16]) -> [Float] {
        samples.map { Float($0) * (1 / 32_768) }
    }

    /// The whole clip file at `path` when it is a regular file of at most `clipSizeLimit` bytes
    /// (`RegularFile.read`: a FIFO or a device put in the cache is never read); nil otherwise.
    static func readFile(_ path: String) -> [UInt8]? {
        guard case .success(let bytes) = RegularFile.read(path, limit: clipSizeLimit) else { return nil }
        return bytes
    }

    /// The largest clip file read: 64 MiB (a clip is a sentence or a paragraph, kilobytes).
    static let clipSizeLimit = 64 << 20

    /// Writes `bytes` to `path` (created, truncated) with as few `write(2)`s as the kernel allows.
    static func writeFile(_ bytes: [UInt8], to path: String) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + done, bytes.count - done) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { close(fd); unlink(path); return false }
            done += n
        }
        // On the disk before the rename makes it a clip: a power cut leaves the whole file or none.
        guard fdatasync(fd) == 0 else { close(fd); unlink(path); return false }
        guard close(fd) == 0 else { unlink(path); return false }
        return true
    }

    /// Sets the modification time with one `utimensat(2)` (Foundation's attributes call stats and
    /// converts around it, a good part of a load's time).
    static func touch(_ path: String, _ date: Date) {
        let t = date.timeIntervalSince1970
        let whole = t.rounded(.down)
        let stamp = timespec(tv_sec: Int(whole), tv_nsec: Int((t - whole) * 1e9))
        // Access and modification time alike (UTIME_OMIT is a macro Swift does not see).
        var times = [stamp, stamp]
        _ = utimensat(AT_FDCWD, path, &times, 0)
    }

    /// Indexes the folder's clips (both formats; the new one wins a key held twice) and
    /// deletes the temporary files a crash left. Under the lock.
    func scanLocked() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        let suffix = "." + Self.fileExtension
        let legacySuffix = "." + Self.legacyExtension
        var legacy: [String: Entry] = [:]
        for name in names {
            let path = directory + "/" + name
            if name.hasPrefix("."), name.hasSuffix(".part") {
                unlink(path)
                continue
            }
            let isLegacy = name.hasSuffix(legacySuffix)
            // lstat(2): a Foundation attributes dictionary per file costs more than the stat itself,
            // and the library's cache holds some 1500 clips.
            var st = stat()
            guard name.hasSuffix(suffix) || isLegacy, lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { continue }
            let size = Int(st.st_size)
            let modified = Date(timeIntervalSince1970: Double(st.st_mtim.tv_sec) + Double(st.st_mtim.tv_nsec) / 1e9)
            let entry = Entry(bytes: size, lastUse: modified, legacy: isLegacy)
            let key = String(name.dropLast(isLegacy ? legacySuffix.count : suffix.count))
            if isLegacy { legacy[key] = entry } else { entries[key] = entry }
            total += size
        }
        // Both formats of one key: the new file wins (a conversion that stopped before the delete).
        for (key, entry) in legacy {
            if entries[key] == nil {
                entries[key] = entry
            } else {
                unlink(legacyPath(forKey: key))
                total -= entry.bytes
            }
        }
    }
}
